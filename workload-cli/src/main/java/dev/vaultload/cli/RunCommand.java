package dev.vaultload.cli;

import dev.vaultload.history.RunHistory;
import dev.vaultload.report.FinalVerdict;
import dev.vaultload.report.Plural;
import dev.vaultload.report.RunResult;
import dev.vaultload.report.RunTrends;
import dev.vaultload.report.TakenFromEarlierLives;
import dev.vaultload.run.Interruption;
import dev.vaultload.run.Mode;
import dev.vaultload.run.ModeContext;
import dev.vaultload.run.ModeSettings;
import dev.vaultload.run.RunConsole;
import dev.vaultload.run.RunSettings;
import dev.vaultload.run.Suite;
import dev.vaultload.run.SuiteSession;
import dev.vaultload.run.modes.Modes;
import dev.vaultload.scaleout.ShardPlan;
import dev.vaultload.scaleout.ShardResults;
import dev.vaultload.scaleout.ShardSettings;
import dev.vaultload.scaleout.ShardStart;
import dev.vaultload.settings.SettingsRegistry;
import dev.vaultload.storage.StorageProviderFactory;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
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
        IneffectiveSettings.refuse(ModeSettings.MODE.read(given), SuiteSettings.given(spec));
        ShardPlan shard = ShardPlan.read(given);
        Mode mode = Modes.read(given, shard);
        Function<String, String> settings = ShardPublishing.withShardFolder(given, shard);
        // reports name the suite whose job runs, so the parse module groups them with the JUnit suite's results
        Suite suite = Suite.valueOf(RunSettings.SUITE.read(settings));
        Optional<RunHistory> history = RunHistory.open(settings);
        Optional<ShardPublishing> publishing = ShardPublishing.open(settings, shard, RunSettings.REPORT_DIR.read(settings));
        if (publishing.isPresent() && publishing.get().lostLife()) {
            try (ShardPublishing lost = publishing.get()) {
                out.println("shard " + shard.index() + " of RUN_ID " + shard.runId().orElseThrow() + ": "
                        + lost.endLostLife());
            }
            return ExitCodes.OK;
        }
        ShardStart start = publishing.map(shardResults -> shardResults.start(shard, settings))
                .orElseGet(() -> ShardStart.startAtOnly(shard));
        try (SuiteSession session = SuiteSession.start(suite.name(), suite.privateOnly(), settings, providerNamed, shard,
                start, mode)) {
            boolean passed = mode.run(new ModeContext(session, new RunConsole(out, spec.commandLine().getErr(), progress)));
            history.ifPresent(kept -> out.println("added " + Plural.of(kept.add(session.writtenJson()), "result")
                    + " to the history"));
            Optional<Path> page;
            try (RunTrends trends = history.<RunTrends>map(RunHistory::trends).orElse(RunTrends.NONE)) {
                page = session.writeReportPage(trends);
            }
            publishing.ifPresent(shardResults -> shardResults.finish(Interruption.requested() ? "interrupted"
                    : passed ? ShardResults.PASSED : "failed"));
            // the combinations an earlier life of this RUN_ID finished count in the verdict, as in the exit status
            TakenFromEarlierLives earlier = session.takenEarlier();
            out.println(FinalVerdict.line(session.results(), earlier, page));
            out.flush();
            int status = ExitCodes.of(passed, session.results().stream().anyMatch(RunResult::thresholdsBreached)
                    || !earlier.breached().isEmpty());
            // in a Kubernetes Job a non-zero exit restarts the container: the verdict is in done, for the merge
            return publishing.isPresent() && ShardSettings.EXIT_ZERO_WHEN_DONE.read(settings) ? ExitCodes.OK : status;
        } finally {
            publishing.ifPresent(ShardPublishing::close);
        }
    }
}
