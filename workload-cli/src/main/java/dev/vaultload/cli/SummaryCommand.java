package dev.vaultload.cli;

import dev.vaultload.fixture.Fixture;
import dev.vaultload.fixture.FixtureLoader;
import dev.vaultload.fixture.FixtureProfile;
import dev.vaultload.fixture.FixtureSummary;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code vaultload summary FILE}: loads a fixture strictly and prints its summary. */
@Command(name = "summary", mixinStandardHelpOptions = true,
        description = "Load a fixture strictly (as a run would) and print its summary: operations, mix, WRITE sizes, popularity.")
final class SummaryCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Parameters(paramLabel = "FILE", description = "the fixture JSON file")
    private Path file;

    @Override
    public Integer call() {
        Fixture fixture = new FixtureLoader().load(file);
        FixtureSummary summary = FixtureSummary.of(fixture);
        SummaryText.print(summary, file.toString(), spec.commandLine().getOut());
        SummaryText.print(summary, FixtureProfile.of(fixture), spec.commandLine().getOut());
        return 0;
    }
}
