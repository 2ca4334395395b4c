package dev.vaultload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vaultload.cli.InProcessCli.Outcome;
import dev.vaultload.storage.StorageProviders;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code vaultload run --threshold} on the MEMORY store, end to end: a breach exits 3 after every result is written,
 * with its verdict in the JSON, on stderr and on report.html; thresholds that hold exit 0; a bad one is refused before
 * any store starts.
 */
class ThresholdRunTest {
    private static final List<String> SMALL_RUN = List.of("run", "--storage-providers", "MEMORY", "--threads", "1",
            "--file-sizes", "1", "--kdf-iterations", "1000", "--period", "1s");
    private static final InProcessCli CLI = new InProcessCli();

    @TempDir
    Path reports;

    @Test
    void aBreachExitsWithItsOwnStatusAfterEveryResultIsWritten() throws IOException {
        // no READ is faster than a microsecond; errors stay at 0
        Outcome outcome = run("--threshold", "READ p50 < 1us", "--threshold", "errors < 0.1%", "--THRESHOLDS",
                "WRITE ops/s > 0.001");

        assertEquals(ExitCodes.THRESHOLD_BREACHED, outcome.exitCode(), outcome.err());
        assertTrue(outcome.err().contains("broke its thresholds:\n  FAILED   READ p50 < 1us: measured "), outcome.err());
        assertFalse(outcome.err().contains("errors < 0.1%"), "only the broken one on stderr: " + outcome.err());

        JsonNode thresholds = new ObjectMapper().readTree(onlyFile(".json").toFile()).get("thresholds");
        List<String> verdicts = new ArrayList<>();
        thresholds.forEach(verdict -> verdicts.add(verdict.get("threshold").asText() + " " + verdict.get("verdict").asText()));
        assertEquals(List.of("WRITE ops/s > 0.001 PASSED", "READ p50 < 1us FAILED", "errors < 0.1% PASSED"), verdicts);
        assertTrue(thresholds.get(1).get("measured").asDouble() > 0.001, thresholds::toString);
        assertEquals("ms", thresholds.get(1).get("unit").asText());

        String page = Files.readString(reports.resolve("report.html"));
        assertTrue(page.contains("THRESHOLDS BROKEN") && page.contains("<code>READ p50 &lt; 1us</code>"), "verdicts on the page");
    }

    @Test
    void thresholdsThatHoldExitZeroAndAreStillReported() throws IOException {
        Outcome outcome = run("--threshold", "READ p99 < 60s", "--threshold", "errors < 0.1%", "--threshold",
                "cpu ms/op < 60000");

        assertEquals(ExitCodes.OK, outcome.exitCode(), outcome.err());
        JsonNode thresholds = new ObjectMapper().readTree(onlyFile(".json").toFile()).get("thresholds");
        assertEquals(3, thresholds.size());
        thresholds.forEach(verdict -> assertEquals("PASSED", verdict.get("verdict").asText(), verdict::toString));
        assertFalse(Files.readString(reports.resolve("report.html")).contains("THRESHOLDS BROKEN"));
    }

    @Test
    void aRateRunIsJudgedToo() throws IOException {
        Outcome outcome = run("--mode", "RATE", "--rate", "50", "--duration", "1s", "--operation", "WRITE",
                "--threshold", "WRITE ops/s > 100000");

        assertEquals(ExitCodes.THRESHOLD_BREACHED, outcome.exitCode(), outcome.err());
        JsonNode verdict = new ObjectMapper().readTree(onlyFile(".json").toFile()).get("thresholds").get(0);
        assertEquals("FAILED", verdict.get("verdict").asText());
    }

    @Test
    void aHeadroomRunIsJudgedOnItsKneeStep() throws IOException {
        Outcome outcome = InProcessCli.execute(StorageProviders::named, List.of("run", "--storage-providers", "MEMORY",
                "--file-sizes", "1", "--kdf-iterations", "1000", "--report-dir", reports.toString(), "--mode", "HEADROOM",
                "--max-threads", "2", "--operations-per-step", "40", "--threshold", "ops/s > 100000",
                "--threshold", "errors < 1%"));

        assertEquals(ExitCodes.THRESHOLD_BREACHED, outcome.exitCode(), outcome.err());
        JsonNode thresholds = new ObjectMapper().readTree(onlyFile(".json").toFile()).get("thresholds");
        assertEquals("FAILED", thresholds.get(0).get("verdict").asText());
        assertEquals("PASSED", thresholds.get(1).get("verdict").asText());
    }

    @Test
    void anAbortOnFailThresholdStopsTheRunEarly() throws IOException {
        Outcome outcome = run("--mode", "RATE", "--rate", "50", "--duration", "30s", "--warmup", "0", "--operation", "WRITE",
                "--threshold", "p50 < 1us abortOnFail");

        assertEquals(ExitCodes.THRESHOLD_BREACHED, outcome.exitCode(), outcome.err());
        JsonNode result = new ObjectMapper().readTree(onlyFile(".json").toFile());
        JsonNode verdict = result.get("thresholds").get(0);
        assertTrue(verdict.get("stoppedRunAfterMillis").asLong() < 10_000, verdict::toString);
        assertTrue(result.get("wallClockMillis").asLong() < 15_000, "stopped long before 30 s: " + result.get("wallClockMillis"));
    }

    /**
     * A shard in a Kubernetes Job (EXIT_ZERO_WHEN_DONE, which `vaultload cluster job` sets) exits 0 once its done is
     * written, whatever its verdict: a non-zero exit would have the kubelet restart its container (OnFailure).
     */
    @Test
    void aShardThatWroteItsDoneExitsZeroWhenAskedTo() throws IOException {
        Outcome outcome = run("--results-url", reports.resolve("results").toString(), "--run-id", "k8s",
                "--exit-zero-when-done", "true", "--threshold", "READ p50 < 1us");

        assertEquals(ExitCodes.OK, outcome.exitCode(), outcome.err());
        assertTrue(outcome.err().contains("broke its thresholds:\n  FAILED   READ p50 < 1us: measured "), outcome.err());
        assertEquals("passed", Files.readString(reports.resolve("results/k8s/shard-0/done")).strip(),
                "its verdict is in done (the merge judges thresholds itself)");
    }

    /**
     * The same RUN_ID started again after its process ended takes the finished combination from that life instead of
     * running it: the threshold it broke then still gives the exit status and the last line.
     */
    @Test
    void aBreachInAnEarlierLifeStillExitsThree() {
        Outcome first = run("--run-id", "again", "--threshold", "READ p50 < 1us");
        assertEquals(ExitCodes.THRESHOLD_BREACHED, first.exitCode(), first.err());

        Outcome again = run("--run-id", "again", "--threshold", "READ p50 < 1us");

        assertEquals(ExitCodes.THRESHOLD_BREACHED, again.exitCode(), again.out() + again.err());
        assertTrue(again.out().contains("(passed, thresholds broken; its result is in "), again.out());
        assertTrue(again.out().contains("FAILED: 1 combination taken from an earlier life (1 broke thresholds: "),
                again.out());
    }

    @Test
    void aBadThresholdIsRefusedBeforeAnyStoreStarts() {
        CLI.assertRefused(Stream.concat(SMALL_RUN.stream(), Stream.of("--report-dir", reports.toString(),
                "--threshold", "READ p98 < 50ms")).toList(), "Invalid threshold 'READ p98 < 50ms' in --threshold",
                "unknown metric 'p98'");
        CLI.assertRefused(Stream.concat(SMALL_RUN.stream(), Stream.of("--report-dir", reports.toString(),
                "--THRESHOLDS", "REED p99 < 50ms")).toList(), "in THRESHOLDS", "unknown operation 'REED'");
        CLI.assertRefused(List.of("run", "--storage-providers", "MEMORY", "--report-dir", reports.toString(), "--mode",
                "HEADROOM", "--threshold", "p99 < 5ms abortOnFail"), "abortOnFail does not apply to --mode HEADROOM");
    }

    private Outcome run(String... args) {
        return InProcessCli.execute(StorageProviders::named, Stream.concat(SMALL_RUN.stream(),
                Stream.concat(Stream.of("--report-dir", reports.toString()), Stream.of(args))).toList());
    }

    private Path onlyFile(String suffix) throws IOException {
        try (Stream<Path> files = Files.list(reports)) {
            List<Path> matching = files.filter(file -> file.toString().endsWith(suffix)).toList();
            assertEquals(1, matching.size(), () -> "one *" + suffix + " in " + reports + ": " + matching);
            return matching.getFirst();
        }
    }
}
