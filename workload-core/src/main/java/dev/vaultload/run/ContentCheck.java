package dev.vaultload.run;

import dev.vaultload.content.ChecksumVerifier.Verification;
import dev.vaultload.fixture.ContentId;
import dev.vaultload.stats.IntegrityViolation;

/** Turns a failed checksum comparison into an INTEGRITY failure that names the object, expected and found. */
final class ContentCheck {
    private ContentCheck() {
    }

    /** @return the bytes read, when they match */
    static long requireMatch(Verification verification, String where, ContentId expected) {
        if (!verification.matches()) {
            throw new IntegrityViolation(where + ": expected content " + expected.id() + " ("
                    + verification.expectedSizeBytes() + " bytes, sha256 " + verification.expectedSha256Hex()
                    + "), found " + verification.actualSizeBytes() + " bytes with sha256 "
                    + verification.actualSha256Hex());
        }
        return verification.actualSizeBytes();
    }
}
