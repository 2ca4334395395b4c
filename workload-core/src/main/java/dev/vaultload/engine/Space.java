package dev.vaultload.engine;

import java.io.InputStream;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A user's space as seen by that user: plaintext paths ('/'-separated, relative, no '..'), plaintext content.
 */
public interface Space {

    /** Decrypting stream of the document at {@code path}; the caller closes it. An integrity failure surfaces while reading or at close. */
    InputStream read(String path);

    /**
     * Bytes {@code firstByte} to {@code lastByte}, both included, of the document at {@code path} (an HTTP Range):
     * a {@code lastByte} past the end reads to the end; a {@code firstByte} at or past the end is refused
     * ({@link EngineException.Reason#RANGE_NOT_SATISFIABLE}), as S3 refuses it for a plain object. The default reads
     * the whole document, so the engine checks all of it, and returns the slice ({@link RangeSlice}), counting the
     * whole plaintext as decrypted ({@link ReadBytes}); an engine that can decrypt part of a document overrides it
     * and counts what it decrypts.
     *
     * @throws IllegalArgumentException unless 0 <= firstByte <= lastByte
     */
    default InputStream read(String path, long firstByte, long lastByte) {
        RangeSlice.requireRange(firstByte, lastByte);
        return RangeSlice.ofWholeRead(read(path), firstByte, lastByte);
    }

    /**
     * Plaintext paths starting with {@code prefix} ("" for all; a prefix ends at a segment boundary:
     * a directory ending with '/', or a whole file path), lazily; the caller closes the stream.
     */
    Stream<String> list(String prefix);

    /** Whether a document is stored at {@code path} (exactly that path, not a directory). */
    default boolean exists(String path) {
        try (Stream<String> paths = list(path)) {
            return paths.anyMatch(path::equals);
        }
    }

    /**
     * The key of the store object that holds the document at {@code path}, so that a failure can name the object a
     * person must inspect; empty when the engine does not say (its layout is its own).
     */
    default Optional<String> storeKey(String path) {
        return Optional.empty();
    }

    /**
     * The key of the store object whose bytes, read through the store, are the document as the engine encrypted it,
     * so that a REENCRYPT can be seen to have replaced them; by default {@link #storeKey}. Empty when the store does
     * not hand out those bytes: with server-side encryption the server decrypts for every GET, so the bytes read
     * through the store are the plaintext (or, under a customer key, nothing).
     */
    default Optional<String> ciphertextKey(String path) {
        return storeKey(path);
    }

    /** Deletes every document whose path starts with {@code prefix} (same rules as list); returns how many. */
    long delete(String prefix);
}
