package dev.vaultload.run;

import dev.vaultload.content.ChecksumVerifier;
import dev.vaultload.content.ChecksumVerifier.Verification;
import dev.vaultload.fixture.ContentId;
import dev.vaultload.run.ObjectLedger.Expectation;
import dev.vaultload.stats.IntegrityViolation;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Iterator;

/** Turns a failed checksum comparison into an INTEGRITY failure that names the object, expected and found. */
final class ContentCheck {
    private ContentCheck() {
    }

    private static long requireMatch(Verification verification, String where, ContentId expected) {
        if (!verification.matches()) {
            throw new IntegrityViolation(where + ": expected content " + expected.id() + " ("
                    + verification.expectedSizeBytes() + " bytes, sha256 " + verification.expectedSha256Hex()
                    + "), found " + verification.actualSizeBytes() + " bytes with sha256 "
                    + verification.actualSha256Hex());
        }
        return verification.actualSizeBytes();
    }

    /**
     * Reads {@code in} to its end and requires one of the contents the object may hold (one, unless an earlier
     * write failed with an unknown outcome).
     *
     * @return the bytes read, when they match
     */
    static long requireOneOf(ChecksumVerifier verifier, InputStream in, long sizeBytes, String where,
                             Expectation expected) throws IOException {
        // more than one only after a failed write: sorted, so that a message names them in one order
        Iterator<String> candidates = expected.contentIds().size() == 1 ? expected.contentIds().iterator()
                : expected.contentIds().stream().sorted().iterator();
        if (!candidates.hasNext()) {
            long foundBytes = in.transferTo(OutputStream.nullOutputStream());
            throw new IntegrityViolation(where + ": expected no document, found one of " + foundBytes + " bytes");
        }
        ContentId first = new ContentId(candidates.next());
        Verification read = verifier.verify(in, first, sizeBytes);
        while (!read.matches() && candidates.hasNext()) {
            read = verifier.compare(read, new ContentId(candidates.next()), sizeBytes);
        }
        if (!read.matches() && expected.contentIds().size() > 1) {
            throw new IntegrityViolation(where + ": expected " + expected + ", found " + read.actualSizeBytes()
                    + " bytes with sha256 " + read.actualSha256Hex());
        }
        return requireMatch(read, where, first);
    }
}
