package dev.vaultload.storage;

import java.nio.file.Path;
import java.util.Optional;

/**
 * What a provider keeps of a run's documents where the run cannot grow past a limit: in this JVM's heap, and on a
 * local disk, so that a run that cannot fit is refused before it starts rather than dying halfway.
 *
 * @param heapBytes bytes the provider holds in the heap at most
 * @param disk      the directory whose file system holds the documents, when they are kept on a local disk
 * @param diskBytes bytes kept there at most
 * @param what      what is kept, for the message, e.g. {@code every live document}
 */
public record StorageFootprint(long heapBytes, Optional<Path> disk, long diskBytes, String what) {
    public static final StorageFootprint NONE = new StorageFootprint(0, Optional.empty(), 0, "nothing");

    /** Every live document in the heap. */
    public static StorageFootprint inHeap(Load load) {
        return new StorageFootprint(load.liveDocumentBytes(), Optional.empty(), 0, "every live document in the heap");
    }

    /** Every live document on the disk holding {@code directory}. */
    public static StorageFootprint onDisk(Load load, Path directory) {
        return new StorageFootprint(0, Optional.of(directory), load.liveDocumentBytes(), "every live document on disk");
    }

    /**
     * This footprint, and every live document on the disk holding {@code directory} too: a local server the provider
     * starts (EMBEDDED's S3Proxy, a MinIO) keeps the documents in its scratch directory while the client buffers parts.
     */
    public StorageFootprint andOnDisk(Load load, Path directory) {
        return new StorageFootprint(heapBytes, Optional.of(directory), load.liveDocumentBytes(),
                what + " and every live document on disk");
    }

    /**
     * @param liveDocumentBytes the run's live documents at their peak, all threads together
     * @param threads           threads that run at once
     */
    public record Load(long liveDocumentBytes, int threads) {
    }
}
