package dev.vaultload.history;

import java.time.Instant;

/** A run as the history lists it. */
public record StoredRun(String runId, Instant startedAt, Configuration configuration, String gitCommit, String host,
                        boolean passed, boolean thresholdsBreached, String source) {

    /** The commit's first 10 characters (and {@code -dirty} if so), for a table. */
    public String shortCommit() {
        String commit = gitCommit.replace("-dirty", "");
        return (commit.length() > 10 ? commit.substring(0, 10) : commit) + (gitCommit.endsWith("-dirty") ? "-dirty" : "");
    }
}
