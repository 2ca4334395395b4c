package dev.vaultload.run.headroom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.fixture.OperationType;
import dev.vaultload.report.HeadroomSection;
import dev.vaultload.report.HeadroomStep;
import dev.vaultload.report.RunMode;
import dev.vaultload.report.RunResult;
import dev.vaultload.run.ThreadNice;
import dev.vaultload.run.WorkerThreads;
import dev.vaultload.run.load.LoadFixtures;
import dev.vaultload.run.load.LoadOperation;
import dev.vaultload.run.load.LoadWorkload;
import dev.vaultload.run.load.Pause;
import dev.vaultload.stats.OperationStatistics;
import dev.vaultload.stats.ProcessCpu;
import dev.vaultload.storage.BlobOutputStream;
import dev.vaultload.storage.BlobStore;
import dev.vaultload.storage.ForwardingBlobStore;
import dev.vaultload.storage.InMemoryBlobStore;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

class HeadroomRunnerTest {
    @TempDir
    Path reports;

    private RunResult run(LoadOperation operation, BlobStore store, HeadroomPlan plan) {
        return run(operation, store, plan, WorkerThreads.DEFAULT);
    }

    private RunResult run(LoadOperation operation, BlobStore store, HeadroomPlan plan, WorkerThreads workers) {
        try (LoadWorkload workload = LoadFixtures.workload(operation, store, CipherSuite.AES256_GCM)) {
            return LoadFixtures.record(RunMode.HEADROOM, workload, reports, recording ->
                    new HeadroomRunner(plan, workload, Duration.ofSeconds(1), workers, threads -> List.of()).run(recording));
        }
    }

    @Test
    void runsEveryStepOfTheMixAndNamesAKnee() throws IOException {
        RunResult run = run(LoadOperation.MIX, new InMemoryBlobStore(), new HeadroomPlan(1, 3, 1, 150, 5, 0, 2));
        HeadroomSection result = run.headroom();

        assertTrue(run.passed(), () -> run.failures().toString());
        assertEquals(List.of(1, 2, 3), result.steps().stream().map(HeadroomStep::threads).toList());
        result.steps().forEach(step -> assertEquals(150, step.operations() + step.errors(), "operations per step"));
        assertTrue(result.kneeStep().isPresent());
        assertEquals(HeadroomSection.StopReason.MAX_THREADS_REACHED, result.stopReason());
        assertEquals(result.knee().operations(), run.operations().stream().mapToLong(s -> s.count()).sum(),
                "the result's operations are the knee step's");

        Path csv = reports.resolve("headroom.csv");
        HeadroomCsv.write(result, csv);
        List<String> lines = Files.readAllLines(csv);
        assertEquals(HeadroomCsv.HEADER, lines.getFirst());
        assertEquals(4, lines.size(), "a header and one row per step");
        assertEquals(1, lines.stream().filter(line -> line.endsWith(",true")).count(), "one knee row");
    }

    @Test
    void aPreparationWriteIsNotAMeasuredOperation() {
        RunResult run;
        try (LoadWorkload workload = LoadFixtures.workload(LoadOperation.MIX, new InMemoryBlobStore(),
                LoadFixtures.withPreparation())) {
            run = LoadFixtures.record(RunMode.HEADROOM, workload, reports, recording -> new HeadroomRunner(new HeadroomPlan(1, 1, 1, 6, 5, 0, 2),
                    workload, Duration.ofSeconds(1), WorkerThreads.DEFAULT, threads -> List.of()).run(recording));
        }

        assertTrue(run.passed(), () -> "every READ found its document: " + run.failures());
        assertEquals(6, run.headroom().steps().getFirst().operations(), "the mix's own operations per step");
        assertEquals(Map.of(OperationType.WRITE, 2L, OperationType.READ, 4L), run.operations().stream()
                .filter(statistics -> statistics.count() > 0).collect(Collectors.toMap(OperationStatistics::type, OperationStatistics::count)));
    }

    @Test
    void readsVerifiedDocuments() {
        RunResult result = run(LoadOperation.READ, new InMemoryBlobStore(), new HeadroomPlan(2, 2, 1, 100, 2, 0, 2));

        assertTrue(result.passed(), () -> result.failures().toString());
        assertEquals(100, result.headroom().steps().getFirst().operations());
    }

    @Test
    void stopsOnceThroughputHasFallenForTheGivenNumberOfSteps() {
        HeadroomSection result = run(LoadOperation.WRITE, new SlowerWithConcurrency(new InMemoryBlobStore()),
                new HeadroomPlan(1, 8, 1, 40, 2, 0, 2)).headroom();

        assertEquals(HeadroomSection.StopReason.THROUGHPUT_FELL, result.stopReason());
        assertEquals(3, result.steps().size(), () -> "steps 1, 2 (fell once), 3 (fell twice): " + result.steps());
        assertEquals(1, result.knee().threads(), "throughput was highest with one thread");
    }

    @Test
    void failsWhenErrorsExceedTheBudget() {
        LosesDocuments store = new LosesDocuments(new InMemoryBlobStore());
        RunResult result;
        try (LoadWorkload workload = LoadFixtures.workload(LoadOperation.READ, store, CipherSuite.AES256_GCM)) {
            store.armed = true;
            result = LoadFixtures.record(RunMode.HEADROOM, workload, reports, recording -> new HeadroomRunner(
                    new HeadroomPlan(1, 4, 1, 20, 2, 0.05, 2), workload, Duration.ofSeconds(1), WorkerThreads.DEFAULT,
                    threads -> List.of())
                    .run(recording));
        }

        assertEquals(HeadroomSection.StopReason.ERROR_BUDGET_EXCEEDED, result.headroom().stopReason());
        assertEquals(1, result.headroom().steps().size());
        assertEquals(20, result.headroom().steps().getFirst().integrityErrors(), "a missing document is lost data");
        assertFalse(result.passed());
        assertEquals(20, result.failures().size(), "every failure kept");
        result.failures().forEach(failure -> assertTrue(store.deleted.contains(failure.storeObject()),
                () -> "names the stored object that vanished: " + failure.line()));
    }

    /** Once armed (after the users and documents exist, keystores unlocked), deletes every object before it is read. */
    private static final class LosesDocuments extends ForwardingBlobStore {
        final Set<String> deleted = ConcurrentHashMap.newKeySet();
        volatile boolean armed;

        LosesDocuments(BlobStore delegate) {
            super(delegate);
        }

        @Override
        public InputStream get(String key) {
            if (armed) {
                delete(key);
                deleted.add(locate(key));
            }
            return super.get(key);
        }
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void everyStepsWorkersRunAtTheNiceValueAsked() throws IOException {
        int callersNice = ThreadNice.current();
        int nice = Math.max(callersNice + 1, 7); // raising a thread's nice needs no privilege
        NoticesNice store = new NoticesNice(new InMemoryBlobStore());

        run(LoadOperation.READ, store, new HeadroomPlan(1, 3, 1, 30, 5, 0, 2), WorkerThreads.checked(nice));

        assertEquals(Set.of(nice), store.readersNice, "the nice of every thread that read");
        assertEquals(callersNice, ThreadNice.current(), "the caller's own thread keeps its priority");
    }

    private static final class NoticesNice extends ForwardingBlobStore {
        final Set<Integer> readersNice = ConcurrentHashMap.newKeySet();

        NoticesNice(BlobStore delegate) {
            super(delegate);
        }

        @Override
        public InputStream get(String key) {
            readersNice.add(currentNice());
            return super.get(key);
        }

        private static int currentNice() {
            try {
                return ThreadNice.current();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    @Test
    void aStepReportsTheCpuItsOperationsBurned() {
        HeadroomSection result = run(LoadOperation.WRITE, new BurnsCpuPerWrite(new InMemoryBlobStore()),
                new HeadroomPlan(1, 1, 1, 100, 2, 0, 2)).headroom();

        // 100 writes x 1 ms of the thread's CPU: far above the 10 ms tick the process CPU time may be counted in
        double cpuMicros = result.steps().getFirst().cpuMicrosPerOperation();
        assertTrue(cpuMicros >= BurnsCpuPerWrite.SPIN_MICROS / 2.0, () -> "CPU per operation " + cpuMicros + " us");
    }

    private static final class BurnsCpuPerWrite extends ForwardingBlobStore {
        static final long SPIN_MICROS = 1000;

        BurnsCpuPerWrite(BlobStore delegate) {
            super(delegate);
        }

        @Override
        public BlobOutputStream openOutput(String key) {
            // until this thread has burned the time, not the wall clock: on a loaded machine a spin by the clock
            // may be descheduled for most of its millisecond
            long untilCpuNanos = ProcessCpu.currentThreadNanos() + SPIN_MICROS * 1000;
            while (ProcessCpu.currentThreadNanos() < untilCpuNanos) {
                Thread.onSpinWait();
            }
            return super.openOutput(key);
        }
    }

    /**
     * Each write waits 10 ms times the square of the writes in flight: throughput falls as threads are added, as long
     * as a write's own work takes under 20 ms (2 threads: 2 writes per 40 ms + work, against 1 per 10 ms + work), which
     * holds on a loaded machine too.
     */
    private static final class SlowerWithConcurrency extends ForwardingBlobStore {
        private final AtomicInteger inFlight = new AtomicInteger();

        SlowerWithConcurrency(BlobStore delegate) {
            super(delegate);
        }

        @Override
        public BlobOutputStream openOutput(String key) {
            int concurrent = inFlight.incrementAndGet();
            try {
                Pause.millis(10L * concurrent * concurrent);
            } finally {
                inFlight.decrementAndGet();
            }
            return super.openOutput(key);
        }
    }
}
