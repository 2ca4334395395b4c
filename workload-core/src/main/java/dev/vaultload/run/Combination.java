package dev.vaultload.run;

/** One cell of the matrix: a storage provider, a thread count and a document size in KiB. */
public record Combination(String storage, int threads, int fileSizeKib) {

    public long fileSizeBytes() {
        return fileSizeKib * 1024L;
    }

    /** Datasafe's wording: {@code FILESYSTEM 2 threads 100 Kb}. */
    public String label() {
        return storage + " " + threads + " threads " + fileSizeKib + " Kb";
    }
}
