package dev.vaultload.history;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.EngineDescription;
import dev.vaultload.fixture.OperationType;
import dev.vaultload.report.CpuUsage;
import dev.vaultload.report.Environment;
import dev.vaultload.report.ObjectOutcomes;
import dev.vaultload.report.RunResult;
import dev.vaultload.report.RunMode;
import dev.vaultload.report.RunSetup;
import dev.vaultload.report.RunTiming;
import dev.vaultload.report.Thresholds;
import dev.vaultload.stats.ErrorMode;
import dev.vaultload.stats.OperationStatistics;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.HdrHistogram.Histogram;

/** Results of known figures: READ and WRITE, 100 operations each at one latency, on a storage and cipher given. */
final class SampleResults {

    private SampleResults() {
    }

    /** @param readMillis every READ's latency; WRITEs take twice as long; READ ops/s is 1000 / readMillis */
    static RunResult result(Instant startedAt, String storage, CipherSuite cipher, double readMillis, String commit,
                            String... thresholds) {
        return result(startedAt, storage, cipher, readMillis, 0, commit, thresholds);
    }

    /** @param workerNice the nice value the run's workers had */
    static RunResult result(Instant startedAt, String storage, CipherSuite cipher, double readMillis, int workerNice,
                            String commit, String... thresholds) {
        long readMicros = Math.round(readMillis * 1000);
        List<OperationStatistics> operations = List.of(statistics(OperationType.READ, readMicros),
                statistics(OperationType.WRITE, 2 * readMicros));
        RunResult result = new RunResult(new RunSetup(RunMode.FIXTURE, "RandomActionsOnDatasafeTest", storage, storage.toLowerCase(), 2, 100,
                "SMALL", 200, ErrorMode.FAIL_FAST, 0, 0, workerNice),
                new EngineDescription("VAULTLOAD", cipher, "X25519", 1000), new RunTiming(startedAt.toString(), 1000, 1, null),
                operations, Map.of(), List.of(), Map.of(), ObjectOutcomes.NONE, new CpuUsage(100, 80, 200), null, Map.of(),
                new Environment("25", "vm", 2, 1 << 30, "linux", "host-a", commit, null), null, null, null, null, null);
        return Thresholds.parse("test", List.of(thresholds)).judge(result);
    }

    /** {@code result} as if run by the engine given, with its cipher, key pair and KDF iterations. */
    static RunResult withEngine(RunResult result, EngineDescription engine) {
        return with(result, engine, result.storageDetails(), result.environment());
    }

    /** {@code result} as if run over this many buckets (the multi-bucket suite names them in storageDetails). */
    static RunResult withBuckets(RunResult result, int buckets) {
        return with(result, result.engineDescription(), Map.of("buckets",
                IntStream.range(0, buckets).mapToObj(index -> "bucket-" + index).toList()), result.environment());
    }

    /** {@code result} as if measured on another machine. */
    static RunResult onMachine(RunResult result, int cores, String jdk, String host) {
        Environment environment = result.environment();
        return with(result, result.engineDescription(), result.storageDetails(), new Environment(jdk, environment.jvm(),
                cores, environment.maxHeapBytes(), environment.os(), host, environment.gitCommit(),
                environment.cryptoCeiling()));
    }

    private static RunResult with(RunResult result, EngineDescription engine, Map<String, Object> storageDetails,
                                  Environment environment) {
        return new RunResult(result.setup(), engine, result.timing(), result.operations(), result.errors(), result.failures(),
                result.failureGroups(), result.objects(), result.cpu(), result.health(), storageDetails, environment,
                result.shard(), result.merge(), result.headroom(), result.rate(), result.thresholds());
    }

    private static OperationStatistics statistics(OperationType type, long micros) {
        Histogram latencies = new Histogram(3);
        latencies.recordValueWithCount(micros, 100);
        return OperationStatistics.merged(type, latencies, 100 * micros, 100 * 102_400L, Map.of(), 1000,
                1_000_000.0 / micros, 100 * 0.1 * 1_000_000.0 / micros / 100);
    }
}
