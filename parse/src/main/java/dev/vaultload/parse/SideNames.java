package dev.vaultload.parse;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * What the two sides of a comparison are called: the values of the fields in which they differ, so that a verdict
 * reads "AES256_GCM 0.82x of AES256_CBC". First the configuration's fields (storage, engine, cipher, buckets, suite,
 * then the run's settings: mode, fixture, KDF iterations, ...); only when none of those differ the environment's
 * (commit, JDK, host: two builds compared); then the names of the folders the sides were read from; else A and B.
 *
 * @param a      side A's name
 * @param b      side B's
 * @param fields the fields whose values name them; empty when nothing differs
 */
public record SideNames(String a, String b, List<String> fields) {
    /** Where a run ran rather than what it ran. */
    private static final Set<String> ENVIRONMENT = Set.of("gitCommit", "jdk", "cores", "os", "host");

    /** A field of a measurement, and how a name shows its value: a dimension's value says what it is, a setting's does not. */
    private record Field(String name, Function<Measurement, String> value, boolean named) {
        String describe(Collection<Measurement> side) {
            Set<String> values = side.stream().map(value).map(v -> v == null || v.isEmpty() ? "unknown" : v)
                    .collect(Collectors.toCollection(TreeSet::new));
            return (named ? name + " " : "") + String.join(",", values);
        }
    }

    static SideNames of(List<Measurement> a, List<Measurement> b) {
        List<Field> configuration = new ArrayList<>();
        Configuration.DIMENSIONS.forEach(dimension ->
                configuration.add(new Field(dimension, m -> m.configuration().value(dimension), false)));
        List<Field> environment = new ArrayList<>();
        for (String setting : settings(a, b)) {
            (ENVIRONMENT.contains(setting) ? environment : configuration)
                    .add(new Field(setting, m -> m.run().settings().get(setting), true));
        }
        for (List<Field> fields : List.of(configuration, environment)) {
            List<Field> differing = fields.stream().filter(field -> !field.describe(a).equals(field.describe(b))).toList();
            if (!differing.isEmpty()) {
                return new SideNames(describe(differing, a), describe(differing, b),
                        differing.stream().map(Field::name).toList());
            }
        }
        String folderA = folderName(a);
        String folderB = folderName(b);
        return folderA.isEmpty() || folderB.isEmpty() || folderA.equals(folderB)
                ? new SideNames("A", "B", List.of()) : new SideNames(folderA, folderB, List.of());
    }

    /** The settings either side's runs have, in the order the readers list them; those that differ by nature left out. */
    private static Set<String> settings(List<Measurement> a, List<Measurement> b) {
        Set<String> settings = new LinkedHashSet<>();
        a.forEach(m -> settings.addAll(m.run().settings().keySet()));
        b.forEach(m -> settings.addAll(m.run().settings().keySet()));
        settings.removeAll(ResultComparison.IGNORED_SETTINGS);
        return settings;
    }

    private static String describe(List<Field> fields, List<Measurement> side) {
        return fields.stream().map(field -> field.describe(side)).collect(Collectors.joining(" "));
    }

    /** The name of the deepest folder that holds all of the side's files; empty without files. */
    private static String folderName(List<Measurement> side) {
        Path common = null;
        for (Measurement measurement : side) {
            Path folder = measurement.run().source().toAbsolutePath().getParent();
            common = common == null ? folder : common;
            while (!folder.startsWith(common)) {
                common = common.getParent();
            }
        }
        return common == null || common.getFileName() == null ? "" : common.getFileName().toString();
    }
}
