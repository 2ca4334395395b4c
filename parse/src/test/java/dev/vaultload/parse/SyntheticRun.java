package dev.vaultload.parse;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.EngineDescription;
import dev.vaultload.engine.Engines;
import dev.vaultload.fixture.OperationType;
import dev.vaultload.report.CpuUsage;
import dev.vaultload.report.Failure;
import dev.vaultload.report.HistogramIntervalLog;
import dev.vaultload.report.JsonReportWriter;
import dev.vaultload.report.ObjectOutcomes;
import dev.vaultload.report.RateSection;
import dev.vaultload.report.RunResult;
import dev.vaultload.report.RunMode;
import dev.vaultload.report.RunSetup;
import dev.vaultload.report.RunTiming;
import dev.vaultload.report.ShardRun;
import dev.vaultload.stats.ErrorClass;
import dev.vaultload.stats.ErrorMode;
import dev.vaultload.stats.HealthSample;
import dev.vaultload.stats.Interval;
import dev.vaultload.stats.OperationStatistics;
import dev.vaultload.stats.SoakHealth;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * A run made up with chosen latencies, failures and health, written as a run writes it (its JSON by
 * {@link JsonReportWriter}, its .hlog by {@link HistogramIntervalLog}): what the page tests need and a real run of a
 * few seconds cannot give (a one-second CREATE_USER beside a 60-microsecond LIST, a 72-hour soak, shards waiting
 * for START_AT). Latencies are lognormal around each operation's median, seeded: the same settings write the same run.
 */
final class SyntheticRun {
    /** CREATE_USER runs in the first period; the replay's periods follow, after {@link #waitMillis}. */
    private static final int USERS = 20;
    private static final double SIGMA = 0.3;

    /** One operation type of the replay: its median latency and how many complete each period. */
    record Load(OperationType type, double medianMicros, int perPeriod) {
    }

    private CipherSuite cipher = CipherSuite.AES256_GCM;
    private long startMillis = 1_800_000_000_000L;
    private long periodMillis = 1000;
    private int periods = 60;
    private long waitMillis;
    private double createUserMedianMicros = 1_000_000;
    private List<Load> loads = List.of(new Load(OperationType.WRITE, 22_000, 20),
            new Load(OperationType.READ, 2_000, 20), new Load(OperationType.LIST, 60, 20));
    private final Map<Integer, Map<ErrorClass, Long>> failuresByPeriod = new TreeMap<>();
    private long warmupMillis;
    private int failuresKept;
    private int failureGroups;
    private boolean health;
    private Double rateOpsPerSecond;
    private ShardRun shard;
    private long seed = 1;

    SyntheticRun cipher(CipherSuite value) {
        cipher = value;
        return this;
    }

    SyntheticRun startingAt(long epochMillis) {
        startMillis = epochMillis;
        return this;
    }

    SyntheticRun periods(int count, long millis) {
        periods = count;
        periodMillis = millis;
        return this;
    }

    /** Nothing is logged between the users' creation and the replay for this long (a wait for START_AT). */
    SyntheticRun waiting(long millis) {
        waitMillis = millis;
        return this;
    }

    SyntheticRun loads(List<Load> value) {
        loads = value;
        return this;
    }

    SyntheticRun createUserMedian(double micros) {
        createUserMedianMicros = micros;
        return this;
    }

    /** {@code count} failures of {@code errorClass} in replay period {@code period}. */
    SyntheticRun failing(int period, ErrorClass errorClass, long count) {
        failuresByPeriod.computeIfAbsent(period, unused -> new EnumMap<>(ErrorClass.class)).merge(errorClass, count, Long::sum);
        return this;
    }

    SyntheticRun warmup(long millis) {
        warmupMillis = millis;
        return this;
    }

    /** The JSON keeps {@code kept} failures (each with a long message) counted in {@code groups} groups. */
    SyntheticRun failuresKept(int kept, int groups) {
        failuresKept = kept;
        failureGroups = groups;
        return this;
    }

    /** Health sampled as a soak keeps it: at most {@link dev.vaultload.stats.HealthSeries#MAX_SAMPLES} samples. */
    SyntheticRun withHealth() {
        health = true;
        return this;
    }

    /** A RATE run at this target: its service times are 0.8 of its latencies from the intended start. */
    SyntheticRun rate(double opsPerSecond) {
        rateOpsPerSecond = opsPerSecond;
        return this;
    }

    SyntheticRun shard(ShardRun value) {
        shard = value;
        return this;
    }

    SyntheticRun seed(long value) {
        seed = value;
        return this;
    }

    long replayStartMillis() {
        return startMillis + periodMillis + waitMillis;
    }

    long replayEndMillis() {
        return replayStartMillis() + periods * periodMillis;
    }

    /** Writes {@code folder/name.json} and {@code folder/name.hlog}; returns the JSON. */
    Path write(Path folder, String name) {
        Path json = folder.resolve(name + ".json");
        SplittableRandom random = new SplittableRandom(seed);
        Map<OperationType, Histogram> totals = new EnumMap<>(OperationType.class);
        Map<ErrorClass, Long> errors = new EnumMap<>(ErrorClass.class);
        for (ErrorClass errorClass : ErrorClass.values()) {
            errors.put(errorClass, 0L);
        }
        try (HistogramIntervalLog log = new HistogramIntervalLog(IntervalLog.besideJson(json), "synthetic " + name)) {
            Histogram users = periodHistogram();
            record(users, random, createUserMedianMicros, USERS);
            addRecorded(totals.computeIfAbsent(OperationType.CREATE_USER, unused -> new Histogram(3)), users);
            log.onInterval(new Interval(0, startMillis, startMillis + periodMillis, Map.of(OperationType.CREATE_USER, users),
                    0, 0, Map.copyOf(errors), periodMillis, false));
            Map<OperationType, Histogram> latencies = new EnumMap<>(OperationType.class);
            loads.forEach(load -> latencies.put(load.type(), periodHistogram()));
            for (int period = 0; period < periods; period++) {
                for (Load load : loads) {
                    Histogram inPeriod = latencies.get(load.type());
                    inPeriod.reset();
                    record(inPeriod, random, load.medianMicros(), load.perPeriod());
                    addRecorded(totals.computeIfAbsent(load.type(), unused -> new Histogram(3)), inPeriod);
                }
                failuresByPeriod.getOrDefault(period, Map.of()).forEach((errorClass, count) -> errors.merge(errorClass, count, Long::sum));
                long start = replayStartMillis() + period * periodMillis;
                log.onInterval(new Interval(period + 1, start, start + periodMillis, latencies, 0, 0, Map.copyOf(errors),
                        start + periodMillis - startMillis, period == periods - 1));
            }
        }
        new JsonReportWriter(json).write(result(totals, errors, random));
        return json;
    }

    private RunResult result(Map<OperationType, Histogram> totals, Map<ErrorClass, Long> errors, SplittableRandom random) {
        long wallClockMillis = replayEndMillis() - startMillis;
        List<OperationStatistics> operations = new ArrayList<>();
        totals.forEach((type, histogram) -> operations.add(statistics(type, histogram, wallClockMillis, 1.0)));
        RateSection rate = rateOpsPerSecond == null ? null : new RateSection(rateOpsPerSecond, rateOpsPerSecond * 0.99, 0.01,
                true, totals.entrySet().stream().map(entry -> statistics(entry.getKey(), entry.getValue(), wallClockMillis, 0.8))
                .toList(), 0);
        return new RunResult(
                new RunSetup(rate == null ? RunMode.FIXTURE : RunMode.RATE, "SyntheticRun", "MEMORY", "synthetic", 2, 100, "SMALL", 200, ErrorMode.CONTINUE,
                        wallClockMillis, warmupMillis, 0),
                new EngineDescription(Engines.DEFAULT, cipher, "X25519", 1000),
                new RunTiming(Instant.ofEpochMilli(startMillis).toString(), wallClockMillis, 1, null),
                operations, Map.copyOf(errors), failures(random), groups(), ObjectOutcomes.NONE, new CpuUsage(1, 1, 1),
                health ? health(wallClockMillis) : null, Map.of(), ResultFixtures.ENVIRONMENT, shard, null, null, rate, null);
    }

    private static OperationStatistics statistics(OperationType type, Histogram recorded, long wallClockMillis, double scale) {
        Histogram latencies = new Histogram(3);
        recorded.recordedValues().forEach(bucket -> latencies.recordValueWithCount(
                Math.max(1, Math.round(bucket.getValueIteratedTo() * scale)), bucket.getCountAtValueIteratedTo()));
        long sumMicros = Math.round(latencies.getMean() * latencies.getTotalCount());
        double opsPerSecond = latencies.getTotalCount() * 1000.0 / wallClockMillis;
        return OperationStatistics.merged(type, latencies, sumMicros, 0, Map.of(), wallClockMillis, opsPerSecond, 0);
    }

    /**
     * One type's histogram, reset every period: a 72-hour run writes over a hundred thousand, and encoding them is
     * what writing the log costs, so they hold two significant digits and 100 s (a run's hold three and an hour).
     */
    private static Histogram periodHistogram() {
        return new Histogram(1, 100_000_000, 2);
    }

    private static void record(Histogram histogram, SplittableRandom random, double medianMicros, int count) {
        for (int index = 0; index < count; index++) {
            histogram.recordValue(Math.max(1, Math.round(medianMicros * Math.exp(SIGMA * gaussian(random)))));
        }
    }

    /** Adds the non-empty buckets only: {@link Histogram#add} walks every bucket of the source. */
    private static void addRecorded(Histogram target, Histogram source) {
        source.recordedValues().forEach(bucket -> target.recordValueWithCount(bucket.getValueIteratedTo(),
                bucket.getCountAtValueIteratedTo()));
    }

    /** Box-Muller: SplittableRandom has no nextGaussian. */
    private static double gaussian(SplittableRandom random) {
        return Math.sqrt(-2 * Math.log(1 - random.nextDouble())) * Math.cos(2 * Math.PI * random.nextDouble());
    }

    private List<Failure> failures(SplittableRandom random) {
        List<Failure> failures = new ArrayList<>();
        for (int index = 0; index < failuresKept; index++) {
            int user = random.nextInt(Math.max(1, failureGroups));
            failures.add(new Failure(OperationType.READ, ErrorClass.TIMEOUT, "READ of user-" + user + " PRIVATE p0e1/docs/"
                    + "folder-" + index + "/document-" + index + ".txt failed: read timed out after 30000 ms waiting for"
                    + " the store to answer the GET of its chunked body (attempt 3 of 3, connection reset by peer)",
                    "s3://vaultload-bucket/user-" + user + "/private/ZG9jcy9mb2xkZXItMTIzNC9kb2N1bWVudC0xMjM0LnR4dA",
                    Instant.ofEpochMilli(startMillis + index * 1000L).toString(), index % 200));
        }
        return failures;
    }

    private Map<String, Long> groups() {
        Map<String, Long> groups = new LinkedHashMap<>();
        for (int index = 0; index < failureGroups; index++) {
            groups.put("TIMEOUT s3://vaultload-bucket/user-" + index + "/private", (long) (failuresKept / failureGroups + index % 7));
        }
        return groups;
    }

    private SoakHealth health(long wallClockMillis) {
        int samples = dev.vaultload.stats.HealthSeries.MAX_SAMPLES;
        List<HealthSample> kept = new ArrayList<>();
        for (int index = 0; index < samples; index++) {
            long runMillis = wallClockMillis * index / (samples - 1);
            long mebibyte = 1024 * 1024;
            kept.add(new HealthSample(runMillis, (40 + index % 50) * mebibyte, (300 + index / 100) * mebibyte, 30,
                    index, index * 3L, runMillis / 2));
        }
        return new SoakHealth(kept.getFirst().heapUsedBytes(), kept.getLast().heapUsedBytes(), kept.getFirst().rssBytes(),
                kept.getLast().rssBytes(), 300.0 * 1024 * 1024, 309.0 * 1024 * 1024, 3.0, 5.0, 30, samples, samples * 3L,
                1, kept, null);
    }
}
