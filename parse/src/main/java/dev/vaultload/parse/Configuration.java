package dev.vaultload.parse;

import java.util.List;

/**
 * What a measurement was run on, as far as it decides the figures: the suite, the storage, the cipher and the
 * number of buckets. Unknown parts (a log names no cipher) are empty strings, bucket count 0.
 */
public record Configuration(String suite, String storage, String cipher, int buckets) {

    /** The parts a comparison can vary, in the order labels show them. */
    public static final List<String> DIMENSIONS = List.of("storage", "cipher", "buckets", "suite");

    public String value(String dimension) {
        return switch (dimension) {
            case "storage" -> storage;
            case "cipher" -> cipher;
            case "buckets" -> buckets == 0 ? "" : buckets + (buckets == 1 ? " bucket" : " buckets");
            case "suite" -> suite;
            default -> throw new IllegalArgumentException("unknown dimension " + dimension + ", one of " + DIMENSIONS);
        };
    }

    /** The same configuration with one dimension blanked, so that two sides of a comparison match on the rest. */
    public Configuration without(String dimension) {
        return switch (dimension) {
            case "storage" -> new Configuration(suite, "", cipher, buckets);
            case "cipher" -> new Configuration(suite, storage, "", buckets);
            case "buckets" -> new Configuration(suite, storage, cipher, 0);
            case "suite" -> new Configuration("", storage, cipher, buckets);
            default -> throw new IllegalArgumentException("unknown dimension " + dimension + ", one of " + DIMENSIONS);
        };
    }

    /** The values of the given dimensions joined by spaces, empty ones left out. */
    public String label(List<String> dimensions) {
        return String.join(" ", dimensions.stream().map(this::value).filter(value -> !value.isEmpty()).toList());
    }

    public String label() {
        return label(DIMENSIONS);
    }
}
