package dev.vaultload.parse;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;
import org.HdrHistogram.Histogram;

/**
 * Adds a compressed interval histogram (HdrHistogram's V2 encoding, as interval logs hold it) into a histogram,
 * reading the encoded counts and recording only the non-zero ones, or hands those counts to a consumer. HdrHistogram's own decoding allocates a flat
 * histogram of the whole recorded range per period (an hour at 3 digits: ~185 KiB, cleared, then scanned for its
 * extremes) and walks it again to add it: per period of a 100-shard merge that was the cost.
 * The layout (lowest value, digits) is taken from the encoded header, so any interval log reads right.
 */
final class EncodedCounts {
    private static final int V2_COMPRESSED_COOKIE_BASE = 0x1c849304;
    private static final int V2_ENCODING_COOKIE_BASE = 0x1c849303;
    private static final int HEADER_BYTES = 40;

    private final Inflater inflater = new Inflater();
    private final ByteBuffer header = ByteBuffer.allocate(HEADER_BYTES).order(ByteOrder.BIG_ENDIAN);
    private byte[] payload = new byte[4096];

    /** The non-empty buckets of a histogram, in ascending order of value. */
    @FunctionalInterface
    interface BucketConsumer {
        /** @param value the bucket's lowest value (recording it lands in the same bucket) */
        void accept(long value, long count);
    }

    /** @param compressed one period's histogram as {@code HistogramLogWriter} wrote it (base64-decoded) */
    void addTo(Histogram target, ByteBuffer compressed) throws DataFormatException {
        forEachBucket(compressed, target::recordValueWithCount);
    }

    /**
     * Hands each non-empty bucket of a compressed period to {@code consumer}, in ascending order of value.
     *
     * @param compressed one period's histogram as {@code HistogramLogWriter} wrote it (base64-decoded)
     */
    void forEachBucket(ByteBuffer compressed, BucketConsumer consumer) throws DataFormatException {
        compressed.order(ByteOrder.BIG_ENDIAN);
        int cookie = compressed.getInt();
        requireCookie(cookie, V2_COMPRESSED_COOKIE_BASE);
        int compressedBytes = compressed.getInt();
        inflater.reset();
        inflater.setInput(compressed.array(), compressed.arrayOffset() + compressed.position(), compressedBytes);
        header.clear();
        inflateFully(header.array(), HEADER_BYTES);
        requireCookie(header.getInt(), V2_ENCODING_COOKIE_BASE);
        int payloadBytes = header.getInt();
        int normalizingIndexOffset = header.getInt();
        int significantDigits = header.getInt();
        long lowestDiscernibleValue = header.getLong();
        if (normalizingIndexOffset != 0) {
            throw new DataFormatException("shifted histograms (normalizing index offset " + normalizingIndexOffset
                    + ") are not interval log periods");
        }
        if (payload.length < payloadBytes) {
            payload = new byte[payloadBytes];
        }
        inflateFully(payload, payloadBytes);
        Layout layout = new Layout(significantDigits, lowestDiscernibleValue);
        ByteBuffer counts = ByteBuffer.wrap(payload, 0, payloadBytes);
        int index = 0;
        while (counts.hasRemaining()) {
            long count = zigZagVarLong(counts);
            if (count < 0) {
                index += (int) -count; // a run of empty buckets
            } else {
                if (count > 0) {
                    consumer.accept(layout.valueAt(index), count);
                }
                index++;
            }
        }
    }

    private void inflateFully(byte[] into, int bytes) throws DataFormatException {
        int done = 0;
        while (done < bytes) {
            int read = inflater.inflate(into, done, bytes - done);
            if (read == 0) {
                throw new DataFormatException("histogram ends after " + done + " of " + bytes + " bytes");
            }
            done += read;
        }
    }

    private static void requireCookie(int cookie, int base) throws DataFormatException {
        if ((cookie & ~0xf0) != base) {
            throw new DataFormatException("not an HdrHistogram V2 histogram (cookie 0x" + Integer.toHexString(cookie) + ")");
        }
    }

    /** HdrHistogram's LEB128 with zig-zag sign: 7 bits a byte for 8 bytes, then a 9th byte of 8 bits. */
    private static long zigZagVarLong(ByteBuffer buffer) {
        long value = 0;
        int shift = 0;
        long next;
        do {
            next = buffer.get();
            if (shift == 56) {
                value |= (next & 0xFF) << 56;
                break;
            }
            value |= (next & 0x7F) << shift;
            shift += 7;
        } while ((next & 0x80) != 0);
        return (value >>> 1) ^ -(value & 1);
    }

    /** Where HdrHistogram puts a value: buckets of sub-buckets, as in {@code AbstractHistogram.valueFromIndex}. */
    private record Layout(int subBucketHalfCountMagnitude, int unitMagnitude) {
        Layout(int significantDigits, long lowestDiscernibleValue) {
            this(subBucketCountMagnitude(significantDigits) - 1, 63 - Long.numberOfLeadingZeros(lowestDiscernibleValue));
        }

        private static int subBucketCountMagnitude(int significantDigits) {
            long largestWithSingleUnitResolution = 2 * (long) Math.pow(10, significantDigits);
            return Math.max(1, (int) Math.ceil(Math.log(largestWithSingleUnitResolution) / Math.log(2)));
        }

        long valueAt(int index) {
            int subBucketHalfCount = 1 << subBucketHalfCountMagnitude;
            int bucketIndex = (index >> subBucketHalfCountMagnitude) - 1;
            int subBucketIndex = (index & (subBucketHalfCount - 1)) + subBucketHalfCount;
            if (bucketIndex < 0) {
                subBucketIndex -= subBucketHalfCount;
                bucketIndex = 0;
            }
            return (long) subBucketIndex << (bucketIndex + unitMagnitude);
        }
    }
}
