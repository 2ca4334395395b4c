package dev.vaultload.settings;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.function.Function;

/**
 * Every setting on the class path, each declared once, by the part that reads it: the harness's first, then
 * the bindings' by declaring class, so the list is the same on every class path. The command line's options, its help and
 * the README's configuration table come from here.
 */
public final class SettingsRegistry {

    private SettingsRegistry() {
    }

    /** @throws IllegalStateException when two parts declare the same name */
    public static List<Setting<?>> all() {
        List<Setting<?>> settings = new ArrayList<>();
        declarations().forEach(declarations -> settings.addAll(declarations.settings()));
        Set<String> names = new HashSet<>();
        for (Setting<?> setting : settings) {
            if (!names.add(setting.name())) {
                throw new IllegalStateException("setting " + setting.name() + " is declared twice");
            }
        }
        return List.copyOf(settings);
    }

    /** Every setting by the topic its part gives it ({@link SettingDeclarations#topic()}), in the registry's order. */
    public static Map<String, List<Setting<?>>> byTopic() {
        Map<String, List<Setting<?>>> topics = new LinkedHashMap<>();
        declarations().forEach(declarations -> topics.computeIfAbsent(declarations.topic(), topic -> new ArrayList<>())
                .addAll(declarations.settings()));
        return topics;
    }

    private static List<SettingDeclarations> declarations() {
        return ServiceLoader.load(SettingDeclarations.class).stream()
                .map(ServiceLoader.Provider::get)
                .sorted(Comparator.comparingInt(SettingDeclarations::rank)
                        .thenComparing(declarations -> declarations.getClass().getName()))
                .toList();
    }

    /**
     * Checks every setting {@code lookup} has a value for, also those that only a provider or engine not chosen
     * would read, so that a bad value fails before anything starts.
     *
     * @throws IllegalArgumentException naming the first setting whose value is not accepted
     */
    public static void checkAll(Function<String, String> lookup) {
        all().forEach(setting -> setting.find(lookup));
    }

    /**
     * System property first, then the environment variable of the same name; null when neither is set. A property
     * set empty counts as set (and is refused by {@link Setting#in}), so it never falls through to the environment.
     */
    public static Function<String, String> system() {
        return name -> {
            String value = System.getProperty(name);
            return value == null ? System.getenv(name) : value;
        };
    }
}
