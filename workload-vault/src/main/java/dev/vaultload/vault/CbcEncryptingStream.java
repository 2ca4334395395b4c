package dev.vaultload.vault;

import java.io.IOException;
import java.io.OutputStream;
import java.security.GeneralSecurityException;
import javax.crypto.Cipher;

/** Encrypts a body as one AES-256-CBC stream, fed to the JDK in slices; no integrity (see docs). */
final class CbcEncryptingStream extends OutputStream {

    private final OutputStream sink;
    private final Cipher cipher;
    private final byte[] out = new byte[CbcCipher.SLICE_BYTES + CbcCipher.IV_BYTES];
    private boolean closed;

    CbcEncryptingStream(OutputStream sink, StreamHeader header) {
        this.sink = sink;
        this.cipher = CbcCipher.init(Cipher.ENCRYPT_MODE, header);
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        try {
            while (len > 0) {
                int slice = Math.min(len, CbcCipher.SLICE_BYTES);
                sink.write(out, 0, cipher.update(b, off, slice, out, 0));
                off += slice;
                len -= slice;
            }
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES/CBC update failed", e);
        }
    }

    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        try {
            sink.write(out, 0, cipher.doFinal(out, 0));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES/CBC final block failed", e);
        }
        sink.close();
    }
}
