package dev.vaultload.cli;

import dev.vaultload.history.RunHistory;
import dev.vaultload.report.RunTrends;
import dev.vaultload.report.RunMode;
import dev.vaultload.report.RunResult;
import dev.vaultload.report.Thresholds;
import dev.vaultload.run.Interruption;
import dev.vaultload.run.ModeSettings;
import dev.vaultload.run.RunSettings;
import dev.vaultload.run.Suite;
import dev.vaultload.run.SuiteSession;
import dev.vaultload.run.load.LoadOperation;
import dev.vaultload.run.trace.TracePlan;
import dev.vaultload.scaleout.ShardPlan;
import dev.vaultload.scaleout.ShardResults;
import dev.vaultload.scaleout.ShardStart;
import dev.vaultload.settings.SettingsRegistry;
import dev.vaultload.storage.StorageProviderFactory;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code vaultload run}: RandomActionsOnDatasafeTest's job (FIXTURE), or a headroom measurement
 * (HEADROOM), or an open-loop run at a target rate (RATE) or at an imported trace's pace (TRACE), configured by the
 * suites' settings as options.
 */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false, usageHelpWidth = 120,
        customSynopsis = "vaultload run [--mode FIXTURE|HEADROOM|RATE|TRACE] [--SETTING=VALUE | --setting VALUE]...",
        description = {"Run the workload against a storage provider. Every suite setting is an option (--THREADS 2,4 or "
                + "--threads 2,4); unset ones come from the system property or environment variable of the same name.",
                ExitCodes.SUMMARY})
final class RunCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Mixin
    private ThresholdOptions thresholdOptions;

    private final Function<String, StorageProviderFactory> providerNamed;
    private final LiveProgress progress;

    RunCommand(Function<String, StorageProviderFactory> providerNamed, LiveProgress progress) {
        this.providerNamed = providerNamed;
        this.progress = progress;
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        Function<String, String> given = thresholdOptions.addedTo(SuiteSettings.lookup(spec, progress.terminal()));
        // a value refused is the first thing to fix, before whether the mode would use it
        SettingsRegistry.checkAll(given);
        RunMode mode = ModeSettings.MODE.read(given);
        IneffectiveSettings.refuse(mode, SuiteSettings.given(spec));
        double errorBudget = ModeSettings.ERROR_BUDGET.read(given);
        LoadOperation operation = ModeSettings.OPERATION.read(given);
        OptionalDouble rate = mode == RunMode.RATE ? OptionalDouble.of(ModeSettings.requiredRate(given)) : OptionalDouble.empty();
        if (mode == RunMode.HEADROOM && !Thresholds.read(given).abortingOnFail().isEmpty()) {
            throw new IllegalArgumentException("abortOnFail does not apply to --mode HEADROOM, whose steps go on past the"
                    + " limits to find the knee: its thresholds are judged on the knee step at the end");
        }
        ShardPlan shard = ShardPlan.read(given);
        Function<String, String> settings = ShardPublishing.withShardFolder(given, shard);
        // reports name the suite whose job runs, so the parse module groups them with the JUnit suite's results
        Suite suite = Suite.valueOf(RunSettings.SUITE.read(settings));
        Optional<RunHistory> history = RunHistory.open(settings);
        Optional<ShardPublishing> publishing = ShardPublishing.open(settings, shard, RunSettings.REPORT_DIR.read(settings));
        try (SuiteSession session = SuiteSession.start(suite.name(), suite.privateOnly(), settings, providerNamed,
                plan -> publishing.map(shardResults -> shardResults.start(plan, settings))
                        .orElseGet(() -> ShardStart.startAtOnly(plan)),
                started -> {
                    if (mode == RunMode.TRACE) {
                        TracePlan.requireTimestamps(started.fixture(), started.fixtureLabel());
                    }
                })) {
            ThresholdGate gate = new ThresholdGate(spec.commandLine().getErr());
            Consumer<RunResult> recorder = result -> {
                publishing.ifPresent(shardResults -> shardResults.record(result));
                gate.accept(result);
            };
            LoadModeContext load = new LoadModeContext(session, progress, out, gate, ModeSettings.scheduleLimits(given));
            boolean passed = switch (mode) {
                case FIXTURE -> new FixtureMode(session, suite, progress, spec.commandLine().getErr(), recorder).run();
                case HEADROOM -> new HeadroomMode(load, ModeSettings.headroomPlan(given, session.shard()), operation).run();
                case RATE -> new RateMode(load, session.shard().shareOfRate(rate.getAsDouble()), operation, errorBudget).run();
                case TRACE -> new TraceMode(load, ModeSettings.SPEED.read(given), errorBudget).run();
            };
            history.ifPresent(kept -> out.println("added " + Plural.of(kept.addWritten(session.config().reportDirectory()),
                    "result") + " to the history"));
            Optional<Path> page;
            try (RunTrends trends = history.<RunTrends>map(RunHistory::trends).orElse(RunTrends.NONE)) {
                page = session.writeReportPage(trends);
            }
            publishing.ifPresent(shardResults -> shardResults.finish(Interruption.requested() ? "interrupted"
                    : passed ? ShardResults.PASSED : "failed"));
            out.println(FinalVerdict.line(session.results(), page));
            out.flush();
            return gate.exitCode(passed);
        } finally {
            publishing.ifPresent(ShardPublishing::close);
        }
    }
}
