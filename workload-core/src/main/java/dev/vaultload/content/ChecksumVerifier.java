package dev.vaultload.content;

import dev.vaultload.fixture.ContentId;

import java.io.IOException;
import java.io.InputStream;
import java.security.MessageDigest;
import java.util.HexFormat;

/**
 * Checks what a READ returned against the content it should hold: drains the stream through SHA-256 and
 * compares digest and length with {@link ContentGenerator}'s expectation.
 */
public final class ChecksumVerifier {
    private final ContentGenerator contentGenerator;

    public ChecksumVerifier(ContentGenerator contentGenerator) {
        this.contentGenerator = contentGenerator;
    }

    /** The outcome of one check; {@code actualSizeBytes} is what the stream delivered. */
    public record Verification(boolean matches, long expectedSizeBytes, long actualSizeBytes,
                               String expectedSha256Hex, String actualSha256Hex) {
    }

    /** Reads {@code in} to its end (without closing it) and compares it with content (id, size). */
    public Verification verify(InputStream in, ContentId contentId, long expectedSizeBytes) throws IOException {
        MessageDigest digest = ContentDigests.sha256();
        byte[] buffer = new byte[ContentGenerator.CHUNK_BYTES];
        long actualSizeBytes = 0;
        for (int read; (read = in.read(buffer)) != -1; ) {
            digest.update(buffer, 0, read);
            actualSizeBytes += read;
        }
        byte[] expected = contentGenerator.expectedSha256(contentId, expectedSizeBytes);
        byte[] actual = digest.digest();
        boolean matches = actualSizeBytes == expectedSizeBytes && MessageDigest.isEqual(expected, actual);
        HexFormat hex = HexFormat.of();
        return new Verification(matches, expectedSizeBytes, actualSizeBytes, hex.formatHex(expected), hex.formatHex(actual));
    }
}
