package dev.vaultload.scaleout;

import dev.vaultload.storage.BlobStore;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * One shard's folder in the results store, {@code [prefix/]RUN_ID/shard-<i>/}: its JSON, .hlog and Datasafe-format
 * log, then {@code done} last, so a reader that sees {@code done} sees every file. {@code done} holds how the
 * shard ended: {@link #PASSED}, {@code failed} or {@code interrupted}.
 */
public final class ShardResults {
    public static final String DONE = "done";
    public static final String PASSED = "passed";

    private final BlobStore store;
    private final String folderKey;
    private final String describedAs;

    /**
     * @param store       the results store (a directory, a results bucket)
     * @param folderKey   the shard's folder in it, ending with {@code /}
     * @param describedAs the folder for messages, e.g. {@code s3://results/runs/r1/shard-0/}
     */
    public ShardResults(BlobStore store, String folderKey, String describedAs) {
        this.store = store;
        this.folderKey = folderKey;
        this.describedAs = describedAs;
    }

    /** The folder of run {@code runId} under {@code prefix} ("" or ending with {@code /}), ending with {@code /}. */
    public static String runKey(String prefix, String runId) {
        return prefix + runId + "/";
    }

    /** The folder of shard {@code index} of {@code runId} under {@code prefix} ("" or ending with {@code /}). */
    public static String folderKey(String prefix, String runId, int index) {
        return runKey(prefix, runId) + "shard-" + index + "/";
    }

    /** Whether the shard's folder holds anything: what a life of this shard published. */
    public boolean holdsAnything() {
        try (Stream<String> keys = store.list(folderKey)) {
            return keys.findAny().isPresent();
        }
    }

    /** Whether the shard has ended: its {@code done} is written. */
    public boolean isDone() {
        try (Stream<String> keys = store.list(folderKey)) {
            return keys.anyMatch(key -> key.equals(folderKey + DONE));
        }
    }

    /** @throws IllegalArgumentException when this shard of this RUN_ID already has results: a rerun would mix with them */
    public void refuseIfPresent() {
        if (holdsAnything()) {
            throw new IllegalArgumentException("RUN_ID already has results for this shard at " + describedAs
                    + ": choose a new RUN_ID");
        }
    }

    /**
     * For a shard restarted to resume its run: its folder may hold what its dead life wrote, but not {@code done}.
     *
     * @throws IllegalArgumentException when this shard of this RUN_ID has ended: a rerun would mix with its results
     */
    public void refuseIfDone() {
        if (isDone()) {
            throw new IllegalArgumentException("RUN_ID already has finished results for this shard at " + describedAs
                    + " (done): choose a new RUN_ID");
        }
    }

    /** Copies the files of {@code folder} (not below it) into the shard's folder, unless they are there already. */
    public void upload(Path folder) {
        try (Stream<Path> files = Files.list(folder)) {
            for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
                try (InputStream in = Files.newInputStream(file)) {
                    store.put(folderKey + file.getFileName(), in, Files.size(file));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot upload the results in " + folder + " to " + describedAs, e);
        }
    }

    /** Writes {@code done}, last: the shard's results are complete. */
    public void markDone(String outcome) {
        TextObjects.write(store, folderKey + DONE, outcome);
    }

    /** The files a shard folder holds, for tests and messages. */
    public List<String> keys() {
        try (Stream<String> keys = store.list(folderKey)) {
            return keys.sorted().toList();
        }
    }
}
