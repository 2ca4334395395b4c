package dev.vaultload.run.trace;

import dev.vaultload.fixture.Fixture;
import dev.vaultload.fixture.Operation;
import dev.vaultload.fixture.OperationType;
import dev.vaultload.fixture.StorageType;
import dev.vaultload.report.CpuUsage;
import dev.vaultload.report.RateSection;
import dev.vaultload.report.TraceSchedule;
import dev.vaultload.run.RunControl;
import dev.vaultload.run.TimedOperation;
import dev.vaultload.run.WorkerThreads;
import dev.vaultload.run.load.LoadMeasurement;
import dev.vaultload.run.load.LoadRecording;
import dev.vaultload.run.load.LoadWorkload;
import dev.vaultload.run.rate.RateRunner;
import dev.vaultload.stats.ErrorClass;
import dev.vaultload.stats.IntervalListener;
import dev.vaultload.stats.IntervalReporter;
import dev.vaultload.stats.ProcessCpu;
import dev.vaultload.stats.ProcessHealth;
import dev.vaultload.stats.StatisticService;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAccumulator;
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
        ExecutorService pool = Executors.newFixedThreadPool(plan.threads(), workers.factory("trace-"));
        try {
            StatisticService untimed = new StatisticService();
            long warmupOperations = warmUp(pool, untimed);
            closedLoop(pool, trace.preparations(), PREFIX, recording.control(), untimed);
            // the fixture's parsing, the warm-up and the preparations leave garbage (and promoted objects) that a
            // collection would otherwise clean up while the schedule runs, stopping every thread for its pause
            System.gc();
            return replay(pool, trace, warmupOperations, recording, errorBudget);
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * Replays the trace's first {@link #WARMUP_OPERATIONS} (with its preparations) unrecorded under a prefix of its
     * own, closed loop, then deletes what they stored: without it the first second of the schedule ran on code the
     * JIT compiler had not yet compiled, and its backlog made the lateness tail. A prefix of the trace in its order
     * is a valid history, and every SHARE it waits for is in it. Returns how many operations it replayed.
     */
    private long warmUp(ExecutorService pool, StatisticService untimed) {
        Assignment warmup = assign(WARMUP_OPERATIONS);
        RunControl unrecorded = workload.control();
        closedLoop(pool, warmup.preparations(), WARMUP_PREFIX, unrecorded, untimed);
        closedLoop(pool, warmup.schedules(), WARMUP_PREFIX, unrecorded, untimed);
        TimedOperation timed = workload.timedOperation(unrecorded);
        for (String userId : fixture.users()) {
            for (StorageType space : StorageType.values()) {
                timed.run(new Operation.Delete(userId, space, ""), WARMUP_PREFIX, null, untimed);
            }
        }
        return warmup.scheduled();
    }

    /** Runs each thread's steps in order, as fast as they go, waiting for the SHAREs they need; records nothing. */
    private void closedLoop(ExecutorService pool, List<List<Step>> steps, String prefix, RunControl control,
                            StatisticService untimed) {
        runAll(pool, steps.stream().map(threadSteps -> (Callable<Long>) () -> {
            TimedOperation timed = workload.timedOperation(control);
            for (Step step : threadSteps) {
                for (CountDownLatch share : step.waitFor()) {
                    share.await();
                }
                timed.run(step.operation(), prefix, step.fixtureIndex(), untimed);
                if (step.done() != null) {
                    step.done().countDown();
                }
            }
            return 0L;
        }).toList());
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

    private LoadMeasurement replay(ExecutorService pool, Assignment trace, long warmupOperations, LoadRecording recording,
                                   double errorBudget) {
        List<List<Step>> schedules = trace.schedules();
        long traceMillis = trace.traceMillis();
        StatisticService corrected = new StatisticService();
        StatisticService uncorrected = new StatisticService();
        LongAccumulator lastEndNanos = new LongAccumulator(Math::max, Long.MIN_VALUE);
        Histogram lateness = new Histogram(3);
        long startNanos = System.nanoTime() + LEAD_NANOS;
        long processCpuStartNanos = ProcessCpu.nanos();
        ProcessHealth health = new ProcessHealth();
        long gcPauseStartMillis = health.sample(0).gcPauseMillis();
        long workerCpuNanos;
        List<IntervalListener> periodListeners = Stream.concat(listeners.stream(), recording.listeners().stream()).toList();
        try (IntervalReporter ignored = new IntervalReporter(corrected, reportPeriod, periodListeners)) {
            workerCpuNanos = runAll(pool, schedules.stream().map(steps -> (Callable<Long>) () -> {
                long cpuStartNanos = ProcessCpu.currentThreadNanos();
                Histogram threadLateness = new Histogram(3);
                RunControl control = recording.control();
                TimedOperation timed = workload.timedOperation(control);
                try {
                    for (Step step : steps) {
                        long dueNanos = startNanos + plan.dueOffsetNanos(step.operation().timestampMillis().orElseThrow());
                        if (!RateRunner.parkUntil(dueNanos, control)) {
                            break;
                        }
                        for (CountDownLatch share : step.waitFor()) {
                            share.await();
                        }
                        threadLateness.recordValue(Math.max(0, TimeUnit.NANOSECONDS.toMicros(System.nanoTime() - dueNanos)));
                        timed.run(step.operation(), PREFIX, step.fixtureIndex(), dueNanos, corrected, uncorrected);
                        if (step.done() != null) {
                            step.done().countDown();
                        }
                        lastEndNanos.accumulate(System.nanoTime());
                    }
                } finally {
                    // a thread that stopped early releases every thread waiting for its SHAREs, which would wait forever
                    steps.stream().map(Step::done).filter(Objects::nonNull).forEach(CountDownLatch::countDown);
                }
                synchronized (lateness) {
                    lateness.add(threadLateness);
                }
                return ProcessCpu.currentThreadNanos() - cpuStartNanos;
            }).toList());
        }
        long processCpuNanos = ProcessCpu.nanos() - processCpuStartNanos;
        long gcPauseMillis = health.sample(0).gcPauseMillis() - gcPauseStartMillis;
        Duration elapsed = Duration.ofNanos(Math.max(1, lastEndNanos.get() - startNanos));
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
                new CpuUsage(TimeUnit.NANOSECONDS.toMillis(processCpuNanos), TimeUnit.NANOSECONDS.toMillis(workerCpuNanos),
                        attempted), null, section);
    }

    private static Map<String, Long> percentiles(Histogram lateness) {
        Map<String, Long> percentiles = new LinkedHashMap<>();
        for (double percentile : LATENESS_PERCENTILES) {
            percentiles.put("p" + (percentile == Math.rint(percentile) ? String.valueOf((int) percentile) : String.valueOf(percentile)),
                    lateness.getValueAtPercentile(percentile));
        }
        return percentiles;
    }

    /** Runs the tasks on the pool and returns the sum of what they return (their threads' CPU nanoseconds). */
    private static long runAll(ExecutorService pool, List<Callable<Long>> tasks) {
        try {
            long sum = 0;
            for (Future<Long> task : pool.invokeAll(tasks)) {
                sum += task.get();
            }
            return sum;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted during the trace run", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("a trace thread failed outside any operation: " + e.getCause(), e.getCause());
        }
    }
}
