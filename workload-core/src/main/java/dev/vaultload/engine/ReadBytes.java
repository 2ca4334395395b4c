package dev.vaultload.engine;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * What an engine's reads cost in bytes, per thread: the bytes it decrypted (every engine that decrypts in the client
 * says so) and, for an engine with S3 clients of its own, which the harness's store does not see, the bytes it fetched.
 * The harness takes the tally around each operation, as {@link KeyManagerClock}'s; the engines read on the calling
 * thread, which is what makes a per-thread tally exact.
 */
public final class ReadBytes {
    /** Fetched bytes, decrypted bytes, and whether any fetch was recorded (1) or not (0). */
    private static final ThreadLocal<long[]> TALLY = ThreadLocal.withInitial(() -> new long[3]);
    private static final int FETCHED = 0;
    private static final int DECRYPTED = 1;
    private static final int FETCH_RECORDED = 2;

    private ReadBytes() {
    }

    /** Counts bytes an engine received from the store through a client of its own, on this thread. */
    public static void recordFetched(long bytes) {
        long[] tally = TALLY.get();
        tally[FETCHED] += bytes;
        tally[FETCH_RECORDED] = 1;
    }

    /** Counts bytes an engine decrypted (authenticated or not) on this thread, whether it returned them or not. */
    public static void recordDecrypted(long bytes) {
        TALLY.get()[DECRYPTED] += bytes;
    }

    /** Forgets this thread's tally: what came before an operation is not its own. */
    public static void reset() {
        long[] tally = TALLY.get();
        tally[FETCHED] = 0;
        tally[DECRYPTED] = 0;
        tally[FETCH_RECORDED] = 0;
    }

    /** The bytes fetched through the engine's own clients since the last reset; -1 when it recorded none. */
    public static long fetchedBytes() {
        long[] tally = TALLY.get();
        return tally[FETCH_RECORDED] == 0 ? -1 : tally[FETCHED];
    }

    /** The bytes decrypted since the last reset. */
    public static long decryptedBytes() {
        return TALLY.get()[DECRYPTED];
    }

    /**
     * {@code plaintext} with every byte read from it counted as decrypted: for an engine whose decryption is not its
     * own code (a library's stream), the plaintext it produced is what it decrypted at least.
     */
    public static InputStream countingDecrypted(InputStream plaintext) {
        return new FilterInputStream(plaintext) {
            @Override
            public int read() throws IOException {
                int read = in.read();
                if (read >= 0) {
                    recordDecrypted(1);
                }
                return read;
            }

            @Override
            public int read(byte[] buffer, int offset, int length) throws IOException {
                int read = in.read(buffer, offset, length);
                if (read > 0) {
                    recordDecrypted(read);
                }
                return read;
            }

            /** By reading, so that the bytes passed over are counted too. */
            @Override
            public long skip(long n) throws IOException {
                int read = n <= 0 ? 0 : read(new byte[(int) Math.min(n, 8192)]);
                return Math.max(read, 0);
            }
        };
    }
}
