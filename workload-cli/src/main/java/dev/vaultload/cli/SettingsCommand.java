package dev.vaultload.cli;

import dev.vaultload.settings.SettingsRegistry;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code vaultload settings}: every setting with its default and meaning, as the README's Markdown table. */
@Command(name = "settings", mixinStandardHelpOptions = true,
        description = "Print every setting (system property, environment variable or run option) as a Markdown table.")
final class SettingsCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        SettingsTable.markdown(SettingsRegistry.all()).forEach(spec.commandLine().getOut()::println);
        return ExitCodes.OK;
    }
}
