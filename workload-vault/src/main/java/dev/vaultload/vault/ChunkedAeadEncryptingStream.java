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
    private final byte[] plain;
    private final byte[] sealed;
    private int filled;
    private long chunkIndex;
    private boolean closed;

    ChunkedAeadEncryptingStream(OutputStream sink, StreamHeader header, byte[] envelopeDigest) {
        this.sink = sink;
        this.cipher = new AeadChunkCipher(header, envelopeDigest);
        this.plain = new byte[header.chunkSizeBytes()];
        this.sealed = new byte[header.chunkSizeBytes() + AeadChunkCipher.TAG_BYTES];
    }

    @Override
    public void write(int b) throws IOException {
        if (filled == plain.length) {
            sealBuffered(false);
        }
        plain[filled++] = (byte) b;
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        while (len > 0) {
            if (filled == plain.length) {
                sealBuffered(false);
            }
            if (filled == 0 && len > plain.length) {
                // more than a chunk follows, so this one is not the last: seal straight from the caller's array
                emit(cipher.seal(chunkIndex++, false, b, off, plain.length, sealed));
                off += plain.length;
                len -= plain.length;
                continue;
            }
            int n = Math.min(len, plain.length - filled);
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
        emit(cipher.seal(chunkIndex++, last, plain, 0, filled, sealed));
        filled = 0;
    }

    private void emit(int sealedLength) throws IOException {
        sink.write(sealed, 0, sealedLength);
    }
}
