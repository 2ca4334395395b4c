package dev.vaultload.history;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Names for the series of several configurations on one chart: what they share, for its heading, and what sets each
 * apart, for its line. A whole key runs off the chart as a line's label, and twelve of them say the same twelve times.
 *
 * @param shared    {@code name=value,...} of the key's fields every configuration shares
 * @param differing the fields whose values are not the same in every configuration
 */
record SeriesNames(String shared, Set<String> differing) {

    static SeriesNames of(List<Configuration> configurations) {
        Configuration first = configurations.getFirst();
        Set<String> differing = first.fields().keySet().stream()
                .filter(field -> configurations.stream().map(one -> one.fields().get(field)).distinct().count() > 1)
                .collect(Collectors.toSet());
        Map<String, String> shared = new LinkedHashMap<>(first.keyFields());
        shared.keySet().removeAll(differing);
        return new SeriesNames(Configuration.key(shared), differing);
    }

    /** {@code cipher=AES256_CBC,threads=4}: the fields that set {@code configuration} apart, each named. */
    String label(Configuration configuration) {
        Map<String, String> own = new LinkedHashMap<>(configuration.fields());
        own.keySet().retainAll(differing);
        return Configuration.key(own);
    }
}
