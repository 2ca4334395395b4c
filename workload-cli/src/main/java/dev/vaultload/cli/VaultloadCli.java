package dev.vaultload.cli;

import dev.vaultload.history.HistoryCommand;
import dev.vaultload.kms.KmsCommand;
import dev.vaultload.parse.ParseCommand;
import dev.vaultload.report.VaultloadBuild;
import dev.vaultload.storage.StorageProviderFactory;
import dev.vaultload.storage.StorageProviders;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.ToIntFunction;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/**
 * {@code java -jar vaultload.jar run|generate|summary|fixture|settings|parse|compare|history}: the suites, the fixture generator and the parse
 * module in one executable jar, for machines without Maven.
 */
@Command(name = "vaultload", mixinStandardHelpOptions = true,
        description = {"Vaultload: workload tests for encrypted object storage.", ExitCodes.SUMMARY})
public final class VaultloadCli implements Runnable {
    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing subcommand: run, generate, summary, fixture, settings, parse, compare, history, kms, merge, cluster or s3-server");
    }

    public static void main(String[] args) {
        // Charts are drawn off screen: cloud machines have no display.
        System.setProperty("java.awt.headless", "true");
        if (args.length > 0 && args[0].equals("run")) { // other commands end at once on a signal, as usual
            SignalStop.install(System.err);
        }
        int exitCode = commandLine(StorageProviders::named, LiveProgress.ofConsole()).execute(args);
        System.exit(SignalStop.exitCode(exitCode));
    }

    /**
     * The configured command line.
     *
     * @param providerNamed the storage provider of a STORAGE_PROVIDERS name (tests add failing ones)
     */
    static CommandLine commandLine(Function<String, StorageProviderFactory> providerNamed, LiveProgress progress) {
        CommandLine root = new CommandLine(new VaultloadCli());
        CommandLine run = new CommandLine(new RunCommand(providerNamed, progress));
        SuiteSettings.addTo(run);
        run.setCaseInsensitiveEnumValuesAllowed(true);
        root.addSubcommand("run", run);
        root.addSubcommand("generate", new CommandLine(new GenerateCommand()));
        root.addSubcommand("summary", new CommandLine(new SummaryCommand()));
        root.addSubcommand("fixture", new CommandLine(new FixtureCommand()));
        root.addSubcommand("settings", new CommandLine(new SettingsCommand()));
        root.addSubcommand("s3-server", new CommandLine(new S3ServerCommand()));
        root.addSubcommand("merge", new CommandLine(new MergeCommand()));
        root.addSubcommand("recover", new CommandLine(new RecoverCommand()));
        root.addSubcommand("cluster", cluster(() -> new KubernetesClientBuilder().build(), runUrl -> {
            CommandLine merge = new CommandLine(new MergeCommand());
            ExitCodes.install(merge);
            merge.setOut(root.getOut());
            merge.setErr(root.getErr());
            return merge.execute(runUrl);
        }));
        CommandLine parse = withHelp(new CommandLine(new ParseCommand()));
        parse.getCommandSpec().name("parse").usageMessage().description(
                "Tables and charts from results: parse table|detail|charts ... (the parse module's commands)");
        root.addSubcommand("parse", parse);
        root.addSubcommand("compare", withHelp(new CommandLine(new ParseCommand())).getSubcommands().get("compare"));
        root.addSubcommand("history", new CommandLine(new HistoryCommand()));
        root.addSubcommand("kms", new CommandLine(new KmsCommand()));
        withVersion(root);
        ExitCodes.install(root);
        return root;
    }

    /** {@code --version} of every command: the version and commit this jar was built from. */
    private static void withVersion(CommandLine command) {
        command.getCommandSpec().versionProvider(() -> {
            VaultloadBuild build = VaultloadBuild.current();
            return new String[] {"vaultload " + build.version() + ", commit "
                    + (build.commitKnown() ? build.gitCommit() : "unknown (not built in a git work tree)")};
        });
        command.getSubcommands().values().forEach(VaultloadCli::withVersion);
    }

    /**
     * {@code cluster job|run}, every run setting an option of both.
     *
     * @param clients a client of the cluster ({@code cluster run})
     * @param merge   merges RESULTS_URL/RUN_ID and returns the exit status of {@code vaultload merge}
     */
    static CommandLine cluster(Supplier<KubernetesClient> clients, ToIntFunction<String> merge) {
        CommandLine cluster = new CommandLine(new ClusterCommand());
        CommandLine job = new CommandLine(new ClusterJobCommand());
        CommandLine run = new CommandLine(new ClusterRunCommand(clients, merge));
        for (CommandLine command : List.of(job, run)) {
            ClusterOptions.addRunSettings(command);
            cluster.addSubcommand(command);
        }
        return cluster;
    }

    /** The parse module's subcommands have no --help of their own: give them one. */
    private static CommandLine withHelp(CommandLine command) {
        command.getCommandSpec().mixinStandardHelpOptions(true);
        command.getSubcommands().values().forEach(VaultloadCli::withHelp);
        return command;
    }
}
