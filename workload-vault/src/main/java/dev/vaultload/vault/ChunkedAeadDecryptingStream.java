package dev.vaultload.vault;

import dev.vaultload.engine.EngineException;
import dev.vaultload.engine.ReadBytes;
import dev.vaultload.storage.InPlaceSource;
import java.io.IOException;
import java.io.InputStream;

/**
 * Reads a body written by {@link ChunkedAeadEncryptingStream}: one chunk at a time, each authenticated before
 * a byte of it is returned, so memory stays at two chunk buffers and no unverified plaintext leaves. A chunk is
 * the last one when the source ends right after it (one byte of look-ahead tells); a body cut at a chunk
 * boundary, extended or reordered fails authentication, and so does a body without its last chunk. A ranged read
 * starts at a later chunk, whose index its nonce must carry. From a source that lends its bytes in place
 * ({@link InPlaceSource}) a whole chunk is opened where the store keeps it, its last flag taken from whether the
 * object ends there.
 */
final class ChunkedAeadDecryptingStream extends InputStream {

    private final InputStream source;
    private final AeadChunkCipher cipher;
    private final int chunkSizeBytes;
    /** One sealed chunk plus one byte of look-ahead. */
    private final int sealedChunkBytes;
    /** Grown as the body needs, up to {@link #sealedChunkBytes} ({@link ChunkBuffers}). */
    private byte[] sealed;
    /** Plaintext for reads smaller than a chunk; allocated on the first such read (a whole-chunk reader never needs it). */
    private byte[] plain;
    private int sealedFilled;
    private int plainPosition;
    private int plainLimit;
    private long chunkIndex;
    private boolean lastChunkRead;

    /** @param firstChunkIndex the index of the chunk {@code source} starts at: 0, or later for a ranged read */
    ChunkedAeadDecryptingStream(InputStream source, StreamHeader header, byte[] envelopeDigest,
                                long firstChunkIndex) {
        this.source = source;
        this.chunkIndex = firstChunkIndex;
        this.cipher = new AeadChunkCipher(header, envelopeDigest);
        this.chunkSizeBytes = header.chunkSizeBytes();
        this.sealedChunkBytes = chunkSizeBytes + AeadChunkCipher.TAG_BYTES + 1;
        this.sealed = ChunkBuffers.initial(sealedChunkBytes);
    }

    @Override
    public int read() throws IOException {
        while (plainPosition == plainLimit) {
            if (lastChunkRead) {
                return -1;
            }
            openIntoPlain();
        }
        return plain[plainPosition++] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        while (plainPosition == plainLimit) {
            if (lastChunkRead) {
                return -1;
            }
            if (len >= chunkSizeBytes) {
                // the caller's array holds a whole chunk: decrypt straight into it
                int n = openNextChunk(b, off);
                if (n > 0) {
                    return n;
                }
                continue;
            }
            openIntoPlain();
        }
        int n = Math.min(len, plainLimit - plainPosition);
        System.arraycopy(plain, plainPosition, b, off, n);
        plainPosition += n;
        return n;
    }

    @Override
    public int available() {
        return plainLimit - plainPosition;
    }

    @Override
    public void close() throws IOException {
        source.close();
    }

    private void openIntoPlain() throws IOException {
        if (plain == null) {
            plain = new byte[chunkSizeBytes];
        }
        plainLimit = openNextChunk(plain, 0);
        plainPosition = 0;
    }

    private int openNextChunk(byte[] out, int outOffset) throws IOException {
        if (sealedFilled == 0 && source instanceof InPlaceSource inPlace) {
            InPlaceSource.Lent chunk = inPlace.lend(sealedChunkBytes - 1);
            if (chunk != null) {
                // a whole chunk where the store keeps it: opened there, and whether it is the last is known without
                // a byte of look-ahead
                int opened = cipher.open(chunkIndex++, chunk.endsObject(), chunk.array(), chunk.offset(),
                        chunk.length(), out, outOffset);
                lastChunkRead = chunk.endsObject(); // only once authenticated: a refused chunk never reads as the end
                return opened(opened);
            }
        }
        while (sealedFilled < sealedChunkBytes) {
            if (sealedFilled == sealed.length) {
                sealed = ChunkBuffers.withRoom(sealed, sealedFilled + 1, sealedChunkBytes);
            }
            int n = source.read(sealed, sealedFilled, sealed.length - sealedFilled);
            if (n < 0) {
                break;
            }
            sealedFilled += n;
        }
        boolean last = sealedFilled < sealedChunkBytes;
        int sealedLength = last ? sealedFilled : sealedChunkBytes - 1;
        if (sealedLength < AeadChunkCipher.TAG_BYTES) {
            throw new EngineException(EngineException.Reason.INTEGRITY, "the document ends inside chunk " + chunkIndex);
        }
        int opened = cipher.open(chunkIndex++, last, sealed, 0, sealedLength, out, outOffset);
        if (last) {
            lastChunkRead = true;
            sealedFilled = 0;
        } else {
            sealed[0] = sealed[sealedLength];
            sealedFilled = 1;
        }
        return opened(opened);
    }

    private static int opened(int plainBytes) {
        ReadBytes.recordDecrypted(plainBytes);
        return plainBytes;
    }
}
