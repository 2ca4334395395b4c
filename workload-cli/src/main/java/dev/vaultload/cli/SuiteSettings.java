package dev.vaultload.cli;

import dev.vaultload.run.RunSettings;
import dev.vaultload.settings.Setting;
import dev.vaultload.settings.SettingsRegistry;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Every registered setting as an option of {@code run}: {@code --NAME} and {@code --name-in-kebab-case}, with the
 * registry's help and default; looked up by the run and the storage providers through {@link #lookup}: the option
 * if given, else the system property, else the environment variable.
 */
final class SuiteSettings {

    private SuiteSettings() {
    }

    /** Adds {@code --NAME} / {@code --name} for every registered setting to the command. */
    static void addTo(CommandSpec command) {
        addTo(command, setting -> true);
    }

    /** Adds {@code --NAME} / {@code --name} for the registered settings that {@code which} accepts. */
    static void addTo(CommandSpec command, Predicate<Setting<?>> which) {
        for (Setting<?> setting : SettingsRegistry.all().stream().filter(which).toList()) {
            command.addOption(OptionSpec.builder(longName(setting.name()), kebabName(setting.name()))
                    .paramLabel("VALUE").type(String.class).description(description(setting)).build());
        }
    }

    /**
     * The option if given, else the system property or environment variable of the same name.
     *
     * @param interactive on a terminal PERIOD defaults to 1s, so a progress bar moves every second
     */
    static Function<String, String> lookup(CommandSpec command, boolean interactive) {
        Function<String, String> system = SettingsRegistry.system();
        return name -> {
            OptionSpec option = command.findOption(longName(name));
            String given = option == null ? null : option.getValue();
            String value = given != null ? given : system.apply(name);
            return value == null && interactive && name.equals(RunSettings.PERIOD.name()) ? "1s" : value;
        };
    }

    /** The settings given as options on the command line, by name, in the registry's order. */
    static Map<String, String> given(CommandSpec command) {
        Map<String, String> given = new LinkedHashMap<>();
        for (Setting<?> setting : SettingsRegistry.all()) {
            OptionSpec option = command.findOption(longName(setting.name()));
            if (option != null && option.getValue() != null) {
                given.put(setting.name(), option.getValue());
            }
        }
        return given;
    }

    /**
     * The help line: what it means and accepts, and its default (a secret has none to show); '%' doubled, since
     * picocli formats descriptions (a bare one, as in "errors < 0.1%", makes it warn on every --help).
     */
    private static String description(Setting<?> setting) {
        String help = setting.meaning().replace("`", "");
        if (setting.defaultValue() != null) {
            help += " (default " + setting.defaultValue() + ")";
        } else if (setting.defaultNote() != null) {
            help += " (unset: " + setting.defaultNote().replace("`", "") + ")";
        }
        return help.replace("%", "%%");
    }

    private static String longName(String name) {
        return "--" + name;
    }

    private static String kebabName(String name) {
        return "--" + name.toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
