package dev.vaultload.run;

/** Datasafe's fixture sizes, each a fixture committed with the seed that made it. */
public enum FixtureSize {
    SMALL(200), MEDIUM(1000), LARGE(10_000);

    private final int operations;

    FixtureSize(int operations) {
        this.operations = operations;
    }

    public int operations() {
        return operations;
    }

    /** Classpath resource of the committed fixture, full or private-space-only (for the simple adapter suite). */
    public String resource(boolean privateOnly) {
        return "fixtures/fixture-" + (privateOnly ? "private-" : "") + name().toLowerCase(java.util.Locale.ROOT) + ".json";
    }
}
