package dev.vaultload.run.trace;

import dev.vaultload.fixture.Fixture;
import dev.vaultload.fixture.Operation;
import dev.vaultload.fixture.OperationType;
import dev.vaultload.fixture.StorageType;
import dev.vaultload.report.CpuUsage;
import dev.vaultload.report.RateSection;
import dev.vaultload.report.TraceSchedule;
import dev.vaultload.run.Lane;
import dev.vaultload.run.MeasurementLoop;
import dev.vaultload.run.RunControl;
import dev.vaultload.run.Slot;
import dev.vaultload.run.TimedOperation;
import dev.vaultload.run.WorkerThreads;
import dev.vaultload.run.load.LoadMeasurement;
import dev.vaultload.run.load.LoadRecording;
import dev.vaultload.run.load.LoadWorkload;
import dev.vaultload.stats.ErrorClass;
import dev.vaultload.stats.IntervalListener;
import dev.vaultload.stats.ProcessHealth;
import dev.vaultload.stats.StatisticService;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.ToLongFunction;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;

/**
 * Replays an imported trace open loop at its own pace ({@link TracePlan}): each operation is due at its timestamp
 * divided by the speed and is recorded from that due time (as RATE's are) and from its actual start; how late each
 * started is the schedule's lateness. A user's operations run in order on one thread (users are spread over the
 * threads), so every READ and LIST keeps its exact expectation; an operation of a user waits for the SHAREs of other
 * threads into that user's inbox that came before it in the trace. A warm-up replays the trace's first operations
 * unrecorded under a prefix of its own and deletes them; then the preparation WRITEs run, untimed, and the clock starts.
 */
public final class TraceRunner {
    /** Lets every thread start and park before the first operation is due. */
    private static final long LEAD_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
    /** The replay's documents, apart from the warm-up's (whose deletion a LIST of the replay must not depend on). */
    private static final String PREFIX = "replay/";
    private static final String WARMUP_PREFIX = "warmup/";
    /** Enough for the JIT compiler to have compiled every operation's path before the clock starts. */
    static final int WARMUP_OPERATIONS = 10_000;
    private static final double[] LATENESS_PERCENTILES = {50.0, 90.0, 99.0, 99.9};

    private final TracePlan plan;
    private final Fixture fixture;
    private final LoadWorkload workload;
    private final Duration reportPeriod;
    private final WorkerThreads workers;
    private final List<IntervalListener> listeners;

    /**
     * @param workload the fixture's users, created; its executor and ledger run the operations
     * @param workers  how the threads that replay the trace are made
     */
    public TraceRunner(TracePlan plan, Fixture fixture, LoadWorkload workload, Duration reportPeriod,
                       WorkerThreads workers, List<IntervalListener> listeners) {
        this.plan = plan;
        this.fixture = fixture;
        this.workload = workload;
        this.reportPeriod = reportPeriod;
        this.workers = workers;
        this.listeners = List.copyOf(listeners);
    }

    /** One scheduled operation, and the SHAREs of other threads it waits for. */
    private record Step(int fixtureIndex, Operation operation, List<CountDownLatch> waitFor,
                        CountDownLatch done) {
    }

    /** The operations of each thread: its preparations, then its scheduled steps in trace order. */
    private record Assignment(List<List<Step>> preparations, List<List<Step>> schedules, long traceMillis) {
        long scheduled() {
            return schedules.stream().mapToLong(List::size).sum();
        }
    }

    public LoadMeasurement run(LoadRecording recording, double errorBudget) {
        Assignment trace = assign(Integer.MAX_VALUE);
        try (MeasurementLoop loop = new MeasurementLoop(plan.threads(), workers, "trace-", reportPeriod)) {
            StatisticService untimed = new StatisticService();
            long warmupOperations = warmUp(loop, untimed);
            closedLoop(loop, trace.preparations(), PREFIX, recording.control(), untimed);
            // the fixture's parsing, the warm-up and the preparations leave garbage (and promoted objects) that a
            // collection would otherwise clean up while the schedule runs, stopping every thread for its pause
            System.gc();
            return replay(loop, trace, warmupOperations, recording, errorBudget);
        }
    }

    /**
     * Replays the trace's first {@link #WARMUP_OPERATIONS} (with its preparations) unrecorded under a prefix of its
     * own, closed loop, then deletes what they stored: without it the first second of the schedule ran on code the
     * JIT compiler had not yet compiled, and its backlog made the lateness tail. A prefix of the trace in its order
     * is a valid history, and every SHARE it waits for is in it. Returns how many operations it replayed.
     */
    private long warmUp(MeasurementLoop loop, StatisticService untimed) {
        Assignment warmup = assign(WARMUP_OPERATIONS);
        RunControl unrecorded = workload.control();
        closedLoop(loop, warmup.preparations(), WARMUP_PREFIX, unrecorded, untimed);
        closedLoop(loop, warmup.schedules(), WARMUP_PREFIX, unrecorded, untimed);
        TimedOperation timed = workload.timedOperation(unrecorded);
        for (String userId : fixture.users()) {
            for (StorageType space : StorageType.values()) {
                timed.run(new Operation.Delete(userId, space, ""), WARMUP_PREFIX, null, untimed);
            }
        }
        return warmup.scheduled();
    }

    /** Runs each thread's steps in order, as fast as they go, waiting for the SHAREs they need; records nothing. */
    private void closedLoop(MeasurementLoop loop, List<List<Step>> steps, String prefix, RunControl control,
                            StatisticService untimed) {
        loop.run(steps.stream().map(threadSteps -> new UserLane(threadSteps, prefix, workload.timedOperation(control),
                step -> Slot.WHEN_READY, null)).toList(), control, untimed, null);
    }

    /**
     * One thread's steps in trace order: each waits for the SHAREs of other threads it depends on and releases those
     * waiting for its own; with a lateness histogram, how late each started past its due time is recorded.
     */
    private static final class UserLane implements Lane {
        private final Iterator<Step> steps;
        private final List<Step> all;
        private final String prefix;
        private final TimedOperation timed;
        private final ToLongFunction<Step> dueNanos;
        private final Histogram latenessMicros;
        private Step current;

        UserLane(List<Step> steps, String prefix, TimedOperation timed, ToLongFunction<Step> dueNanos,
                 Histogram latenessMicros) {
            this.steps = steps.iterator();
            this.all = steps;
            this.prefix = prefix;
            this.timed = timed;
            this.dueNanos = dueNanos;
            this.latenessMicros = latenessMicros;
        }

        @Override
        public TimedOperation timed() {
            return timed;
        }

        @Override
        public Slot next() {
            if (!steps.hasNext()) {
                return null;
            }
            current = steps.next();
            return new Slot(current.operation(), prefix, current.fixtureIndex(), dueNanos.applyAsLong(current));
        }

        @Override
        public void due(Slot slot) throws InterruptedException {
            for (CountDownLatch share : current.waitFor()) {
                share.await();
            }
            if (latenessMicros != null) {
                latenessMicros.recordValue(Math.max(0, TimeUnit.NANOSECONDS.toMicros(System.nanoTime() - slot.dueNanos())));
            }
        }

        @Override
        public void ran(Slot slot) {
            if (current.done() != null) {
                current.done().countDown();
            }
        }

        /** A thread that stopped early releases every thread waiting for its SHAREs, which would wait forever. */
        @Override
        public void ended() {
            all.stream().map(Step::done).filter(Objects::nonNull).forEach(CountDownLatch::countDown);
        }
    }

    /** Spreads the fixture's first {@code limit} scheduled operations (and every preparation) over the threads by user. */
    private Assignment assign(int limit) {
        List<List<Step>> preparations = new ArrayList<>();
        List<List<Step>> schedules = new ArrayList<>();
        for (int thread = 0; thread < plan.threads(); thread++) {
            preparations.add(new ArrayList<>());
            schedules.add(new ArrayList<>());
        }
        Map<String, List<CountDownLatch>> sharesPendingByUser = new LinkedHashMap<>();
        long lastMillis = 0;
        int scheduled = 0;
        List<Operation> operations = fixture.operations();
        for (int index = 0; index < operations.size() && scheduled < limit; index++) {
            Operation operation = operations.get(index);
            if (operation.type() == OperationType.CREATE_USER) {
                continue;
            }
            int thread = threadOf(operation.userId());
            if (operation.preparation()) {
                preparations.get(thread).add(new Step(index, operation, List.of(), null));
                continue;
            }
            List<String> touched = operation instanceof Operation.Share share
                    ? Stream.concat(Stream.of(share.userId()), share.recipients().stream()).toList() : List.of(operation.userId());
            List<CountDownLatch> waitFor = new ArrayList<>();
            touched.forEach(user -> waitFor.addAll(sharesPendingByUser.getOrDefault(user, List.of())));
            touched.forEach(sharesPendingByUser::remove);
            CountDownLatch done = null;
            if (operation instanceof Operation.Share share) {
                for (String recipient : share.recipients()) {
                    if (threadOf(recipient) != thread) {
                        done = done == null ? new CountDownLatch(1) : done;
                        sharesPendingByUser.computeIfAbsent(recipient, user -> new ArrayList<>()).add(done);
                    }
                }
            }
            schedules.get(thread).add(new Step(index, operation, List.copyOf(waitFor), done));
            scheduled++;
            lastMillis = operation.timestampMillis().orElseThrow();
        }
        return new Assignment(preparations, schedules, lastMillis);
    }

    private int threadOf(String userId) {
        return Math.floorMod(userId.hashCode(), plan.threads());
    }

    private LoadMeasurement replay(MeasurementLoop loop, Assignment trace, long warmupOperations, LoadRecording recording,
                                   double errorBudget) {
        long traceMillis = trace.traceMillis();
        StatisticService corrected = new StatisticService();
        StatisticService uncorrected = new StatisticService();
        long startNanos = System.nanoTime() + LEAD_NANOS;
        ProcessHealth health = new ProcessHealth();
        long gcPauseStartMillis = health.sample(0).gcPauseMillis();
        List<Histogram> latenessByThread = new ArrayList<>();
        List<Lane> lanes = new ArrayList<>();
        for (List<Step> steps : trace.schedules()) {
            Histogram latenessMicros = new Histogram(3);
            latenessByThread.add(latenessMicros);
            lanes.add(new UserLane(steps, PREFIX, workload.timedOperation(recording.control()),
                    step -> startNanos + plan.dueOffsetNanos(step.operation().timestampMillis().orElseThrow()),
                    latenessMicros));
        }
        List<IntervalListener> periodListeners = Stream.concat(listeners.stream(), recording.listeners().stream()).toList();
        MeasurementLoop.Stretch replayed = loop.reported(lanes, recording.control(), corrected, uncorrected, periodListeners);
        Histogram lateness = new Histogram(3);
        latenessByThread.forEach(lateness::add);
        long gcPauseMillis = health.sample(0).gcPauseMillis() - gcPauseStartMillis;
        Duration elapsed = replayed.since(startNanos);
        long attempted = corrected.requestsStarted();
        Map<ErrorClass, Long> errors = corrected.errorTotals();
        long errorCount = errors.values().stream().mapToLong(Long::longValue).sum();
        long scheduled = trace.scheduled();
        double targetOpsPerSecond = scheduled / Math.max(1e-3, traceMillis / 1000.0 / plan.speed());
        RateSection section = new RateSection(targetOpsPerSecond, attempted / (elapsed.toNanos() / 1e9), errorBudget,
                attempted == 0 || (double) errorCount / attempted <= errorBudget, uncorrected.summarize(elapsed),
                warmupOperations, new TraceSchedule(plan.speed(), scheduled, traceMillis, percentiles(lateness), lateness.getMaxValue(),
                        gcPauseMillis, warmupOperations));
        return new LoadMeasurement(corrected.summarize(elapsed), errors,
                new CpuUsage(TimeUnit.NANOSECONDS.toMillis(replayed.processCpuNanos()),
                        TimeUnit.NANOSECONDS.toMillis(replayed.workerCpuNanos()), attempted), null, section);
    }

    private static Map<String, Long> percentiles(Histogram lateness) {
        Map<String, Long> percentiles = new LinkedHashMap<>();
        for (double percentile : LATENESS_PERCENTILES) {
            percentiles.put("p" + (percentile == Math.rint(percentile) ? String.valueOf((int) percentile) : String.valueOf(percentile)),
                    lateness.getValueAtPercentile(percentile));
        }
        return percentiles;
    }
}
