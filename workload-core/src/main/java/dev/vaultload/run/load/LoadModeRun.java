package dev.vaultload.run.load;

import dev.vaultload.ceiling.CryptoCeiling;
import dev.vaultload.content.ContentGenerator;
import dev.vaultload.report.ReportFiles;
import dev.vaultload.report.ReportName;
import dev.vaultload.report.RunMode;
import dev.vaultload.report.RunResult;
import dev.vaultload.report.RunSetup;
import dev.vaultload.report.ScheduleLimits;
import dev.vaultload.run.Combination;
import dev.vaultload.run.ProviderCounters;
import dev.vaultload.run.SuiteSession;
import dev.vaultload.storage.BlobStore;
import dev.vaultload.storage.StorageProvider;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * What HEADROOM and RATE share: the workload prepared on the combination's store, its measurement recorded, and
 * the result written as every mode's is, in the REPORT_FORMATS chosen.
 */
public final class LoadModeRun {
    private final SuiteSession session;
    private final ScheduleLimits schedule;
    private final RunMode mode;
    private final String suite;
    private final LoadOperation operation;

    /** @param schedule how far an open loop may fall behind its schedule and pass ({@link ScheduleLimits#NONE}: closed) */
    public LoadModeRun(SuiteSession session, RunMode mode, LoadOperation operation, ScheduleLimits schedule) {
        this(session, mode, mode.name(), operation, schedule);
    }

    /** @param suite what the result names as its suite: the mode, or what ran beside it ({@code RATE beside ...}) */
    public LoadModeRun(SuiteSession session, RunMode mode, String suite, LoadOperation operation, ScheduleLimits schedule) {
        this.session = session;
        this.schedule = schedule;
        this.mode = mode;
        this.suite = suite;
        this.operation = operation;
    }

    /**
     * @param name    the base name of the result's files
     * @param label   what ran, for the .hlog and the console
     * @param measure runs the mode on the prepared workload, reporting to the recording
     */
    public RunResult run(Combination combination, ReportName name, String label,
                  BiFunction<LoadWorkload, LoadRecording, LoadMeasurement> measure) {
        StorageProvider provider = session.provider(combination);
        BlobStore bucket = provider.openBucket(provider.defaultBucket());
        RunSetup setup = RunSetup.ofLoad(mode, suite, combination.storage(), bucket.describe(), combination.threads(),
                combination.fileSizeKib(), session.fixtureLabel() + " " + operation, session.config().workers().nice());
        ReportFiles files = new ReportFiles(session.config().reportDirectory(), name.base());
        CryptoCeiling ceiling = session.config().measuredCeiling(); // before the workload: nothing else runs beside it
        try (LoadWorkload workload = LoadWorkload.prepare(operation, session.fixture(), bucket,
                store -> session.engine(combination, store), new ContentGenerator(), combination.fileSizeBytes());
             LoadRecording recording = new LoadRecording(workload, files, setup, label,
                     session.config().reportFormats(), session.config().thresholds(), schedule, ceiling)) {
            ProviderCounters counters = ProviderCounters.start(provider);
            LoadMeasurement measurement = measure.apply(workload, recording);
            RunResult result = recording.finish(measurement, session.config().maxRssGrowthPercent(), counters.addTo(Map.of()));
            session.recorded(result, files.jsonIn(session.config().reportFormats()));
            return result;
        }
    }
}
