package dev.vaultload.run;

import dev.vaultload.stats.ErrorClass;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * Failures counted by class and by the prefix of the stored object they name (a user's private space, inbox or
 * key material), so that a report of thousands of failures still says where they are. Bounded by classes times
 * users times spaces, however long the run. Not thread-safe: the caller synchronizes.
 */
final class FailureGroups {
    static final String NO_OBJECT = "(no stored object named)";
    /** A store key's first segments: the user and the space (engines keep every key of a user under its id). */
    private static final int PREFIX_SEGMENTS = 2;

    private final Map<String, Long> counts = new TreeMap<>();

    void count(ErrorClass errorClass, String objectPrefix) {
        counts.merge(errorClass + " " + (objectPrefix == null ? NO_OBJECT : objectPrefix), 1L, Long::sum);
    }

    Map<String, Long> counts() {
        return Collections.unmodifiableMap(new TreeMap<>(counts));
    }

    /** The key's first {@value #PREFIX_SEGMENTS} segments, or the whole key when it has no more. */
    static String prefixOf(String storeKey) {
        int end = -1;
        for (int segment = 0; segment < PREFIX_SEGMENTS; segment++) {
            end = storeKey.indexOf('/', end + 1);
            if (end < 0) {
                return storeKey;
            }
        }
        return storeKey.substring(0, end);
    }
}
