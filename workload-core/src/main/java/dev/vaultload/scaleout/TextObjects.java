package dev.vaultload.scaleout;

import dev.vaultload.storage.BlobNotFoundException;
import dev.vaultload.storage.BlobStore;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/** The one-line objects the shards leave each other in the results store: a barrier's ready and start, done, job. */
final class TextObjects {
    private TextObjects() {
    }

    /** The object's line, stripped; empty when there is no such object. */
    static Optional<String> read(BlobStore store, String key) {
        try (InputStream in = store.get(key)) {
            return Optional.of(new String(in.readAllBytes(), StandardCharsets.UTF_8).strip());
        } catch (BlobNotFoundException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + store.locate(key), e);
        }
    }

    static void write(BlobStore store, String key, String line) {
        byte[] bytes = (line + "\n").getBytes(StandardCharsets.UTF_8);
        store.put(key, new ByteArrayInputStream(bytes), bytes.length);
    }
}
