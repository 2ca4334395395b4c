package dev.vaultload.storage;

import java.io.InputStream;
import java.util.stream.Stream;

/**
 * The storage SPI: a flat key space of immutable objects, streamed in and out. Keys are '/'-separated
 * strings without a leading '/'. Implementations are thread-safe. A missing key is reported as
 * {@link BlobNotFoundException}, never as null; every other failure as {@link BlobStoreException} with its
 * {@link BlobStoreException.Kind}.
 */
public interface BlobStore extends AutoCloseable {

    /** Stores exactly {@code lengthBytes} bytes read from {@code content} under {@code key}, replacing any object there. */
    void put(String key, InputStream content, long lengthBytes);

    /**
     * Opens a stream that stores what is written to it under {@code key} when it is closed; the object
     * appears whole or not at all. {@link BlobOutputStream#abort()} drops it. Used when the length is not known
     * in advance (encrypted output).
     */
    BlobOutputStream openOutput(String key);

    /**
     * Stores a copy of the object at {@code sourceKey} under {@code targetKey}, whole or not at all. This default
     * streams the bytes through the client; stores that can copy in place (S3's CopyObject) override it.
     */
    default void copy(String sourceKey, String targetKey) {
        BlobCopy.copy(this, sourceKey, this, targetKey);
    }

    /** The object's bytes; the caller closes the stream. */
    InputStream get(String key);

    /**
     * Bytes {@code firstByte} to {@code lastByte} (both included) of the object, as S3's GET with a Range header: a
     * {@code lastByte} past the end reads to the end; a {@code firstByte} at or past the end is a
     * {@link BlobStoreException.Kind#CLIENT} failure (S3's 416). This default opens the object from its start and
     * skips to the range below the caller ({@link ObjectRange}); S3 stores send only the range.
     *
     * @throws IllegalArgumentException unless 0 <= firstByte <= lastByte
     */
    default InputStream get(String key, long firstByte, long lastByte) {
        ObjectRange.requireRange(firstByte, lastByte);
        return ObjectRange.of(get(key), key, describe(), firstByte, lastByte);
    }

    /** Keys starting with {@code prefix} (all keys for ""), lazily, in no particular order; the caller closes the stream. */
    Stream<String> list(String prefix);

    boolean exists(String key);

    /** Deletes the object if present; deleting a missing key is not an error. */
    void delete(String key);

    /** Deletes every key starting with {@code prefix}; returns how many were deleted. */
    long deletePrefix(String prefix);

    /**
     * Where the object under {@code key} lives, for a person who must inspect it: a file's path, an S3 URI with its
     * bucket; this default, the key itself, serves stores with nothing outside the process to point at. Never a secret.
     */
    default String locate(String key) {
        return key;
    }

    /** A short description for reports, e.g. {@code FILESYSTEM /tmp/x} or {@code S3 http://127.0.0.1:9000/bucket}; never a secret. */
    String describe();

    @Override
    default void close() {
    }
}
