package dev.vaultload.storage;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * What this process made on the machine that a halt would leave behind: the scratch directories of the stores it runs
 * (EMBEDDED's S3Proxy, a MinIO it starts, FILESYSTEM's temporary root) and the servers it started. A normal end
 * removes them as it goes; a halt (a signal's grace run out while an operation on a large document was still in flight)
 * runs no shutdown hook, so the signal handler calls {@link #cleanUp()} first: gigabytes under /tmp outlived runs.
 */
public final class HaltCleanup {
    private static final List<Path> DIRECTORIES = new CopyOnWriteArrayList<>();
    private static final List<ProcessHandle> PROCESSES = new CopyOnWriteArrayList<>();

    private HaltCleanup() {
    }

    /** {@code directory} is deleted at a halt if it still exists; returns it. */
    public static Path scratch(Path directory) {
        DIRECTORIES.add(directory);
        return directory;
    }

    /** {@code process} is killed at a halt if it still runs; returns it. */
    public static Process child(Process process) {
        PROCESSES.add(process.toHandle());
        return process;
    }

    /** Kills the servers still running, then deletes the directories still there; each failure is skipped. */
    public static void cleanUp() {
        PROCESSES.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
        for (Path directory : DIRECTORIES) {
            try {
                Directories.deleteTree(directory);
            } catch (RuntimeException e) {
                // halting anyway: what cannot be deleted now stays, as it would have without this
            }
        }
    }
}
