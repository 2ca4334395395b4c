package dev.vaultload.engine;

import dev.vaultload.storage.ObjectRange;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * Bytes {@code firstByte} to {@code lastByte} (both included, cut at the end of the document) of a stream that holds
 * the whole document; a document that ends before {@code firstByte} is refused at the first read, as S3 refuses such
 * a range of a plain object ({@link EngineException.Reason#RANGE_NOT_SATISFIABLE}). With {@code drainTail}, the rest
 * of the document is read (and dropped) before the slice ends, so an engine that authenticates as it reads has
 * checked the whole document when the slice says it is complete: {@link Space#read(String, long, long)}'s default,
 * read whole, verify, slice.
 */
public final class RangeSlice extends FilterInputStream {
    /** The document byte {@code in} starts at: 0, or later for an engine that read only part of the document. */
    private final long partFirstByte;
    private final long firstByte;
    private final long lastByte;
    private long remaining;
    private final boolean drainTail;
    /** Whether the range's first byte was read: until then the document may end before it. */
    private boolean started;

    private RangeSlice(InputStream whole, long partFirstByte, long firstByte, long lastByte, boolean drainTail) {
        super(whole);
        this.partFirstByte = partFirstByte;
        this.firstByte = firstByte;
        this.lastByte = lastByte;
        this.remaining = lastByte - firstByte + 1;
        this.drainTail = drainTail;
    }

    /**
     * @param whole     the document from its first byte
     * @param drainTail read the rest of the document once the slice is read (see above)
     * @throws IllegalArgumentException unless 0 <= firstByte <= lastByte
     */
    public static InputStream of(InputStream whole, long firstByte, long lastByte, boolean drainTail) {
        requireRange(firstByte, lastByte);
        return new RangeSlice(whole, 0, firstByte, lastByte, drainTail);
    }

    /**
     * The range of a document read whole (and drained, so that all of it is checked), its plaintext counted as
     * decrypted ({@link ReadBytes}): how an engine that cannot decrypt part of a document reads a range.
     */
    public static InputStream ofWholeRead(InputStream wholePlaintext, long firstByte, long lastByte) {
        return of(ReadBytes.countingDecrypted(wholePlaintext), firstByte, lastByte, true);
    }

    /**
     * The range of a stream that holds the document from byte {@code partFirstByte} on (an engine that decrypted only
     * the part from there), its rest not read.
     *
     * @throws IllegalArgumentException unless 0 <= partFirstByte <= firstByte <= lastByte
     */
    public static InputStream ofPart(InputStream part, long partFirstByte, long firstByte, long lastByte) {
        requireRange(firstByte, lastByte);
        if (partFirstByte < 0 || partFirstByte > firstByte) {
            throw new IllegalArgumentException("a part from byte " + partFirstByte + " does not hold byte " + firstByte);
        }
        return new RangeSlice(part, partFirstByte, firstByte, lastByte, false);
    }

    /** @throws IllegalArgumentException unless 0 <= firstByte <= lastByte */
    public static void requireRange(long firstByte, long lastByte) {
        ObjectRange.requireRange(firstByte, lastByte);
    }

    /** The refusal of a range that starts at or past the end of a document of {@code sizeBytes}. */
    public static EngineException notSatisfiable(long firstByte, long lastByte, long sizeBytes) {
        return new EngineException(EngineException.Reason.RANGE_NOT_SATISFIABLE, "bytes " + firstByte + "-" + lastByte
                + " of a document of " + sizeBytes + " bytes: the range starts at or past its end (S3 answers 416"
                + " InvalidRange for a plain object)");
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        if (length == 0) {
            return 0;
        }
        if (!started) {
            long toSkip = firstByte - partFirstByte;
            long skipped = discard(in, toSkip);
            int read = skipped < toSkip ? -1 : in.read(buffer, offset, (int) Math.min(length, remaining));
            if (read < 0) {
                throw notSatisfiable(firstByte, lastByte, partFirstByte + skipped);
            }
            started = true;
            remaining -= read;
            return read;
        }
        if (remaining == 0) {
            if (drainTail) {
                in.transferTo(OutputStream.nullOutputStream());
            }
            return -1;
        }
        int read = in.read(buffer, offset, (int) Math.min(length, remaining));
        if (read > 0) {
            remaining -= read;
        } else if (read < 0) {
            remaining = 0;
        }
        return read;
    }

    @Override
    public long skip(long n) throws IOException {
        return discard(this, n);
    }

    @Override
    public int available() throws IOException {
        return started ? (int) Math.min(remaining, in.available()) : 0;
    }

    @Override
    public boolean markSupported() {
        return false;
    }

    /** Skips by reading, never by skip(): a decrypting stream must see every byte it passes over. */
    private static long discard(InputStream source, long n) throws IOException {
        long skipped = 0;
        byte[] discard = new byte[8192];
        while (skipped < n) {
            int read = source.read(discard, 0, (int) Math.min(discard.length, n - skipped));
            if (read < 0) {
                break;
            }
            skipped += read;
        }
        return skipped;
    }
}
