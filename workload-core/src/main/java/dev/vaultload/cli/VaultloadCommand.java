package dev.vaultload.cli;

import dev.vaultload.fixture.FixtureException;
import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.io.IOException;

/**
 * The {@code vaultload} command line. Exit codes: 0 success, 2 bad input (an option, or a fixture file, its
 * operation and field, named in a one-line message on stderr), 1 anything else.
 */
@Command(name = "vaultload", mixinStandardHelpOptions = true,
        description = "Vaultload: workload fixtures for encrypted object storage.",
        subcommands = {GenerateCommand.class, SummaryCommand.class})
public final class VaultloadCommand implements Runnable {
    static final int BAD_INPUT = 2;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing subcommand: generate or summary");
    }

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /** The configured command line, also used by tests. */
    public static CommandLine commandLine() {
        return new CommandLine(new VaultloadCommand())
                .setParameterExceptionHandler((exception, args) -> {
                    exception.getCommandLine().getErr().println("vaultload: " + exception.getMessage());
                    return BAD_INPUT;
                })
                .setExecutionExceptionHandler((exception, commandLine, parseResult) -> {
                    commandLine.getErr().println("vaultload: " + exception.getMessage());
                    boolean badInput = exception instanceof FixtureException
                            || exception instanceof IllegalArgumentException
                            || exception instanceof IOException;
                    return badInput ? BAD_INPUT : 1;
                });
    }
}
