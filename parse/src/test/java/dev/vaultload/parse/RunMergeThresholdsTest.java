package dev.vaultload.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.fixture.OperationType;
import dev.vaultload.report.RunResult;
import dev.vaultload.report.ThresholdVerdict;
import dev.vaultload.report.Thresholds;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A merge judges its thresholds on the merged figures, and writes their verdicts into the merged JSON and page. */
class RunMergeThresholdsTest {
    @TempDir
    Path folder;

    @Test
    void theMergedFiguresAreJudgedNotEachShards() throws IOException {
        Path run = folder.resolve("r1");
        for (int index = 0; index < 3; index++) {
            RunMergeOverlapTest.shard(run, index, 3, 0);
        }
        List<Double> shardReadsPerSecond = new ArrayList<>();
        for (int index = 0; index < 3; index++) {
            shardReadsPerSecond.add(JsonResultReader.runResult(only(run.resolve("shard-" + index))).operations().stream()
                    .filter(operation -> operation.type() == OperationType.READ).findFirst().orElseThrow().opsPerSecond());
        }
        double allShards = shardReadsPerSecond.stream().mapToDouble(Double::doubleValue).sum();
        double fastestShard = shardReadsPerSecond.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        // more than any one shard's reads, fewer than the three shards' together
        String throughput = String.format(Locale.ROOT, "READ ops/s > %.1f", (fastestShard + allShards) / 2);
        Thresholds thresholds = Thresholds.parse("--threshold", List.of(throughput, "READ p99 < 1us"));

        RunMerge.Outcome outcome = new RunMerge(thresholds).merge(run, folder.resolve("merged"));

        assertTrue(outcome.complete());
        Path json = outcome.written().stream().filter(file -> file.toString().endsWith(".json")).findFirst().orElseThrow();
        RunResult merged = JsonResultReader.runResult(json);
        List<ThresholdVerdict> verdicts = merged.thresholds();
        assertEquals(List.of(throughput, "READ p99 < 1us"), verdicts.stream().map(ThresholdVerdict::threshold).toList());
        assertEquals(ThresholdVerdict.Verdict.PASSED, verdicts.get(0).verdict(), verdicts.get(0)::line);
        assertEquals(allShards, verdicts.get(0).measured(), 1e-6);
        assertEquals(ThresholdVerdict.Verdict.FAILED, verdicts.get(1).verdict(), verdicts.get(1)::line);
        assertTrue(merged.thresholdsBreached());
        assertTrue(Files.readString(folder.resolve("merged/report.html")).contains("THRESHOLDS BROKEN"));
    }

    private static Path only(Path shardFolder) throws IOException {
        try (var files = Files.list(shardFolder)) {
            return files.filter(file -> file.toString().endsWith(".json")).findFirst().orElseThrow();
        }
    }
}
