package dev.vaultload.report;

/** A count with its noun in the right number: {@code 1 result}, {@code 2 results}. */
public final class Plural {

    private Plural() {
    }

    public static String of(long count, String noun) {
        return count + " " + noun + (count == 1 ? "" : "s");
    }
}
