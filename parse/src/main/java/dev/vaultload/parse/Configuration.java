package dev.vaultload.parse;

import dev.vaultload.engine.Engines;
import java.util.List;

/**
 * What a measurement was run on, as far as it decides the figures: the suite, the storage, the engine, the
 * cipher and the number of buckets. Unknown parts (a log names no cipher) are empty strings, bucket count 0.
 */
public record Configuration(String suite, String storage, String engine, String cipher, int buckets) {

    /** The parts a comparison can vary, in the order labels show them. */
    public static final List<String> DIMENSIONS = List.of("storage", "engine", "cipher", "buckets", "suite");

    /** The engine a result names; a Datasafe-format heading without {@code (engine X)} or an older JSON names none: the default. */
    public static String engineOrDefault(String named) {
        return named == null || named.isEmpty() ? Engines.DEFAULT : named;
    }

    public String value(String dimension) {
        return switch (dimension) {
            case "storage" -> storage;
            case "engine" -> engine;
            case "cipher" -> cipher;
            case "buckets" -> buckets == 0 ? "" : buckets + (buckets == 1 ? " bucket" : " buckets");
            case "suite" -> suite;
            default -> throw unknown(dimension);
        };
    }

    /** The same configuration with one dimension blanked, so that two sides of a comparison match on the rest. */
    public Configuration without(String dimension) {
        return switch (dimension) {
            case "storage" -> new Configuration(suite, "", engine, cipher, buckets);
            case "engine" -> new Configuration(suite, storage, "", cipher, buckets);
            case "cipher" -> new Configuration(suite, storage, engine, "", buckets);
            case "buckets" -> new Configuration(suite, storage, engine, cipher, 0);
            case "suite" -> new Configuration("", storage, engine, cipher, buckets);
            default -> throw unknown(dimension);
        };
    }

    /** The values of the given dimensions joined by spaces, empty ones left out. */
    public String label(List<String> dimensions) {
        return String.join(" ", dimensions.stream().map(this::value).filter(value -> !value.isEmpty()).toList());
    }

    public String label() {
        return label(DIMENSIONS);
    }

    private static IllegalArgumentException unknown(String dimension) {
        return new IllegalArgumentException("unknown dimension " + dimension + ", one of " + DIMENSIONS);
    }
}
