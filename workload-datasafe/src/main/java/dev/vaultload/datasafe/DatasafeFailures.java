package dev.vaultload.datasafe;

import de.adorsys.datasafe.encrypiton.impl.cmsencryption.exceptions.DecryptionException;
import dev.vaultload.engine.EngineException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.function.Supplier;
import javax.crypto.AEADBadTagException;
import org.bouncycastle.crypto.io.InvalidCipherTextIOException;

/**
 * Datasafe's failures as the harness classifies them: a document that no key of the reader opens is
 * ACCESS_DENIED, one that fails authentication or does not parse is INTEGRITY; anything else stays as it is
 * (a store failure keeps its own class).
 */
final class DatasafeFailures {
    /** Datasafe's message when the reader holds no key of the document's recipients. */
    private static final String NO_KEY = "No keys found";

    private DatasafeFailures() {
    }

    /** Opens a document, its failures translated, and the stream's failures too. */
    static InputStream reading(Supplier<InputStream> open) {
        try {
            return new TranslatingStream(open.get());
        } catch (RuntimeException e) {
            throw translate(e);
        }
    }

    static RuntimeException translate(RuntimeException failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof DecryptionException && String.valueOf(cause.getMessage()).startsWith(NO_KEY)) {
                return new EngineException(EngineException.Reason.ACCESS_DENIED, "no key of the reader opens the document", failure);
            }
            if (cause instanceof DecryptionException || cause instanceof AEADBadTagException
                    || cause instanceof InvalidCipherTextIOException) {
                return new EngineException(EngineException.Reason.INTEGRITY,
                        "the document failed authentication: " + cause.getMessage(), failure);
            }
        }
        return failure;
    }

    /** Decryption fails while the stream is read or closed: the same translation there. */
    private static final class TranslatingStream extends FilterInputStream {
        TranslatingStream(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            try {
                return super.read();
            } catch (IOException e) {
                throw translated(e);
            } catch (RuntimeException e) {
                throw translate(e);
            }
        }

        @Override
        public int read(byte[] bytes, int offset, int length) throws IOException {
            try {
                return super.read(bytes, offset, length);
            } catch (IOException e) {
                throw translated(e);
            } catch (RuntimeException e) {
                throw translate(e);
            }
        }

        @Override
        public void close() throws IOException {
            try {
                super.close();
            } catch (IOException e) {
                throw translated(e);
            } catch (RuntimeException e) {
                throw translate(e);
            }
        }

        /** An engine failure in place of the I/O failure that stands for it; other I/O failures unchanged. */
        private static IOException translated(IOException failure) {
            RuntimeException translation = translate(new UncheckedIOException(failure));
            if (translation instanceof EngineException engineFailure) {
                throw engineFailure;
            }
            return failure;
        }
    }
}
