package dev.vaultload.run;

import dev.vaultload.content.ChecksumVerifier;
import dev.vaultload.content.ChecksumVerifier.Verification;
import dev.vaultload.fixture.ByteRange;
import dev.vaultload.fixture.ContentId;
import dev.vaultload.fixture.ContentSizes;
import dev.vaultload.run.ObjectLedger.Expectation;
import dev.vaultload.stats.IntegrityViolation;
import dev.vaultload.stats.LostObject;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.Optional;

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
        return requireOneOf(verifier, in, sizes, Optional.empty(), where, expected);
    }

    /**
     * As above for the bytes of {@code range} (all of them when empty) of the content the object may hold, cut at
     * that content's end.
     */
    static long requireOneOf(ChecksumVerifier verifier, InputStream in, ContentSizes sizes, Optional<ByteRange> range,
                             String where, Expectation expected) throws IOException {
        if (!expected.mayExist()) {
            long foundBytes = in.transferTo(OutputStream.nullOutputStream());
            throw new IntegrityViolation(where + ": expected no document, found one of " + foundBytes + " bytes");
        }
        // more than one only after a failed write: sorted, so that a message names them in one order
        List<String> candidates = expected.contentIds().size() == 1 ? List.copyOf(expected.contentIds())
                : expected.contentIds().stream().sorted().toList();
        ContentId first = new ContentId(candidates.getFirst());
        long firstSize = sizes.sizeBytes(first);
        Verification read = verifier.verify(in, first, firstByte(range), lengthIn(range, firstSize));
        for (int i = 1; i < candidates.size() && !read.matches(); i++) {
            ContentId candidate = new ContentId(candidates.get(i));
            long size = sizes.sizeBytes(candidate);
            read = verifier.compare(read, candidate, firstByte(range), lengthIn(range, size));
        }
        if (!read.matches() && candidates.size() > 1) {
            throw new IntegrityViolation(where + ": expected " + expected + ", found " + read.actualSizeBytes()
                    + " bytes with sha256 " + read.actualSha256Hex());
        }
        return requireMatch(read, where, first);
    }

    private static long firstByte(Optional<ByteRange> range) {
        return range.map(ByteRange::firstByte).orElse(0L);
    }

    private static long lengthIn(Optional<ByteRange> range, long sizeBytes) {
        return range.map(bytes -> bytes.lengthIn(sizeBytes)).orElse(sizeBytes);
    }

    /** An object that {@link Expectation#mustExist() must exist} is missing. */
    static LostObject lost(String where, Expectation expected) {
        return new LostObject(where + ": expected " + expected + " (acknowledged), found no document");
    }
}
