package dev.vaultload.run;

import dev.vaultload.engine.Engines;
import dev.vaultload.report.ReportFiles;

/**
 * One cell of the matrix: a storage provider, an engine, a thread count and a document size in KiB, and which of the
 * REPEAT runs of that cell it is (from 1).
 */
public record Combination(String storage, String engine, int threads, int fileSizeKib, int repetition) {

    /** The first run of a cell. */
    public Combination(String storage, String engine, int threads, int fileSizeKib) {
        this(storage, engine, threads, fileSizeKib, 1);
    }

    /** This cell's run {@code number} (from 1). */
    public Combination repeated(int number) {
        return new Combination(storage, engine, threads, fileSizeKib, number);
    }

    /** A combination of the default engine. */
    public Combination(String storage, int threads, int fileSizeKib) {
        this(storage, Engines.DEFAULT, threads, fileSizeKib);
    }

    public long fileSizeBytes() {
        return fileSizeKib * 1024L;
    }

    /** The storage, and the engine unless it is the default: {@code EMBEDDED}, {@code EMBEDDED-DATASAFE}; for names. */
    public String storageAndEngine() {
        return Engines.DEFAULT.equals(engine) ? storage : storage + "-" + engine;
    }

    /** Datasafe's wording, {@code FILESYSTEM 2 threads 100 Kb}, with {@code engine X} for a non-default engine. */
    public String label() {
        return storage + " " + threads + " threads " + fileSizeKib + " Kb"
                + (Engines.DEFAULT.equals(engine) ? "" : " engine " + engine) + (repetition == 1 ? "" : " run " + repetition);
    }

    /** The threads field of a result's file name and its run, {@code 4t} or {@code 4t-run2} ({@link #runField()}). */
    public String threadsField() {
        return ReportFiles.threadsField(threads) + runField();
    }

    /**
     * {@code -run2} for a repeated cell's second run, empty for its first: in file names, since repeated runs of a small
     * cell may start within the second that the name keeps.
     */
    public String runField() {
        return repetition == 1 ? "" : "-run" + repetition;
    }
}
