package dev.vaultload.history;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

/** A run as the history lists it. */
public record StoredRun(String runId, Instant startedAt, Configuration configuration, String gitCommit, String host,
                        boolean passed, boolean thresholdsBreached, String source) {

    /** When it started, to the second, for a table. */
    public Instant startedToTheSecond() {
        return startedAt.truncatedTo(ChronoUnit.SECONDS);
    }

    /** The commit's first 10 characters (and {@code -dirty} if so), for a table. */
    public String shortCommit() {
        String commit = gitCommit.replace("-dirty", "");
        return (commit.length() > 10 ? commit.substring(0, 10) : commit) + (gitCommit.endsWith("-dirty") ? "-dirty" : "");
    }
}
