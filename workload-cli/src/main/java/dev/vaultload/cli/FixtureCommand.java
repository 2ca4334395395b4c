package dev.vaultload.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code vaultload fixture import|summary}: fixtures made from traces, and what any fixture holds. */
@Command(name = "fixture", mixinStandardHelpOptions = true,
        description = "Fixtures from object-store traces: fixture import ...",
        subcommands = {ImportCommand.class})
final class FixtureCommand implements Runnable {
    @Spec
    private CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing subcommand: import");
    }
}
