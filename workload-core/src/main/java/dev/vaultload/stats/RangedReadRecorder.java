package dev.vaultload.stats;

import java.util.concurrent.atomic.LongAdder;

/** Adds up what successful ranged READs fetched, decrypted and returned, from many threads without locks. */
final class RangedReadRecorder {
    private final LongAdder reads = new LongAdder();
    private final LongAdder returnedBytes = new LongAdder();
    private final LongAdder decryptedBytes = new LongAdder();
    /** Fetched bytes of the reads whose fetches were seen, and the bytes those reads returned. */
    private final LongAdder fetchedBytes = new LongAdder();
    private final LongAdder returnedBytesOfSeenFetches = new LongAdder();

    /** @param fetchedBytes -1 when the read's fetches were not seen */
    void record(long returnedBytes, long fetchedBytes, long decryptedBytes) {
        reads.increment();
        this.returnedBytes.add(returnedBytes);
        this.decryptedBytes.add(decryptedBytes);
        if (fetchedBytes >= 0) {
            this.fetchedBytes.add(fetchedBytes);
            returnedBytesOfSeenFetches.add(returnedBytes);
        }
    }

    /** Null when no ranged READ succeeded. */
    RangedReadStatistics summarize() {
        long count = reads.sum();
        if (count == 0) {
            return null;
        }
        long returned = returnedBytes.sum();
        long returnedOfSeen = returnedBytesOfSeenFetches.sum();
        return new RangedReadStatistics(count, returned / (double) count,
                returnedOfSeen == 0 ? null : fetchedBytes.sum() / (double) returnedOfSeen,
                returned == 0 ? null : decryptedBytes.sum() / (double) returned);
    }
}
