package dev.vaultload.run.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.content.ContentGenerator;
import dev.vaultload.engine.PlaintextEngine;
import dev.vaultload.fixture.Fixture;
import dev.vaultload.fixture.FixtureJson;
import dev.vaultload.fixture.FixtureLoader;
import dev.vaultload.fixture.FixtureWriter;
import dev.vaultload.fixture.OperationType;
import dev.vaultload.fixture.trace.KeyAnonymizer;
import dev.vaultload.fixture.trace.TraceFormat;
import dev.vaultload.fixture.trace.TraceImporter;
import dev.vaultload.fixture.trace.UserRule;
import dev.vaultload.report.RunMode;
import dev.vaultload.report.RunResult;
import dev.vaultload.report.Thresholds;
import dev.vaultload.report.TraceSchedule;
import dev.vaultload.run.WorkerThreads;
import dev.vaultload.run.load.LoadFixtures;
import dev.vaultload.run.load.LoadOperation;
import dev.vaultload.run.load.LoadWorkload;
import dev.vaultload.stats.OperationStatistics;
import dev.vaultload.storage.BlobOutputStream;
import dev.vaultload.storage.BlobStore;
import dev.vaultload.storage.ForwardingBlobStore;
import dev.vaultload.storage.InMemoryBlobStore;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TraceRunnerTest {
    @TempDir
    Path directory;

    /** An IBM COS trace of {@code objects} objects, each written and read twice, one request every 5 ms. */
    private Fixture trace(int objects) throws IOException {
        List<String> lines = new ArrayList<>();
        long millis = 0;
        for (int object = 0; object < objects; object++) {
            lines.add((millis += 5) + " REST.PUT.OBJECT obj" + object + " 2048");
            lines.add((millis += 5) + " REST.GET.OBJECT obj" + object + " 2048");
            lines.add((millis += 5) + " REST.GET.OBJECT obj" + object + " 2048 100 1123");
        }
        return imported(TraceFormat.IBM_COS, Files.write(directory.resolve("trace.txt"), lines), "hash:8");
    }

    private Fixture imported(TraceFormat format, Path file, String users) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (FixtureWriter writer = new FixtureJson().newWriter(out)) {
            new TraceImporter(new TraceImporter.Options(format, UserRule.parse(users), KeyAnonymizer.random(), 1000, false))
                    .importTo(List.of(file), writer);
        }
        return new FixtureLoader().load(new ByteArrayInputStream(out.toByteArray()), "trace.json");
    }

    private RunResult run(Fixture fixture, TracePlan plan) {
        return run(fixture, plan, new InMemoryBlobStore());
    }

    private RunResult run(Fixture fixture, TracePlan plan, BlobStore store) {
        try (LoadWorkload workload = LoadWorkload.prepare(LoadOperation.MIX, fixture, store,
                PlaintextEngine::new, new ContentGenerator(), LoadFixtures.FILE_SIZE_BYTES)) {
            return LoadFixtures.record(RunMode.TRACE, workload, directory, recording ->
                    new TraceRunner(plan, fixture, workload, Duration.ofSeconds(1), WorkerThreads.DEFAULT, List.of()).run(recording, 0));
        }
    }

    private static OperationStatistics statistics(List<OperationStatistics> all, OperationType type) {
        return all.stream().filter(s -> s.type() == type).findFirst().orElseThrow();
    }

    @Test
    void replaysEveryOperationAtItsTimestampOverTheSpeedWithEveryReadVerified() throws IOException {
        Fixture fixture = trace(200); // 3 s of trace
        long startNanos = System.nanoTime();

        RunResult result = run(fixture, new TracePlan(2, 4));

        double seconds = (System.nanoTime() - startNanos) / 1e9;
        assertTrue(result.passed(), () -> result.failures().toString());
        assertEquals(200, statistics(result.operations(), OperationType.WRITE).count());
        assertEquals(400, statistics(result.operations(), OperationType.READ).count());
        assertEquals(200 * 2048 + 200 * 1024, statistics(result.operations(), OperationType.READ).transferredBytes(),
                "whole READs and 1024-byte ranges");
        TraceSchedule schedule = result.rate().trace();
        assertEquals(600, schedule.scheduledOperations());
        assertEquals(2995, schedule.traceMillis());
        assertTrue(seconds >= 1.4, "the trace's 3 s at speed 2 take 1.5 s, not less: " + seconds);
        assertEquals(600 / 1.4975, result.rate().targetOpsPerSecond(), 1);
        assertTrue(schedule.latenessPercentileMicros().get("p50") < 20_000, schedule.toString());
    }

    @Test
    void aShareIntoAnotherThreadsUserIsWaitedForSoItsReadFindsIt() throws IOException {
        Path sample = Files.write(directory.resolve("s3.log"), new String(getClass()
                .getResourceAsStream("/traces/s3-access-log.txt").readAllBytes(), StandardCharsets.UTF_8).lines().toList());
        Fixture fixture = imported(TraceFormat.S3_ACCESS_LOG, sample, "bucket");

        for (int threads : new int[] {1, 2, 3}) {
            RunResult result = run(fixture, new TracePlan(1000, threads));
            assertTrue(result.passed(), () -> threads + " threads: " + result.failures());
            assertEquals(1, statistics(result.operations(), OperationType.SHARE).count());
        }
    }

    /** The warm-up replays the trace unrecorded under its own prefix and deletes it before the schedule's first WRITE. */
    @Test
    void theWarmUpIsNeitherRecordedNorLeftInTheStore() throws IOException {
        InMemoryBlobStore memory = new InMemoryBlobStore();
        List<String> leftAtTheFirstReplayWrite = new ArrayList<>();
        BlobStore store = new ForwardingBlobStore(memory) {
            private final AtomicInteger replayWrites = new AtomicInteger();

            @Override
            public BlobOutputStream openOutput(String key) {
                if (key.contains("/replay/") && replayWrites.getAndIncrement() == 0) {
                    try (var keys = memory.list("")) {
                        keys.filter(stored -> stored.contains("warmup/")).forEach(leftAtTheFirstReplayWrite::add);
                    }
                }
                return super.openOutput(key);
            }
        };

        RunResult result = run(trace(20), new TracePlan(100, 3), store);

        assertTrue(result.passed(), () -> result.failures().toString());
        assertEquals(60, result.rate().trace().warmupOperations(), "a trace shorter than the warm-up is warmed up whole");
        assertEquals(20, statistics(result.operations(), OperationType.WRITE).count(), "the schedule's WRITEs only");
        assertEquals(List.of(), leftAtTheFirstReplayWrite);
    }

    /** Full collections forced while the schedule runs stop every thread: the schedule reports their time. */
    @Test
    void collectionsDuringTheScheduleAreReportedBesideTheLateness() throws IOException {
        BlobStore collecting = new ForwardingBlobStore(new InMemoryBlobStore()) {
            private final AtomicInteger writes = new AtomicInteger();

            @Override
            public BlobOutputStream openOutput(String key) {
                if (writes.incrementAndGet() % 10 == 0) {
                    System.gc();
                }
                return super.openOutput(key);
            }
        };

        RunResult result = run(trace(50), new TracePlan(10, 2), collecting);

        assertTrue(result.passed(), () -> result.failures().toString());
        assertTrue(result.rate().trace().gcPauseMillis() > 0, result.rate().trace().toString());
    }

    /**
     * An abortOnFail threshold breached in the first period stops the replay there: the verdict says "stopped after"
     * and the run does not go on to the end of its schedule.
     */
    @Test
    void anAbortOnFailThresholdStopsTheReplayAtItsBreach() throws IOException {
        Fixture fixture = trace(400); // 6 s of trace at speed 1
        Thresholds thresholds = Thresholds.parse("test", List.of("p50 < 0.001ms abortOnFail"));
        long startNanos = System.nanoTime();

        RunResult result;
        try (LoadWorkload workload = LoadWorkload.prepare(LoadOperation.MIX, fixture, new InMemoryBlobStore(),
                PlaintextEngine::new, new ContentGenerator(), LoadFixtures.FILE_SIZE_BYTES)) {
            result = LoadFixtures.record(RunMode.TRACE, workload, directory, thresholds, recording ->
                    new TraceRunner(new TracePlan(1, 3), fixture, workload, Duration.ofMillis(500), WorkerThreads.DEFAULT,
                            List.of()).run(recording, 0));
        }

        double seconds = (System.nanoTime() - startNanos) / 1e9;
        assertTrue(seconds < 4, "stopped at the breach, not after the 6 s schedule: " + seconds);
        assertTrue(statistics(result.operations(), OperationType.WRITE).count() < 400, result.operations().toString());
        assertTrue(result.thresholdsBreached());
        assertTrue(result.thresholds().getFirst().stoppedRunAfterMillis() != null, result.thresholds().toString());
        assertEquals(RunMode.TRACE, result.setup().mode());
    }

    @Test
    void aFixtureWithoutTimestampsIsRefusedForTrace() {
        Fixture generated = new FixtureLoader().loadResource("fixtures/fixture-small.json");

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> TracePlan.requireTimestamps(generated, "fixture-small.json"));
        assertTrue(refused.getMessage().contains("fixture-small.json has no timestampMillis"), refused.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new TracePlan(0, 1));
    }
}
