package dev.vaultload.run;

import dev.vaultload.content.ContentGenerator;
import dev.vaultload.fixture.ContentId;
import dev.vaultload.stats.IntegrityViolation;
import java.io.IOException;
import java.io.InputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.function.Supplier;

/**
 * Checks that a stream holds exactly the content of a content id, by SHA-256 (the fastest digest on this
 * CPU). One per thread: it reuses its digest and buffer, so a READ allocates nothing per byte.
 */
final class ContentVerifier {
    private static final int BUFFER_BYTES = 64 * 1024;

    private final ContentGenerator content;
    private final MessageDigest digest;
    private final byte[] buffer = new byte[BUFFER_BYTES];

    ContentVerifier(ContentGenerator content) {
        this.content = content;
        try {
            this.digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every JDK", e);
        }
    }

    /**
     * Reads {@code in} to its end and compares it with the content of {@code expected} at {@code sizeBytes}.
     *
     * @param what names the object for the failure message, built only on failure
     * @return the number of bytes read
     */
    long verify(InputStream in, ContentId expected, long sizeBytes, Supplier<String> what) throws IOException {
        digest.reset();
        long readBytes = 0;
        for (int n; (n = in.read(buffer)) != -1; ) {
            digest.update(buffer, 0, n);
            readBytes += n;
        }
        byte[] found = digest.digest();
        byte[] wanted = content.expectedChecksum(expected, sizeBytes);
        if (readBytes != sizeBytes || !MessageDigest.isEqual(found, wanted)) {
            throw new IntegrityViolation(what.get() + ": expected content " + expected.id() + " (" + sizeBytes
                    + " bytes, sha256 " + HexFormat.of().formatHex(wanted) + "), found " + readBytes
                    + " bytes with sha256 " + HexFormat.of().formatHex(found));
        }
        return readBytes;
    }
}
