package dev.vaultload.vault;

import dev.vaultload.engine.EngineException;
import java.io.IOException;
import java.io.InputStream;
import java.security.GeneralSecurityException;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.IllegalBlockSizeException;

/**
 * Decrypts an AES-256-CBC body slice by slice. CBC authenticates nothing: a flipped ciphertext byte garbles
 * plaintext silently (the suite's checksum of every read catches it); only a broken padding or a length that
 * is not a multiple of the block is detected here, as INTEGRITY.
 */
final class CbcDecryptingStream extends InputStream {

    private final InputStream source;
    private final Cipher cipher;
    private final byte[] in = new byte[CbcCipher.SLICE_BYTES];
    private final byte[] plain = new byte[CbcCipher.SLICE_BYTES + CbcCipher.IV_BYTES];
    private int position;
    private int limit;
    private boolean finished;

    CbcDecryptingStream(InputStream source, StreamHeader header) {
        this.source = source;
        this.cipher = CbcCipher.init(Cipher.DECRYPT_MODE, header);
    }

    @Override
    public int read() throws IOException {
        return fillBuffer() ? plain[position++] & 0xff : -1;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        if (position == limit && len >= plain.length) {
            // room for a whole decrypted slice: decrypt straight into the caller's array
            int n;
            do {
                n = decryptNext(b, off);
            } while (n == 0);
            return n;
        }
        if (!fillBuffer()) {
            return -1;
        }
        int n = Math.min(len, limit - position);
        System.arraycopy(plain, position, b, off, n);
        position += n;
        return n;
    }

    @Override
    public int available() {
        return limit - position;
    }

    @Override
    public void close() throws IOException {
        source.close();
    }

    private boolean fillBuffer() throws IOException {
        while (position == limit) {
            int n = decryptNext(plain, 0);
            if (n < 0) {
                return false;
            }
            position = 0;
            limit = n;
        }
        return true;
    }

    /** Decrypts the next slice (or the final block) into {@code out}; -1 once the body has ended. */
    private int decryptNext(byte[] out, int offset) throws IOException {
        if (finished) {
            return -1;
        }
        try {
            int read = source.read(in, 0, in.length);
            if (read < 0) {
                finished = true;
                return cipher.doFinal(out, offset);
            }
            return cipher.update(in, 0, read, out, offset);
        } catch (BadPaddingException | IllegalBlockSizeException e) {
            throw new EngineException(EngineException.Reason.INTEGRITY, "the CBC document has a broken padding or length");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES/CBC failed", e);
        }
    }
}
