package dev.vaultload.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.fixture.OperationType;
import dev.vaultload.run.load.LoadFixtures;
import dev.vaultload.run.load.LoadOperation;
import dev.vaultload.run.load.LoadWorkload;
import dev.vaultload.run.load.OperationSequence;
import dev.vaultload.run.load.PlannedOperation;
import dev.vaultload.stats.OperationStatistics;
import dev.vaultload.stats.StatisticService;
import dev.vaultload.storage.InMemoryBlobStore;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongUnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class MeasurementLoopTest {
    private LoadWorkload workload;
    private MeasurementLoop loop;

    @BeforeEach
    void prepare() {
        workload = LoadFixtures.workload(LoadOperation.WRITE, new InMemoryBlobStore(), CipherSuite.NONE);
        loop = new MeasurementLoop(2, WorkerThreads.DEFAULT, "loop-test-", Duration.ofSeconds(1));
    }

    @AfterEach
    void close() {
        loop.close();
        workload.close();
    }

    /** A lane of WRITEs, each due at {@code dueNanos.applyAsLong(index)}; counts its calls and its end. */
    private class Writes implements Lane {
        private final int operations;
        private final LongUnaryOperator dueNanos;
        private final TimedOperation timed;
        private final OperationSequence sequence;
        final AtomicInteger ended = new AtomicInteger();
        private int index;

        Writes(String prefix, int operations, LongUnaryOperator dueNanos, RunControl control) {
            this.operations = operations;
            this.dueNanos = dueNanos;
            this.timed = workload.timedOperation(control);
            this.sequence = workload.sequence(prefix, timed);
        }

        @Override
        public TimedOperation timed() {
            return timed;
        }

        @Override
        public Slot next() {
            if (index == operations) {
                return null;
            }
            PlannedOperation planned = sequence.next();
            return new Slot(planned.operation(), planned.locationPrefix(), null, dueNanos.applyAsLong(index++));
        }

        @Override
        public void ended() {
            ended.incrementAndGet();
        }
    }

    private static long writes(StatisticService statistics) {
        return statistics.summarize(Duration.ofSeconds(1)).stream().filter(s -> s.type() == OperationType.WRITE)
                .mapToLong(OperationStatistics::count).sum();
    }

    @Test
    void runsEveryLaneToItsEndOnItsOwnThread() {
        RunControl control = workload.control();
        StatisticService measured = new StatisticService();
        List<Writes> lanes = List.of(new Writes("a/", 30, index -> Slot.WHEN_READY, control),
                new Writes("b/", 20, index -> Slot.WHEN_READY, control));

        MeasurementLoop.Stretch stretch = loop.run(lanes, control, measured, null);

        assertEquals(50, writes(measured));
        lanes.forEach(lane -> assertEquals(1, lane.ended.get(), "ended once"));
        assertTrue(stretch.workerCpuNanos() > 0 && stretch.lastEndNanos() <= stretch.endNanos());
    }

    @Test
    void aStoppedRunStartsNoFurtherOperationAndEndsEveryLane() {
        RunControl control = workload.control();
        control.stop();
        StatisticService measured = new StatisticService();
        Writes paced = new Writes("a/", 5, index -> System.nanoTime() + TimeUnit.SECONDS.toNanos(60), control);
        Writes closed = new Writes("b/", 5, index -> Slot.WHEN_READY, control);

        long startNanos = System.nanoTime();
        loop.run(List.of(paced, closed), control, measured, measured);

        assertEquals(0, writes(measured));
        assertEquals(1, paced.ended.get());
        assertEquals(1, closed.ended.get());
        assertTrue(System.nanoTime() - startNanos < TimeUnit.SECONDS.toNanos(30), "did not wait for a due time");
    }

    /** A paced slot waits for its due time; its latency counts from then, its service time from its actual start. */
    @Test
    void anOpenLoopSlotStartsAtItsDueTimeNotBefore() {
        RunControl control = workload.control();
        StatisticService corrected = new StatisticService();
        StatisticService uncorrected = new StatisticService();
        long firstDueNanos = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(200);

        MeasurementLoop.Stretch stretch = loop.run(List.of(new Writes("a/", 3,
                index -> firstDueNanos + index * TimeUnit.MILLISECONDS.toNanos(100), control)), control, corrected, uncorrected);

        assertEquals(3, writes(corrected));
        assertEquals(3, writes(uncorrected));
        assertTrue(stretch.lastEndNanos() >= firstDueNanos + TimeUnit.MILLISECONDS.toNanos(200),
                "the third write was due 200 ms after the first");
    }

    @Test
    void aLaneFailingOutsideAnOperationFailsTheStretchAndStillEnds() {
        RunControl control = workload.control();
        Writes broken = new Writes("a/", 3, index -> Slot.WHEN_READY, control) {
            @Override
            public void ran(Slot slot) {
                throw new IllegalStateException("lane bookkeeping broke");
            }
        };

        IllegalStateException failure = assertThrows(IllegalStateException.class,
                () -> loop.run(List.of(broken), control, new StatisticService(), null));

        assertTrue(failure.getMessage().contains("outside any operation"), failure.getMessage());
        assertEquals(1, broken.ended.get());
    }
}
