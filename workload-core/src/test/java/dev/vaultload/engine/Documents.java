package dev.vaultload.engine;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;

/** Writing, reading and listing documents of a {@link Space} in one call, for engine tests. */
public final class Documents {

    private Documents() {
    }

    /** Reproducible pseudo-random content of {@code sizeBytes}. */
    public static byte[] content(int sizeBytes, long seed) {
        byte[] bytes = new byte[sizeBytes];
        new Random(seed).nextBytes(bytes);
        return bytes;
    }

    public static void write(PrivateSpace space, String path, byte[] content) {
        write(space.write(path), content);
    }

    /** Writes {@code content} to {@code out} and closes it, which stores it. */
    public static void write(OutputStream out, byte[] content) {
        try (out) {
            out.write(content);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every byte of {@code in}, which is closed. */
    public static byte[] readAll(InputStream in) {
        try (in) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static Set<String> listed(Space space, String prefix) {
        try (Stream<String> paths = space.list(prefix)) {
            return Set.copyOf(paths.toList());
        }
    }
}
