package dev.vaultload.run;

import dev.vaultload.engine.Engines;

/** One cell of the matrix: a storage provider, an engine, a thread count and a document size in KiB. */
public record Combination(String storage, String engine, int threads, int fileSizeKib) {

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
                + (Engines.DEFAULT.equals(engine) ? "" : " engine " + engine);
    }
}
