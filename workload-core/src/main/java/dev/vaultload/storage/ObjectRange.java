package dev.vaultload.storage;

import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PushbackInputStream;
import java.io.UncheckedIOException;

/**
 * Bytes {@code firstByte} to {@code lastByte} (both included) of an object, as S3's GET with a Range header answers
 * them: a {@code lastByte} past the end reads to the end, a {@code firstByte} at or past the end is refused
 * ({@link BlobStoreException.Kind#CLIENT}, S3's 416 InvalidRange). {@link BlobStore#get(String, long, long)}'s default
 * for stores without ranged reads of their own: the object opened from its start and the bytes before the range
 * skipped below the caller, so they are not bytes the caller received.
 */
public final class ObjectRange extends FilterInputStream {
    private long remaining;

    private ObjectRange(InputStream in, long lengthBytes) {
        super(in);
        this.remaining = lengthBytes;
    }

    /** @throws IllegalArgumentException unless 0 <= firstByte <= lastByte */
    public static void requireRange(long firstByte, long lastByte) {
        if (firstByte < 0 || lastByte < firstByte) {
            throw new IllegalArgumentException("byte range " + firstByte + "-" + lastByte + " is not 0 <= first <= last");
        }
    }

    /**
     * The range of {@code whole}, which holds the object from its first byte; closes it when the range starts at or
     * past the end.
     *
     * @param key   the object's key, for the refusal to name
     * @param where the store, for the refusal to name
     */
    public static InputStream of(InputStream whole, String key, String where, long firstByte, long lastByte) {
        requireRange(firstByte, lastByte);
        try {
            PushbackInputStream in = new PushbackInputStream(whole, 1);
            in.skipNBytes(firstByte);
            int first = in.read();
            if (first < 0) {
                throw new EOFException();
            }
            in.unread(first);
            return new ObjectRange(in, lastByte - firstByte + 1);
        } catch (EOFException pastTheEnd) {
            closeQuietly(whole);
            throw notSatisfiable(key, where, firstByte, lastByte);
        } catch (IOException e) {
            closeQuietly(whole);
            throw new UncheckedIOException("reading " + key + " in " + where + " failed", e);
        }
    }

    /** The refusal of a range that starts at or past the object's end, as S3's 416. */
    public static BlobStoreException notSatisfiable(String key, String where, long firstByte, long lastByte) {
        return new BlobStoreException(BlobStoreException.Kind.CLIENT, "bytes " + firstByte + "-" + lastByte + " of "
                + key + " in " + where + ": the range starts at or past the object's end (S3: 416 InvalidRange)");
    }

    @Override
    public int read() throws IOException {
        if (remaining == 0) {
            return -1;
        }
        int read = in.read();
        if (read >= 0) {
            remaining--;
        }
        return read;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        if (length == 0) {
            return 0;
        }
        if (remaining == 0) {
            return -1;
        }
        int read = in.read(buffer, offset, (int) Math.min(length, remaining));
        if (read > 0) {
            remaining -= read;
        }
        return read;
    }

    @Override
    public long skip(long n) throws IOException {
        long skipped = in.skip(Math.min(n, remaining));
        remaining -= skipped;
        return skipped;
    }

    @Override
    public int available() throws IOException {
        return (int) Math.min(remaining, in.available());
    }

    @Override
    public boolean markSupported() {
        return false;
    }

    private static void closeQuietly(InputStream in) {
        try {
            in.close();
        } catch (IOException ignored) {
            // the refusal is the failure worth reporting
        }
    }
}
