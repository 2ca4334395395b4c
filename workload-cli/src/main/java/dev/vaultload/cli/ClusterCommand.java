package dev.vaultload.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code vaultload cluster job|run}: a sharded run as a Kubernetes Indexed Job. */
@Command(name = "cluster", mixinStandardHelpOptions = true,
        description = "A sharded run on Kubernetes: job prints its objects as YAML, run submits them, waits and merges.")
final class ClusterCommand implements Runnable {
    @Spec
    private CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing subcommand: job or run");
    }
}
