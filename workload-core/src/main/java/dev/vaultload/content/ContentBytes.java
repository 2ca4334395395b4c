package dev.vaultload.content;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The byte sequence of one content: byte {@code p} is byte {@code p % 8} (little-endian) of
 * SplitMix64's output for word {@code p / 8}, a counter-based generator, so any range can be produced
 * without producing what precedes it, at a few nanoseconds per 8 bytes.
 */
final class ContentBytes {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;

    private ContentBytes() {
    }

    /** Fills {@code target[offset, offset+length)} with the bytes at {@code positionBytes} of content {@code seed}. */
    static void fill(long seed, long positionBytes, byte[] target, int offset, int length) {
        long word = positionBytes >>> 3;
        int skip = (int) (positionBytes & 7);
        int end = offset + length;
        int at = offset;
        if (skip != 0) {
            long value = mix(seed + (word++ + 1) * GOLDEN_GAMMA) >>> (skip * 8);
            for (; at < end && skip < 8; skip++) {
                target[at++] = (byte) value;
                value >>>= 8;
            }
        }
        for (; at + 8 <= end; at += 8) {
            LONGS.set(target, at, mix(seed + (word++ + 1) * GOLDEN_GAMMA));
        }
        if (at < end) {
            long value = mix(seed + (word + 1) * GOLDEN_GAMMA);
            while (at < end) {
                target[at++] = (byte) value;
                value >>>= 8;
            }
        }
    }

    /** The single byte at {@code positionBytes} of content {@code seed}. */
    static int byteAt(long seed, long positionBytes) {
        long value = mix(seed + ((positionBytes >>> 3) + 1) * GOLDEN_GAMMA);
        return (int) (value >>> ((positionBytes & 7) * 8)) & 0xFF;
    }

    /** SplitMix64's finalizer (Steele, Lea, Flood 2014). */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
