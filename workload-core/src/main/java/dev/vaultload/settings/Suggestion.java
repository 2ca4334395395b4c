package dev.vaultload.settings;

import java.util.Collection;
import java.util.Comparator;
import java.util.Locale;
import java.util.Optional;
import org.apache.commons.text.similarity.LevenshteinDistance;

/** "Did you mean": the accepted text closest to a mistyped one, when it is close enough to be the one meant. */
public final class Suggestion {
    private static final LevenshteinDistance DISTANCE = LevenshteinDistance.getDefaultInstance();

    private Suggestion() {
    }

    /**
     * The candidate within a third of its length of edits (at least 2) from {@code given}, case ignored; of two as
     * close, the one in the case typed ({@code --threads} rather than {@code --THREADS} for {@code --thread}).
     */
    public static Optional<String> closest(String given, Collection<String> candidates) {
        return candidates.stream()
                .filter(candidate -> caseless(given, candidate) <= Math.max(2, candidate.length() / 3))
                .min(Comparator.<String>comparingInt(candidate -> caseless(given, candidate))
                        .thenComparingInt(candidate -> DISTANCE.apply(given, candidate)));
    }

    private static int caseless(String given, String candidate) {
        return DISTANCE.apply(given.toUpperCase(Locale.ROOT), candidate.toUpperCase(Locale.ROOT));
    }
}
