package dev.vaultload.cli;

import dev.vaultload.run.RunSettings;
import dev.vaultload.settings.Setting;
import dev.vaultload.settings.SettingsRegistry;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.UsageMessageSpec;

/**
 * Every registered setting as an option of {@code run}: {@code --NAME} and {@code --name-in-kebab-case}, with the
 * registry's help and default; looked up by the run and the storage providers through {@link #lookup}: the option
 * if given, else the system property, else the environment variable.
 */
final class SuiteSettings {
    private static final Pattern MARKDOWN_LINK = Pattern.compile("\\[([^]]+)]\\(([^)]+)\\)");

    private SuiteSettings() {
    }

    /** Adds {@code --NAME} / {@code --name} for every registered setting to the command. */
    static void addTo(CommandLine command) {
        addTo(command, setting -> true);
    }

    /**
     * Adds {@code --NAME} / {@code --name} for the registered settings that {@code which} accepts, and a help whose option
     * list stands under a heading per topic (what every run sets first), so that it reads by subject rather than as one
     * long list.
     */
    static void addTo(CommandLine command, Predicate<Setting<?>> which) {
        CommandSpec spec = command.getCommandSpec();
        Map<String, List<OptionSpec>> byTopic = new LinkedHashMap<>();
        SettingsRegistry.byTopic().forEach((topic, settings) -> settings.stream().filter(which).forEach(setting -> {
            OptionSpec option = OptionSpec.builder(longName(setting.name()), kebabName(setting.name()))
                    .paramLabel("VALUE").type(String.class).description(description(setting)).build();
            spec.addOption(option);
            byTopic.computeIfAbsent(topic, ignored -> new ArrayList<>()).add(option);
        }));
        command.getHelpSectionMap().put(UsageMessageSpec.SECTION_KEY_OPTION_LIST, help -> optionList(help, byTopic));
    }

    /** The command's own options first, then the settings under their topics. */
    private static String optionList(Help help, Map<String, List<OptionSpec>> byTopic) {
        List<OptionSpec> settings = byTopic.values().stream().flatMap(List::stream).toList();
        StringBuilder list = new StringBuilder(layout(help, help.commandSpec().options().stream()
                .filter(option -> !settings.contains(option)).toList()));
        byTopic.forEach((topic, options) -> list.append(System.lineSeparator()).append(topic).append(':')
                .append(System.lineSeparator()).append(layout(help, options)));
        return list.toString();
    }

    private static String layout(Help help, List<OptionSpec> options) {
        Help.Layout layout = help.createDefaultLayout();
        options.forEach(option -> layout.addOption(option, help.createDefaultParamLabelRenderer()));
        return layout.toString();
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
        String help = plainText(setting.meaning());
        if (setting.defaultValue() != null) {
            help += " (default " + setting.defaultValue() + ")";
        } else if (setting.defaultNote() != null) {
            help += " (unset: " + setting.defaultNote().replace("`", "") + ")";
        }
        return help.replace("%", "%%");
    }

    /** The registry's Markdown as a terminal shows it: no backticks, a link as its text (and its target if other). */
    static String plainText(String markdown) {
        Matcher link = MARKDOWN_LINK.matcher(markdown.replace("`", ""));
        StringBuilder plain = new StringBuilder();
        while (link.find()) {
            String text = link.group(1);
            String target = link.group(2);
            link.appendReplacement(plain, Matcher.quoteReplacement(text.equals(target) || target.startsWith("#")
                    ? text : text + " (" + target + ")"));
        }
        return link.appendTail(plain).toString();
    }

    private static String longName(String name) {
        return "--" + name;
    }

    private static String kebabName(String name) {
        return "--" + name.toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
