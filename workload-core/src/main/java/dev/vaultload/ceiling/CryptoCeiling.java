package dev.vaultload.ceiling;

import java.util.List;
import java.util.Optional;

/**
 * What this machine's crypto does on one core on the JDK's own providers (SunJCE's ciphers, SUN's SHA-256), measured
 * in the run's process before its combinations ({@link CeilingMeasurement}): the ceiling an engine's CPU per MiB is
 * set against. Recorded in the result's environment; absent when CRYPTO_CEILING is false and in older results.
 *
 * @param rounds            timed rounds in all works and sizes; of each work's at a size the fastest counts
 * @param roundMillis       the length of a round
 * @param measurementMillis what the whole measurement took, warm-up included: what it adds to the run
 * @param steady            every work's best round had stopped rising when the measurement ended; false when its time
 *                          budget ran out first (the figures may be below the machine's) and in results written before
 *                          the measurement checked it
 * @param sizes             one entry per document size of the run (FILE_SIZES), with the works the run needed: its
 *                          cipher's encryption and decryption and SHA-256 ({@link UnavoidableWork#ofRun})
 */
public record CryptoCeiling(int rounds, long roundMillis, long measurementMillis, boolean steady,
                            List<SizeCeiling> sizes) {
    public CryptoCeiling {
        sizes = List.copyOf(sizes);
    }

    /** The ceiling at a document size of the run; empty when that size was not measured. */
    public Optional<SizeCeiling> atFileSize(int fileSizeKib) {
        return sizes.stream().filter(size -> size.fileSizeKib() == fileSizeKib).findFirst();
    }
}
