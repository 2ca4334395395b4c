package dev.vaultload.bench;

import dev.vaultload.ceiling.CeilingBenchmark;
import dev.vaultload.kms.KmsOverheadBenchmark;
import dev.vaultload.vault.MemoryBoundBenchmark;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code java -jar vaultload-bench.jar jmh|harness|s3-get|merge|share|crypto-report|kms-overhead|memory-bound|ceiling ...}: every benchmark of
 * docs/benchmarks.md that runs in a JVM, from one jar; the scripts/*-bench.sh build it and run it. Exit status: 0 the
 * benchmark ran, 1 it failed (crypto-report: a figure it cannot believe), 2 bad usage (one line on stderr).
 */
@Command(name = "vaultload-bench", mixinStandardHelpOptions = true,
        description = "Vaultload's benchmarks. Exit status: 0 ran, 1 failed, 2 bad usage.",
        subcommands = {JmhCommand.class, HarnessBenchmark.class, S3GetBenchmark.class, MergeBenchmark.class,
                ShareBenchmark.class, CryptoReportCommand.class, KmsOverheadBenchmark.class, MemoryBoundBenchmark.class,
                CeilingBenchmark.class})
public final class BenchCommand implements Runnable {
    static final int RAN = 0;
    static final int FAILED = 1;
    static final int BAD_USAGE = 2;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(),
                "Missing subcommand: jmh, harness, s3-get, merge, share, crypto-report, kms-overhead, memory-bound or ceiling");
    }

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /** The command line with its exit statuses: bad usage is one line on stderr; a failed benchmark, its trace. */
    static CommandLine commandLine() {
        CommandLine commandLine = new CommandLine(new BenchCommand()).setCaseInsensitiveEnumValuesAllowed(true);
        // JMH parses its own options: everything after `jmh` goes to it unread
        commandLine.getSubcommands().get("jmh").setUnmatchedOptionsArePositionalParams(true);
        commandLine.setParameterExceptionHandler((exception, args) -> {
            exception.getCommandLine().getErr().println("vaultload-bench: " + exception.getMessage());
            return BAD_USAGE;
        });
        commandLine.setExecutionExceptionHandler((exception, failed, parseResult) -> {
            failed.getErr().println("vaultload-bench: " + failed.getCommandName() + " failed: " + exception);
            exception.printStackTrace(failed.getErr());
            return FAILED;
        });
        return commandLine;
    }
}
