package dev.vaultload.storage;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * An object's bytes kept in the chunks they were written in, never copied whole: a large document written into one
 * growing array is copied again at every doubling and once more when it is taken out, which costs the writing thread
 * more CPU than its encryption. Chunks are never written again once the object is complete.
 */
final class ChunkedObject {
    private static final int FIRST_CHUNK_BYTES = 4 * 1024;
    /**
     * Below half of G1's smallest region (1 MiB): a larger array is "humongous" and takes whole regions of its own, so
     * that 1 MiB chunks held a 2 MiB region each and doubled the heap a MEMORY run needs.
     */
    private static final int LARGEST_CHUNK_BYTES = 256 * 1024;

    private final List<byte[]> chunks;

    private ChunkedObject(List<byte[]> chunks) {
        this.chunks = List.copyOf(chunks);
    }

    InputStream open() {
        return new Reader();
    }

    /** Reads the chunks in turn; lends a piece that lies within one chunk in place. */
    private final class Reader extends InputStream implements InPlaceSource {
        private int chunk;
        private int offset;

        @Override
        public int read() {
            return nextChunk() ? chunks.get(chunk)[offset++] & 0xff : -1;
        }

        @Override
        public int read(byte[] bytes, int off, int len) {
            if (len == 0) {
                return 0;
            }
            if (!nextChunk()) {
                return -1;
            }
            byte[] current = chunks.get(chunk);
            int read = Math.min(len, current.length - offset);
            System.arraycopy(current, offset, bytes, off, read);
            offset += read;
            return read;
        }

        @Override
        public Lent lend(int lengthBytes) {
            if (!nextChunk() || chunks.get(chunk).length - offset < lengthBytes) {
                return null;
            }
            byte[] current = chunks.get(chunk);
            int lentOffset = offset;
            offset += lengthBytes;
            return new Lent(current, lentOffset, lengthBytes, !nextChunk());
        }

        /** Moves past finished chunks; false at the end of the object. */
        private boolean nextChunk() {
            while (chunk < chunks.size() && offset == chunks.get(chunk).length) {
                chunk++;
                offset = 0;
            }
            return chunk < chunks.size();
        }
    }

    /**
     * Collects a written object: a large write (an engine's sealed chunk) as a chunk of its own, allocated as a copy of
     * it, which the JIT does without first zeroing the new array; small writes in chunks that double from a few KiB (a
     * small object stays small) up to 256 KiB.
     */
    static final class Writer {
        /** Writes from this size on are kept whole: copying them once is all a store must do. */
        static final int OWN_CHUNK_BYTES = 16 * 1024;

        private final List<byte[]> full = new ArrayList<>();
        private byte[] current = new byte[FIRST_CHUNK_BYTES];
        private int filled;

        void write(int b) {
            if (filled == current.length) {
                nextChunk();
            }
            current[filled++] = (byte) b;
        }

        void write(byte[] bytes, int off, int len) {
            if (len >= OWN_CHUNK_BYTES) {
                if (filled > 0) {
                    addFilled();
                    current = new byte[FIRST_CHUNK_BYTES];
                    filled = 0;
                }
                for (int kept; len > 0; off += kept, len -= kept) {
                    kept = Math.min(len, LARGEST_CHUNK_BYTES);
                    full.add(Arrays.copyOfRange(bytes, off, off + kept));
                }
                return;
            }
            while (len > 0) {
                if (filled == current.length) {
                    nextChunk();
                }
                int copied = Math.min(len, current.length - filled);
                System.arraycopy(bytes, off, current, filled, copied);
                filled += copied;
                off += copied;
                len -= copied;
            }
        }

        /** Adds the chunk being filled, cut to what it holds. */
        private void addFilled() {
            full.add(filled == current.length ? current : Arrays.copyOf(current, filled));
        }

        private void nextChunk() {
            full.add(current);
            current = new byte[Math.min(current.length * 2, LARGEST_CHUNK_BYTES)];
            filled = 0;
        }

        /** The object written; only its last chunk is copied, to its length. */
        ChunkedObject finish() {
            if (filled > 0) {
                addFilled();
            }
            return new ChunkedObject(full);
        }
    }
}
