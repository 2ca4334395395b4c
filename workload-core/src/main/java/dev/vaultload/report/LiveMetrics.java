package dev.vaultload.report;

import dev.vaultload.fixture.OperationType;
import dev.vaultload.stats.ErrorClass;
import dev.vaultload.stats.KeyManagerTally;
import dev.vaultload.stats.StatisticService;
import dev.vaultload.storage.StoreRequest;
import dev.vaultload.stats.HealthSample;
import dev.vaultload.stats.Interval;
import dev.vaultload.stats.IntervalListener;
import dev.vaultload.stats.ProcessHealth;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import io.prometheus.metrics.model.registry.Collector;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import io.prometheus.metrics.model.snapshots.Unit;
import java.io.IOException;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.IntSupplier;
import org.HdrHistogram.HistogramIterationValue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The live Prometheus / OpenMetrics endpoint of a run (METRICS_PORT), served by the official client's HTTP
 * server from a registry of its own. Every period of every combination feeds it through {@link #listener}: the
 * period's operations (counted and observed into latency histograms, native with classic buckets beside them
 * for servers without native-histogram support, {@link LatencyBuckets}), errors by class, payload bytes, the
 * key-manager calls and wait of each operation type that has a time split, the store requests by kind,
 * current pass and the process's health. Counts are added on the reporter's thread from the same histograms the
 * JSON report sums, so a scrape after the last period agrees with the report exactly, and a scrape takes every
 * series under the lock a period's update holds, so it never shows half a period (operations counted that the
 * histogram does not hold yet).
 */
public final class LiveMetrics implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(LiveMetrics.class);
    private static final String[] RUN_LABELS = {"storage", "engine", "threads", "file_size_kib"};
    private static final double MICROS_PER_SECOND = 1_000_000.0;

    private final HTTPServer server;
    private final Counter operations;
    private final Counter errors;
    private final Counter payloadBytes;
    private final Histogram latency;
    private final Counter kmsCalls;
    private final Counter kmsWait;
    private final Counter storeRequests;
    private final Gauge pass;
    private final Gauge heapBytes;
    private final Gauge rssBytes;
    private final Gauge liveThreads;
    private final Gauge cpuMillisPerOperation;
    private final Gauge runFinished;
    private final Gauge thresholdMeasured;
    private final Gauge thresholdPassed;
    private final List<Collector> everySeries;
    /** Held while a period is added and while a scrape collects. */
    private final Object periodLock = new Object();

    private final Duration linger;
    private volatile boolean fedByARun;

    /**
     * Starts the endpoint when METRICS_PORT is set; empty when it is not.
     *
     * @throws IllegalArgumentException naming METRICS_PORT when its port cannot be served (in use)
     */
    public static Optional<LiveMetrics> start(Function<String, String> settings) {
        return MetricsSettings.METRICS_PORT.find(settings)
                .map(port -> new LiveMetrics(port, MetricsSettings.METRICS_LINGER.read(settings)));
    }

    /**
     * @param port   0 for a free one
     * @param linger how long {@link #close} keeps serving after a run
     * @throws IllegalArgumentException naming METRICS_PORT when the port cannot be served (in use): bad input
     */
    public LiveMetrics(int port, Duration linger) {
        this.linger = linger;
        operations = Counter.builder().name("vaultload_operations_total")
                .help("operations completed successfully").labelNames(labels("operation")).build();
        errors = Counter.builder().name("vaultload_errors_total")
                .help("failed operations by error class").labelNames(labels("error_class")).build();
        payloadBytes = Counter.builder().name("vaultload_payload_bytes_total").unit(Unit.BYTES)
                .help("document bytes moved by WRITE, READ and SHARE").labelNames(labels("operation")).build();
        latency = LatencyBuckets.histogram().name("vaultload_latency_seconds").unit(Unit.SECONDS)
                .help("latency of successful operations").labelNames(labels("operation")).build();
        kmsCalls = Counter.builder().name("vaultload_kms_calls_total")
                .help("key-manager calls of successful operations").labelNames(labels("operation")).build();
        kmsWait = Counter.builder().name("vaultload_kms_wait_seconds_total").unit(Unit.SECONDS)
                .help("time successful operations waited on their key-manager calls").labelNames(labels("operation")).build();
        storeRequests = Counter.builder().name("vaultload_store_requests_total")
                .help("requests of successful operations to the store through the harness's store, by kind")
                .labelNames(prepend("kind", labels("operation"))).build();
        pass = Gauge.builder().name("vaultload_pass").help("the pass of the fixture being replayed, from 1")
                .labelNames(RUN_LABELS).build();
        heapBytes = Gauge.builder().name("vaultload_heap_used_bytes").unit(Unit.BYTES).help("heap in use").build();
        rssBytes = Gauge.builder().name("vaultload_rss_bytes").unit(Unit.BYTES).help("resident set size").build();
        liveThreads = Gauge.builder().name("vaultload_threads").help("live threads of the JVM").build();
        cpuMillisPerOperation = Gauge.builder().name("vaultload_cpu_millis_per_operation")
                .help("process CPU per completed operation over the last period").build();
        runFinished = Gauge.builder().name("vaultload_run_finished")
                .help("1 once the run is over and these are its final figures").build();
        thresholdMeasured = Gauge.builder().name("vaultload_threshold_measured")
                .help("the value a threshold judged at the end of a combination, in the threshold's unit")
                .labelNames(labels("threshold")).build();
        thresholdPassed = Gauge.builder().name("vaultload_threshold_passed")
                .help("1 when the threshold held at the end of the combination, 0 when it was broken or had nothing to measure")
                .labelNames(labels("threshold")).build();
        everySeries = List.of(operations, errors, payloadBytes, latency, kmsCalls, kmsWait, storeRequests, pass, heapBytes, rssBytes, liveThreads,
                cpuMillisPerOperation, runFinished, thresholdMeasured, thresholdPassed);
        PrometheusRegistry registry = new PrometheusRegistry();
        registry.register((MultiCollector) this::collect);
        try {
            server = HTTPServer.builder().port(port).registry(registry).buildAndStart();
        } catch (IOException e) {
            throw new IllegalArgumentException("Invalid " + MetricsSettings.METRICS_PORT.name() + "='" + port
                    + "': cannot serve metrics there (" + e.getMessage() + "); give a free port, or 0 for any", e);
        }
        LOG.info("metrics: http://localhost:{}/metrics", server.getPort());
    }

    public int port() {
        return server.getPort();
    }

    /**
     * The listener of one combination's periods.
     *
     * @param passes the pass being replayed; 0 (no series) before the first and where a mode has no passes
     */
    public IntervalListener listener(String storage, String engine, int threads, int fileSizeKib, IntSupplier passes) {
        fedByARun = true;
        return new CombinationMetrics(new String[] {storage, engine, Integer.toString(threads), Integer.toString(fileSizeKib)},
                fileSizeKib * 1024L, passes);
    }

    /** A combination's threshold verdicts, once it is over; nothing when it had none. */
    public void judged(RunResult result) {
        if (result.thresholds() == null) {
            return;
        }
        String engine = result.engineDescription() == null ? "" : result.engineDescription().engine();
        String[] run = {result.setup().storage(), engine, Integer.toString(result.setup().threads()),
                Integer.toString(result.setup().fileSizeKib())};
        synchronized (periodLock) {
            for (ThresholdVerdict verdict : result.thresholds()) {
                String[] labels = prepend(verdict.threshold(), run);
                if (verdict.measured() != null) {
                    thresholdMeasured.labelValues(labels).set(verdict.measured());
                }
                thresholdPassed.labelValues(labels).set(verdict.breached() ? 0 : 1);
            }
        }
    }

    /**
     * Marks the run finished and, when a run fed the endpoint, keeps serving for the whole METRICS_LINGER before it
     * stops: every server that scrapes at least once in that time (the linger is at least its scrape interval) reads
     * the final figures and {@code vaultload_run_finished} 1, however many servers scrape and whenever the run ended
     * between their scrapes. Without a run (the session failed to start) it stops at once: there is nothing to read.
     */
    @Override
    public void close() {
        synchronized (periodLock) {
            runFinished.set(1);
        }
        try {
            if (fedByARun) {
                Thread.sleep(linger.toMillis());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            server.close();
        }
    }

    /** Every series, taken together under the period lock. */
    private MetricSnapshots collect() {
        synchronized (periodLock) {
            return new MetricSnapshots(everySeries.stream().map(Collector::collect).toList());
        }
    }

    private static String[] labels(String first) {
        return prepend(first, RUN_LABELS);
    }

    private static String[] prepend(String first, String[] rest) {
        String[] all = new String[rest.length + 1];
        all[0] = first;
        System.arraycopy(rest, 0, all, 1, rest.length);
        return all;
    }

    private final class CombinationMetrics implements IntervalListener {
        private final String[] run;
        private final long documentBytes;
        private final IntSupplier passes;
        private final ProcessHealth health = new ProcessHealth();
        private final Map<ErrorClass, Long> errorsSoFar = new EnumMap<>(ErrorClass.class);
        private final Map<OperationType, KeyManagerTally> keyManagerSoFar = new EnumMap<>(OperationType.class);
        private final Map<OperationType, Map<StoreRequest, Long>> storeRequestsSoFar = new EnumMap<>(OperationType.class);
        private HealthSample previous;

        CombinationMetrics(String[] run, long documentBytes, IntSupplier passes) {
            this.run = run;
            this.documentBytes = documentBytes;
            this.passes = passes;
            // every class from the start: a series that appears only with the first error cannot be alerted on
            for (ErrorClass errorClass : ErrorClass.values()) {
                errors.labelValues(withFirst(errorClass.name()));
            }
            // every operation type from the start at 0: a series' first sample is the baseline of rate() and
            // increase(), so one that appeared with its first period would leave that period's operations out
            for (OperationType type : OperationType.values()) {
                String[] labels = withFirst(type.name());
                operations.labelValues(labels);
                latency.labelValues(labels);
                if (type.movesDocument()) {
                    payloadBytes.labelValues(labels);
                }
                if (StatisticService.SPLIT_TYPES.contains(type)) {
                    kmsCalls.labelValues(labels);
                    kmsWait.labelValues(labels);
                }
            }
        }

        @Override
        public void onInterval(Interval interval) {
            synchronized (periodLock) {
                add(interval);
            }
        }

        private void add(Interval interval) {
            interval.latencyMicros().forEach((type, histogram) -> {
                String[] labels = withFirst(type.name());
                operations.labelValues(labels).inc(histogram.getTotalCount());
                if (type.movesDocument()) {
                    payloadBytes.labelValues(labels).inc(histogram.getTotalCount() * documentBytes);
                }
                var observed = latency.labelValues(labels);
                // the client observes one value at a time: each recorded bucket's value, as often as it was recorded
                for (HistogramIterationValue bucket : histogram.recordedValues()) {
                    double seconds = histogram.medianEquivalentValue(bucket.getValueIteratedTo()) / MICROS_PER_SECOND;
                    for (long count = 0; count < bucket.getCountAtValueIteratedTo(); count++) {
                        observed.observe(seconds);
                    }
                }
            });
            interval.errors().forEach((errorClass, total) -> {
                long added = total - errorsSoFar.getOrDefault(errorClass, 0L);
                if (added > 0) {
                    errors.labelValues(withFirst(errorClass.name())).inc(added);
                }
                errorsSoFar.put(errorClass, total);
            });
            interval.keyManager().forEach((type, total) -> {
                KeyManagerTally before = keyManagerSoFar.getOrDefault(type, new KeyManagerTally(0, 0));
                String[] labels = withFirst(type.name());
                kmsCalls.labelValues(labels).inc(total.calls() - before.calls());
                kmsWait.labelValues(labels).inc((total.waitMicros() - before.waitMicros()) / MICROS_PER_SECOND);
                keyManagerSoFar.put(type, total);
            });
            // a kind's series appears with its first request (every kind for every type from the start would be
            // dozens of series at 0): its first sample already holds that period's requests, so read totals
            interval.storeRequests().forEach((type, totals) -> totals.forEach((kind, total) -> {
                long before = storeRequestsSoFar.getOrDefault(type, Map.of()).getOrDefault(kind, 0L);
                storeRequests.labelValues(prepend(kind.name(), withFirst(type.name()))).inc(total - before);
            }));
            storeRequestsSoFar.putAll(interval.storeRequests());
            int current = passes.getAsInt();
            if (current > 0) {
                pass.labelValues(run).set(current);
            }
            sampleHealth(interval);
        }

        private void sampleHealth(Interval interval) {
            HealthSample sample = health.sample(interval.runMillis());
            heapBytes.set(sample.heapUsedBytes());
            if (sample.rssKnown()) {
                rssBytes.set(sample.rssBytes());
            }
            liveThreads.set(sample.liveThreads());
            long completed = interval.completedInPeriod();
            if (previous != null && completed > 0) {
                cpuMillisPerOperation.set((sample.processCpuMillis() - previous.processCpuMillis()) / (double) completed);
            }
            previous = sample;
        }

        private String[] withFirst(String value) {
            return prepend(value, run);
        }
    }
}
