package dev.vaultload.run;

import dev.vaultload.content.ChecksumVerifier;
import dev.vaultload.content.ChecksumVerifier.Verification;
import dev.vaultload.fixture.ContentId;
import dev.vaultload.fixture.ContentSizes;
import dev.vaultload.run.ObjectLedger.Expectation;
import dev.vaultload.stats.IntegrityViolation;
import dev.vaultload.stats.LostObject;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;

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
    static long requireOneOf(ChecksumVerifier verifier, InputStream in, ContentSizes sizes, String where,
                             Expectation expected) throws IOException {
        if (!expected.mayExist()) {
            long foundBytes = in.transferTo(OutputStream.nullOutputStream());
            throw new IntegrityViolation(where + ": expected no document, found one of " + foundBytes + " bytes");
        }
        // more than one only after a failed write: sorted, so that a message names them in one order
        List<String> candidates = expected.contentIds().size() == 1 ? List.copyOf(expected.contentIds())
                : expected.contentIds().stream().sorted().toList();
        ContentId first = new ContentId(candidates.getFirst());
        Verification read = verifier.verify(in, first, sizes.sizeBytes(first));
        for (int i = 1; i < candidates.size() && !read.matches(); i++) {
            ContentId candidate = new ContentId(candidates.get(i));
            read = verifier.compare(read, candidate, sizes.sizeBytes(candidate));
        }
        if (!read.matches() && candidates.size() > 1) {
            throw new IntegrityViolation(where + ": expected " + expected + ", found " + read.actualSizeBytes()
                    + " bytes with sha256 " + read.actualSha256Hex());
        }
        return requireMatch(read, where, first);
    }

    /** An object that {@link Expectation#mustExist() must exist} is missing. */
    static LostObject lost(String where, Expectation expected) {
        return new LostObject(where + ": expected " + expected + " (acknowledged), found no document");
    }
}
