package dev.vaultload.vault;

import dev.vaultload.engine.EngineException;
import java.io.IOException;
import java.io.InputStream;
import java.security.GeneralSecurityException;
import java.util.Objects;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.IllegalBlockSizeException;

/**
 * Decrypts an AES-256-CBC body slice by slice. CBC authenticates nothing: a flipped ciphertext byte garbles
 * plaintext silently (the suite's checksum of every read catches it); only a broken padding or a length that
 * is not a multiple of the block is detected here, as INTEGRITY.
 *
 * <p>Decryption is as fast as the JDK's when the stream adds little to its one unavoidable copy (source to
 * ciphertext slice): a read with room for whole slices gets them decrypted straight into the caller's array, as
 * many as the source has ready; the slice is small enough to stay in the L1 cache between that copy and the
 * decryption; and a stream allocates only its slice up front (a buffer for small reads comes with the first one).
 */
final class CbcDecryptingStream extends InputStream {

    /** Ciphertext bytes read from the source per Cipher.update: fits the L1 data cache beside the cipher's state. */
    static final int SLICE_BYTES = 16 * 1024;
    /** Room one slice's plaintext may need: the cipher holds back up to two blocks between calls. */
    private static final int SLICE_OUTPUT_BYTES = SLICE_BYTES + 2 * CbcCipher.IV_BYTES;

    private final InputStream source;
    private final Cipher cipher;
    private final byte[] ciphertext = new byte[SLICE_BYTES];
    /** Plaintext for reads too small to take a whole slice; allocated on the first such read. */
    private byte[] pending;
    private int pendingPosition;
    private int pendingLimit;
    private boolean finished;

    CbcDecryptingStream(InputStream source, StreamHeader header) {
        this.source = source;
        this.cipher = CbcCipher.init(Cipher.DECRYPT_MODE, header);
    }

    @Override
    public int read() throws IOException {
        return fillPending() ? pending[pendingPosition++] & 0xff : -1;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, b.length);
        if (len == 0) {
            return 0;
        }
        if (pendingPosition == pendingLimit && len >= SLICE_OUTPUT_BYTES) {
            return decryptInto(b, off, len);
        }
        if (!fillPending()) {
            return -1;
        }
        int n = Math.min(len, pendingLimit - pendingPosition);
        System.arraycopy(pending, pendingPosition, b, off, n);
        pendingPosition += n;
        return n;
    }

    @Override
    public int available() {
        return pendingLimit - pendingPosition;
    }

    @Override
    public void close() throws IOException {
        source.close();
    }

    /**
     * Decrypts slices into {@code b} while a whole slice's plaintext fits and, after the first, the source has
     * bytes ready (so a slow source is not waited on for more than one); -1 once the body has ended.
     */
    private int decryptInto(byte[] b, int off, int len) throws IOException {
        int produced = 0;
        while (len - produced >= SLICE_OUTPUT_BYTES && (produced == 0 || source.available() > 0)) {
            int n = decryptNext(b, off + produced);
            if (n < 0) {
                break;
            }
            produced += n;
        }
        return produced == 0 && finished ? -1 : produced;
    }

    private boolean fillPending() throws IOException {
        if (pending == null) {
            pending = new byte[SLICE_OUTPUT_BYTES];
        }
        while (pendingPosition == pendingLimit) {
            int n = decryptNext(pending, 0);
            if (n < 0) {
                return false;
            }
            pendingPosition = 0;
            pendingLimit = n;
        }
        return true;
    }

    /** Decrypts the next slice (or the final block) into {@code out}; -1 once the body has ended. */
    private int decryptNext(byte[] out, int offset) throws IOException {
        if (finished) {
            return -1;
        }
        try {
            int read = source.read(ciphertext, 0, ciphertext.length);
            if (read < 0) {
                finished = true;
                return cipher.doFinal(out, offset);
            }
            return cipher.update(ciphertext, 0, read, out, offset);
        } catch (BadPaddingException | IllegalBlockSizeException e) {
            throw new EngineException(EngineException.Reason.INTEGRITY, "the CBC document has a broken padding or length");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES/CBC failed", e);
        }
    }
}
