package dev.vaultload.vault;

import java.util.Arrays;

/**
 * Buffers of the chunked AEAD streams: they start small and double up to a whole chunk as a body needs, because most
 * documents are far smaller than a chunk, and allocating (and zeroing) whole-chunk buffers for each made garbage of
 * many times the document's size per operation.
 */
final class ChunkBuffers {
    /** Room at first: most documents fit. */
    static final int INITIAL_BYTES = 8 * 1024;

    private ChunkBuffers() {
    }

    /** A first buffer, never larger than {@code maxBytes}. */
    static byte[] initial(int maxBytes) {
        return new byte[Math.min(INITIAL_BYTES, maxBytes)];
    }

    /** {@code buffer}, or a copy of it with room for {@code neededBytes}: at least double, at most {@code maxBytes}. */
    static byte[] withRoom(byte[] buffer, int neededBytes, int maxBytes) {
        if (buffer.length >= neededBytes) {
            return buffer;
        }
        return Arrays.copyOf(buffer, (int) Math.min(maxBytes, Math.max(neededBytes, 2L * buffer.length)));
    }
}
