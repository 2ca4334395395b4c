package dev.vaultload.vault;

import java.io.IOException;
import java.io.OutputStream;

/**
 * Encrypts a document body as a sequence of AEAD chunks of {@code chunkSizeBytes} plaintext each (the last one
 * shorter, possibly empty, and flagged as last). A full chunk is only sealed when more data arrives, because
 * only then is it known not to be the last one. Closing seals the last chunk and closes the sink.
 */
final class ChunkedAeadEncryptingStream extends OutputStream {

    private final OutputStream sink;
    private final AeadChunkCipher cipher;
    private final int chunkSizeBytes;
    /** Grown as the body needs, up to a chunk ({@link ChunkBuffers}). */
    private byte[] plain;
    private byte[] sealed;
    private int filled;
    private long chunkIndex;
    private boolean closed;

    ChunkedAeadEncryptingStream(OutputStream sink, StreamHeader header, byte[] envelopeDigest) {
        this.sink = sink;
        this.cipher = new AeadChunkCipher(header, envelopeDigest);
        this.chunkSizeBytes = header.chunkSizeBytes();
        this.plain = ChunkBuffers.initial(chunkSizeBytes);
        this.sealed = new byte[plain.length + AeadChunkCipher.TAG_BYTES];
    }

    @Override
    public void write(int b) throws IOException {
        if (filled == chunkSizeBytes) {
            sealBuffered(false);
        }
        plain = ChunkBuffers.withRoom(plain, filled + 1, chunkSizeBytes);
        plain[filled++] = (byte) b;
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        while (len > 0) {
            if (filled == chunkSizeBytes) {
                sealBuffered(false);
            }
            if (filled == 0 && len > chunkSizeBytes) {
                // more than a chunk follows, so this one is not the last: seal straight from the caller's array
                emit(seal(false, b, off, chunkSizeBytes));
                off += chunkSizeBytes;
                len -= chunkSizeBytes;
                continue;
            }
            int n = Math.min(len, chunkSizeBytes - filled);
            plain = ChunkBuffers.withRoom(plain, filled + n, chunkSizeBytes);
            System.arraycopy(b, off, plain, filled, n);
            filled += n;
            off += n;
            len -= n;
        }
    }

    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        sealBuffered(true);
        sink.close();
    }

    private void sealBuffered(boolean last) throws IOException {
        emit(seal(last, plain, 0, filled));
        filled = 0;
    }

    private int seal(boolean last, byte[] from, int offset, int length) {
        int sealedBytes = length + AeadChunkCipher.TAG_BYTES;
        sealed = ChunkBuffers.withRoom(sealed, sealedBytes, chunkSizeBytes + AeadChunkCipher.TAG_BYTES);
        return cipher.seal(chunkIndex++, last, from, offset, length, sealed);
    }

    private void emit(int sealedLength) throws IOException {
        sink.write(sealed, 0, sealedLength);
    }
}
