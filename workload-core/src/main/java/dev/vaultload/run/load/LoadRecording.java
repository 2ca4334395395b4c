package dev.vaultload.run.load;

import dev.vaultload.ceiling.CryptoCeiling;
import dev.vaultload.report.Environment;
import dev.vaultload.report.HistogramIntervalLog;
import dev.vaultload.report.ObjectOutcomes;
import dev.vaultload.report.ReportFiles;
import dev.vaultload.report.ResultFormat;
import dev.vaultload.report.RunResult;
import dev.vaultload.report.RunSetup;
import dev.vaultload.report.RunTiming;
import dev.vaultload.report.ScheduleLimits;
import dev.vaultload.report.Thresholds;
import dev.vaultload.run.Interruption;
import dev.vaultload.run.RunControl;
import dev.vaultload.run.ThresholdWatch;
import dev.vaultload.stats.HealthSampler;
import dev.vaultload.stats.HealthSeries;
import dev.vaultload.stats.IntervalListener;
import dev.vaultload.stats.ProcessHealth;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a load mode (HEADROOM, RATE) records besides its own figures, so that it ends in the same result and the
 * same files as a FIXTURE run: every failure, named by its stored object ({@link #control()}); the .hlog of every
 * measured period and health samples ({@link #listeners()}); then {@link #finish} builds the result and writes it
 * with {@link ReportFiles#sinks}.
 */
public final class LoadRecording implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(LoadRecording.class);

    private final LoadWorkload workload;
    private final ReportFiles files;
    private final RunSetup setup;
    private final Set<ResultFormat> formats;
    private final Thresholds thresholds;
    private final ScheduleLimits schedule;
    private final CryptoCeiling ceiling;
    private final RunControl control;
    private final ThresholdWatch watch;
    private final HistogramIntervalLog histogramLog;
    private final HealthSeries health = new HealthSeries();
    private final Instant startedAt = Instant.now();
    private final long startNanos = System.nanoTime();

    /** As the other, without thresholds or schedule limits. */
    public LoadRecording(LoadWorkload workload, ReportFiles files, RunSetup setup, String label,
                         Set<ResultFormat> formats) {
        this(workload, files, setup, label, formats, Thresholds.NONE, ScheduleLimits.NONE, null);
    }

    /**
     * @param label      the .hlog's heading, e.g. the storage, operation, size and cipher
     * @param formats    REPORT_FORMATS: the outputs the result is written to
     * @param thresholds judged on the result, and those marked abortOnFail after every period
     * @param schedule   how far an open loop's result may fall behind its schedule and pass
     * @param ceiling    this machine's crypto ceiling, measured before the load; null with CRYPTO_CEILING false
     */
    public LoadRecording(LoadWorkload workload, ReportFiles files, RunSetup setup, String label,
                         Set<ResultFormat> formats, Thresholds thresholds, ScheduleLimits schedule, CryptoCeiling ceiling) {
        this.ceiling = ceiling;
        this.workload = workload;
        this.files = files;
        this.setup = setup;
        this.formats = formats;
        this.thresholds = thresholds;
        this.schedule = schedule;
        this.control = workload.control();
        this.histogramLog = files.histogramLog(formats, label);
        this.watch = new ThresholdWatch(thresholds, control, Duration.ZERO);
    }

    /** Reports every measured operation's failure, naming its stored object. */
    public RunControl control() {
        return control;
    }

    /** The listeners of every measured period: the health sampler, the .hlog, the abortOnFail thresholds. */
    public List<IntervalListener> listeners() {
        return List.of(new HealthSampler(new ProcessHealth(), health), histogramLog, watch);
    }

    /** The result of the measurement, judged by the thresholds and written in the chosen formats as every mode's is. */
    public RunResult finish(LoadMeasurement measurement, OptionalDouble maxRssGrowthPercent) {
        return finish(measurement, maxRssGrowthPercent, Map.of());
    }

    /** As the other, with the provider's specifics for the report (see {@link RunResult#storageDetails()}). */
    public RunResult finish(LoadMeasurement measurement, OptionalDouble maxRssGrowthPercent, Map<String, Object> storageDetails) {
        Interruption.signal().ifPresent(signal -> histogramLog.comment("interrupted by " + signal));
        RunResult result = thresholds.judge(new RunResult(setup, workload.engineDescription(),
                new RunTiming(startedAt.toString(), Duration.ofNanos(System.nanoTime() - startNanos).toMillis(), 0,
                        Interruption.signal().orElse(null)),
                measurement.operations(), measurement.errors(), control.failures(), control.failureGroups(),
                ObjectOutcomes.NONE, measurement.cpu(), health.summarize(maxRssGrowthPercent), storageDetails,
                Environment.current().withCryptoCeiling(ceiling), null, null, measurement.headroom(),
                measurement.rate() == null ? null : measurement.rate().judged(schedule), null), watch.breaches());
        files.sinks(LOG, formats).forEach(sink -> sink.write(result));
        return result;
    }

    @Override
    public void close() {
        histogramLog.close();
    }
}
