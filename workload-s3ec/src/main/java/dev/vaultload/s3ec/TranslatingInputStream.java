package dev.vaultload.s3ec;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.function.Function;

/**
 * A document's stream whose failures while reading (a failed tag surfaces there, not when the GET answers) come out
 * translated for the harness.
 */
final class TranslatingInputStream extends FilterInputStream {
    private final Function<RuntimeException, RuntimeException> translate;

    TranslatingInputStream(InputStream in, Function<RuntimeException, RuntimeException> translate) {
        super(in);
        this.translate = translate;
    }

    @Override
    public int read() throws IOException {
        try {
            return super.read();
        } catch (RuntimeException e) {
            throw translate.apply(e);
        } catch (IOException e) {
            throw translate.apply(new UncheckedIOException(e));
        }
    }

    @Override
    public int read(byte[] bytes, int offset, int length) throws IOException {
        try {
            return super.read(bytes, offset, length);
        } catch (RuntimeException e) {
            throw translate.apply(e);
        } catch (IOException e) {
            throw translate.apply(new UncheckedIOException(e));
        }
    }
}
