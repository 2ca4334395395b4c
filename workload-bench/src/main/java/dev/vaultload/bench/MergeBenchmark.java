package dev.vaultload.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vaultload.fixture.OperationType;
import dev.vaultload.parse.RunMerge;
import dev.vaultload.scaleout.ShardResults;
import dev.vaultload.stats.LatencyHistograms;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * How the merge scales with shards and run length (where warp's coordinator hangs at 30 clients). Two steps, each
 * its own JVM, run by scripts/merge-bench.sh:
 * <ul>
 *   <li>{@code merge make TEMPLATE_SHARD_FOLDER RUN_FOLDER SHARDS SECONDS}: synthetic shards of one run from a real
 *   shard's folder: its JSON with the shard index changed, and an interval log of SECONDS one-second periods per
 *   shard, one histogram per replayed operation type a period, with lognormal-ish latencies;</li>
 *   <li>{@code merge run RUN_FOLDER OUT_FOLDER}: {@link RunMerge} on it, in a JVM whose heap the script caps,
 *   printing the wall time and the old generation's peak (what outlived young collections).</li>
 * </ul>
 */
@Command(name = "merge", mixinStandardHelpOptions = true,
        description = "How the merge scales: make synthetic shards, then run the merge on them, timed")
final class MergeBenchmark implements Runnable {
    private static final List<OperationType> REPLAYED = List.of(OperationType.WRITE, OperationType.READ,
            OperationType.SHARE, OperationType.LIST, OperationType.DELETE);
    private static final int OPERATIONS_PER_TYPE_AND_SECOND = 200;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing subcommand: make or run");
    }

    @Command(name = "make", mixinStandardHelpOptions = true,
            description = "SHARDS synthetic shards of SECONDS one-second periods in RUN_FOLDER, from a real shard's folder")
    int make(@Parameters(index = "0", paramLabel = "TEMPLATE_SHARD_FOLDER") Path template,
             @Parameters(index = "1", paramLabel = "RUN_FOLDER") Path runFolder,
             @Parameters(index = "2", paramLabel = "SHARDS") int shards,
             @Parameters(index = "3", paramLabel = "SECONDS") int seconds) throws IOException {
        Path templateJson = only(template, ".json");
        ObjectMapper mapper = new ObjectMapper();
        JsonNode json = mapper.readTree(templateJson.toFile());
        long startMillis = System.currentTimeMillis() - seconds * 1000L;
        for (int index = 0; index < shards; index++) {
            Path folder = Files.createDirectories(runFolder.resolve("shard-" + index));
            ObjectNode shardJson = json.deepCopy();
            ((ObjectNode) shardJson.get("shard")).put("index", index).put("count", shards);
            String name = templateJson.getFileName().toString().replace(".json", "");
            mapper.writeValue(folder.resolve(name + ".json").toFile(), shardJson);
            writeIntervalLog(folder.resolve(name + ".hlog"), startMillis, seconds, new SplittableRandom(index));
            Files.writeString(folder.resolve(ShardResults.DONE), ShardResults.PASSED);
        }
        System.out.printf(Locale.ROOT, "made %d shards of %d one-second periods in %s%n", shards, seconds, runFolder);
        return BenchCommand.RAN;
    }

    private static void writeIntervalLog(Path file, long startMillis, int seconds, SplittableRandom random)
            throws IOException {
        try (PrintStream out = new PrintStream(Files.newOutputStream(file), false, StandardCharsets.UTF_8)) {
            HistogramLogWriter writer = new HistogramLogWriter(out);
            writer.outputLogFormatVersion();
            writer.outputStartTime(startMillis);
            writer.setBaseTime(startMillis);
            writer.outputBaseTime(startMillis);
            writer.outputLegend();
            Histogram period = LatencyHistograms.histogram();
            for (int second = 0; second < seconds; second++) {
                for (OperationType type : REPLAYED) {
                    period.reset();
                    for (int i = 0; i < OPERATIONS_PER_TYPE_AND_SECOND; i++) {
                        period.recordValue((long) (300 * Math.exp(random.nextGaussian() * 0.5)));
                    }
                    period.setStartTimeStamp(startMillis + second * 1000L);
                    period.setEndTimeStamp(startMillis + (second + 1) * 1000L);
                    period.setTag(type.name());
                    writer.outputIntervalHistogram(period);
                }
            }
        }
    }

    @Command(name = "run", mixinStandardHelpOptions = true,
            description = "The merge of RUN_FOLDER into OUT_FOLDER: wall time and the old generation's peak")
    int run(@Parameters(index = "0", paramLabel = "RUN_FOLDER") Path runFolder,
            @Parameters(index = "1", paramLabel = "OUT_FOLDER") Path outFolder) throws IOException {
        long startNanos = System.nanoTime();
        RunMerge.Outcome outcome = new RunMerge().merge(runFolder, outFolder);
        double seconds = (System.nanoTime() - startNanos) / 1e9;
        // what survived young collections: the pools' peaks come at different times, so their sum would overstate it
        long oldPeakBytes = ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(pool -> pool.getType() == MemoryType.HEAP && pool.getName().contains("Old"))
                .map(MemoryPoolMXBean::getPeakUsage).mapToLong(usage -> usage.getUsed()).sum();
        System.out.printf(Locale.ROOT, "merged %s: %s, %.1f s, within a %.0f MiB heap (old generation peak %.0f MiB)%n",
                runFolder, outcome.complete() ? "complete" : "partial", seconds,
                Runtime.getRuntime().maxMemory() / 1048576.0, oldPeakBytes / 1048576.0);
        return BenchCommand.RAN;
    }

    private static Path only(Path folder, String suffix) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(file -> file.toString().endsWith(suffix)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("no *" + suffix + " in " + folder));
        }
    }
}
