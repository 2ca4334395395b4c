package dev.vaultload.s3ec;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import software.amazon.awssdk.core.sync.RequestBody;

/**
 * A written document held until its stream closes: S3's PUT needs the length first, and a share puts the same
 * plaintext once per recipient. In memory below the multipart threshold; above it in a temporary file (owner-only
 * on POSIX), deleted by {@link #delete()}.
 */
final class Spool {
    private final byte[] bytes;
    private final Path file;
    private final long sizeBytes;

    private Spool(byte[] bytes, Path file, long sizeBytes) {
        this.bytes = bytes;
        this.file = file;
        this.sizeBytes = sizeBytes;
    }

    static Spool inMemory(byte[] bytes) {
        return new Spool(bytes, null, bytes.length);
    }

    static Spool inFile(Path file, long sizeBytes) {
        return new Spool(null, file, sizeBytes);
    }

    long sizeBytes() {
        return sizeBytes;
    }

    /** Whether the document is large enough for a multipart upload: only those spill to a file. */
    boolean large() {
        return file != null;
    }

    RequestBody body() {
        return file != null ? RequestBody.fromFile(file) : RequestBody.fromBytes(bytes);
    }

    InputStream open() {
        try {
            return file != null ? Files.newInputStream(file) : new ByteArrayInputStream(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the spooled document " + file, e);
        }
    }

    void delete() {
        if (file != null) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot delete the spooled document " + file, e);
            }
        }
    }
}
