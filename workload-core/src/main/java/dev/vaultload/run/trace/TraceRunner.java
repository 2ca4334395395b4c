package dev.vaultload.run.trace;

import dev.vaultload.fixture.Fixture;
import dev.vaultload.fixture.Operation;
import dev.vaultload.report.CpuUsage;
import dev.vaultload.report.RateSection;
import dev.vaultload.report.TraceSchedule;
import dev.vaultload.run.Interruption;
import dev.vaultload.run.TimedOperation;
import dev.vaultload.run.load.LoadMeasurement;
import dev.vaultload.run.load.LoadRecording;
import dev.vaultload.run.load.LoadWorkload;
import dev.vaultload.run.rate.RateRunner;
import dev.vaultload.stats.ErrorClass;
import dev.vaultload.stats.IntervalListener;
import dev.vaultload.stats.IntervalReporter;
import dev.vaultload.stats.ProcessCpu;
import dev.vaultload.stats.StatisticService;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
 * threads into that user's inbox that came before it in the trace. The preparation WRITEs run first, untimed.
 */
public final class TraceRunner {
    /** Lets every thread start and park before the first operation is due. */
    private static final long LEAD_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
    private static final String PREFIX = "";
    private static final double[] LATENESS_PERCENTILES = {50.0, 90.0, 99.0, 99.9};

    private final TracePlan plan;
    private final Fixture fixture;
    private final LoadWorkload workload;
    private final Duration reportPeriod;
    private final List<IntervalListener> listeners;

    /** @param workload the fixture's users, created; its executor and ledger run the operations */
    public TraceRunner(TracePlan plan, Fixture fixture, LoadWorkload workload, Duration reportPeriod,
                       List<IntervalListener> listeners) {
        this.plan = plan;
        this.fixture = fixture;
        this.workload = workload;
        this.reportPeriod = reportPeriod;
        this.listeners = List.copyOf(listeners);
    }

    /** One scheduled operation, and the SHAREs of other threads it waits for. */
    private record Step(int fixtureIndex, Operation.InSpace operation, List<CountDownLatch> waitFor,
                        CountDownLatch done) {
    }

    public LoadMeasurement run(LoadRecording recording, double errorBudget) {
        List<List<Step>> preparations = new ArrayList<>();
        List<List<Step>> schedules = new ArrayList<>();
        for (int thread = 0; thread < plan.threads(); thread++) {
            preparations.add(new ArrayList<>());
            schedules.add(new ArrayList<>());
        }
        long traceMillis = assign(preparations, schedules);
        ExecutorService pool = Executors.newFixedThreadPool(plan.threads(), Thread.ofPlatform().name("trace-", 0).factory());
        try {
            StatisticService untimed = new StatisticService();
            runAll(pool, preparations.stream().map(steps -> (Callable<Long>) () -> {
                TimedOperation timed = workload.timedOperation(recording.control());
                steps.forEach(step -> timed.run(step.operation(), PREFIX, step.fixtureIndex(), untimed));
                return 0L;
            }).toList());
            return replay(pool, schedules, recording, errorBudget, traceMillis);
        } finally {
            pool.shutdownNow();
        }
    }

    /** Spreads the operations over the threads by user; returns the trace's length in milliseconds. */
    private long assign(List<List<Step>> preparations, List<List<Step>> schedules) {
        Map<String, List<CountDownLatch>> sharesPendingByUser = new LinkedHashMap<>();
        long lastMillis = 0;
        List<Operation> operations = fixture.operations();
        for (int index = 0; index < operations.size(); index++) {
            if (!(operations.get(index) instanceof Operation.InSpace operation)) {
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
            lastMillis = operation.timestampMillis().orElseThrow();
        }
        return lastMillis;
    }

    private int threadOf(String userId) {
        return Math.floorMod(userId.hashCode(), plan.threads());
    }

    private LoadMeasurement replay(ExecutorService pool, List<List<Step>> schedules, LoadRecording recording,
                                   double errorBudget, long traceMillis) {
        StatisticService corrected = new StatisticService();
        StatisticService uncorrected = new StatisticService();
        LongAccumulator lastEndNanos = new LongAccumulator(Math::max, Long.MIN_VALUE);
        Histogram lateness = new Histogram(3);
        long startNanos = System.nanoTime() + LEAD_NANOS;
        long processCpuStartNanos = ProcessCpu.nanos();
        long workerCpuNanos;
        List<IntervalListener> periodListeners = Stream.concat(listeners.stream(), recording.listeners().stream()).toList();
        try (IntervalReporter ignored = new IntervalReporter(corrected, reportPeriod, periodListeners)) {
            workerCpuNanos = runAll(pool, schedules.stream().map(steps -> (Callable<Long>) () -> {
                long cpuStartNanos = ProcessCpu.currentThreadNanos();
                Histogram threadLateness = new Histogram(3);
                TimedOperation timed = workload.timedOperation(recording.control());
                for (Step step : steps) {
                    if (Interruption.requested()) {
                        break;
                    }
                    long dueNanos = startNanos + plan.dueOffsetNanos(step.operation().timestampMillis().orElseThrow());
                    RateRunner.parkUntil(dueNanos);
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
                synchronized (lateness) {
                    lateness.add(threadLateness);
                }
                return ProcessCpu.currentThreadNanos() - cpuStartNanos;
            }).toList());
        }
        long processCpuNanos = ProcessCpu.nanos() - processCpuStartNanos;
        Duration elapsed = Duration.ofNanos(Math.max(1, lastEndNanos.get() - startNanos));
        long attempted = corrected.requestsStarted();
        Map<ErrorClass, Long> errors = corrected.errorTotals();
        long errorCount = errors.values().stream().mapToLong(Long::longValue).sum();
        long scheduled = schedules.stream().mapToLong(List::size).sum();
        double targetOpsPerSecond = scheduled / Math.max(1e-3, traceMillis / 1000.0 / plan.speed());
        RateSection section = new RateSection(targetOpsPerSecond, attempted / (elapsed.toNanos() / 1e9), errorBudget,
                attempted == 0 || (double) errorCount / attempted <= errorBudget, uncorrected.summarize(elapsed),
                new TraceSchedule(plan.speed(), scheduled, traceMillis, percentiles(lateness), lateness.getMaxValue()));
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
