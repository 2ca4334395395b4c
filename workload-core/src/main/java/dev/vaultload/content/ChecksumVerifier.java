package dev.vaultload.content;

import dev.vaultload.fixture.ContentId;

import java.io.IOException;
import java.io.InputStream;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.function.LongSupplier;

/**
 * Checks what a READ returned against the content it should hold: drains the stream through SHA-256 and
 * compares digest and length with {@link ContentGenerator}'s expectation.
 */
public final class ChecksumVerifier {
    /** Every READ is verified: its digest and read buffer are the thread's, not new ones each time. */
    private static final ThreadLocal<MessageDigest> SHA256 = ThreadLocal.withInitial(ContentDigests::sha256);
    private static final ThreadLocal<byte[]> BUFFER = ThreadLocal.withInitial(() -> new byte[ContentGenerator.CHUNK_BYTES]);

    private final ContentGenerator contentGenerator;
    private final LongSupplier clock;
    /** Used by one thread at a time, as its owner is: a plain tally. */
    private long expectationNanos;

    /** A verifier whose expected digests nobody times. */
    public ChecksumVerifier(ContentGenerator contentGenerator) {
        this(contentGenerator, () -> 0);
    }

    /**
     * @param clock times the computing of expected digests ({@link #takeExpectationNanos()}): with the thread's CPU
     *              clock, what the harness spent making a content's digest on its first read
     */
    public ChecksumVerifier(ContentGenerator contentGenerator, LongSupplier clock) {
        this.contentGenerator = contentGenerator;
        this.clock = clock;
    }

    /**
     * The time {@code clock} counted in expected digests since the last call: a content's first read generates the
     * whole content and hashes it (later reads find it cached), the harness's work and not the engine's.
     */
    public long takeExpectationNanos() {
        long taken = expectationNanos;
        expectationNanos = 0;
        return taken;
    }

    /** The outcome of one check; {@code actualSizeBytes} is what the stream delivered. */
    public record Verification(boolean matches, long expectedSizeBytes, long actualSizeBytes,
                               String expectedSha256Hex, String actualSha256Hex) {
    }

    /** Reads {@code in} to its end (without closing it) and compares it with content (id, size). */
    public Verification verify(InputStream in, ContentId contentId, long expectedSizeBytes) throws IOException {
        return verify(in, contentId, 0, expectedSizeBytes);
    }

    /** Reads {@code in} to its end and compares it with {@code lengthBytes} of the content from {@code firstByte} on. */
    public Verification verify(InputStream in, ContentId contentId, long firstByte, long lengthBytes) throws IOException {
        MessageDigest digest = SHA256.get();
        digest.reset(); // a previous verification may have ended inside its read
        byte[] buffer = BUFFER.get();
        long actualSizeBytes = 0;
        for (int read; (read = in.read(buffer)) != -1; ) {
            digest.update(buffer, 0, read);
            actualSizeBytes += read;
        }
        byte[] expected = expectedSha256(contentId, firstByte, lengthBytes);
        byte[] actual = digest.digest();
        return verification(expected, lengthBytes, actual, actualSizeBytes);
    }

    /** What {@code read} found, compared with another content it may hold instead. */
    public Verification compare(Verification read, ContentId contentId, long expectedSizeBytes) {
        return compare(read, contentId, 0, expectedSizeBytes);
    }

    /** What {@code read} found, compared with {@code lengthBytes} of another content from {@code firstByte} on. */
    public Verification compare(Verification read, ContentId contentId, long firstByte, long lengthBytes) {
        return verification(expectedSha256(contentId, firstByte, lengthBytes), lengthBytes,
                HexFormat.of().parseHex(read.actualSha256Hex()), read.actualSizeBytes());
    }

    private byte[] expectedSha256(ContentId contentId, long firstByte, long lengthBytes) {
        long before = clock.getAsLong();
        byte[] expected = contentGenerator.expectedSha256(contentId, firstByte, lengthBytes);
        expectationNanos += clock.getAsLong() - before;
        return expected;
    }

    private static Verification verification(byte[] expected, long expectedSizeBytes, byte[] actual, long actualSizeBytes) {
        boolean matches = actualSizeBytes == expectedSizeBytes && MessageDigest.isEqual(expected, actual);
        HexFormat hex = HexFormat.of();
        return new Verification(matches, expectedSizeBytes, actualSizeBytes, hex.formatHex(expected), hex.formatHex(actual));
    }
}
