package dev.vaultload.ceiling;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Measures a {@link CryptoCeiling} on the calling thread: every {@link CryptoWork} warmed up on a small buffer, then
 * timed in short rounds ({@link RoundTimer}) on a buffer of each document size. The rounds go round the works and
 * sizes in turn, so that a compilation finishing late or a burst of noise from a neighbour does not hit every round of
 * one work, and of each work's rounds the fastest counts: what shares the core (other processes, GC, the JIT) only
 * ever slows a round down, so the best round is the nearest to what the machine can do, which is what a ceiling is; a
 * median would keep that noise. Sizes at or above the cap share one measurement.
 */
public final class CeilingMeasurement {
    /**
     * The largest buffer measured. Above a few MiB a buffer's throughput no longer changes (the per-call set-up is
     * paid off long before), while a larger one would only make a round's single call longer than the round.
     */
    static final int MAX_BUFFER_KIB = 4096;
    /** Small, so that the calls the JIT waits for come fast; large enough to take the ciphers' bulk paths. */
    private static final int WARM_UP_BUFFER_BYTES = 1024;
    /** The warm-up ends once the JIT has been idle this long, or at the latest after its maximum. */
    private static final long WARM_UP_MIN_CALLS = 5_000;
    private static final long WARM_UP_QUIET_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
    private static final long WARM_UP_MAX_NANOS = TimeUnit.MILLISECONDS.toNanos(1000);
    private static final int ROUNDS = 5;
    private static final long ROUND_MILLIS = 5;

    private CeilingMeasurement() {
    }

    /** @param fileSizesKib the run's document sizes (FILE_SIZES), in KiB */
    public static CryptoCeiling measure(List<Integer> fileSizesKib) {
        long start = System.nanoTime();
        RoundTimer timer = new RoundTimer(TimeUnit.MILLISECONDS.toNanos(ROUND_MILLIS));
        timer.warmUp(Arrays.stream(CryptoWork.values()).map(work -> kernel(work, WARM_UP_BUFFER_BYTES)).toList(),
                WARM_UP_MIN_CALLS, WARM_UP_QUIET_NANOS, WARM_UP_MAX_NANOS);
        Map<Integer, Map<CryptoWork, CryptoKernel>> kernels = new LinkedHashMap<>();
        for (int bufferKib : new LinkedHashSet<>(fileSizesKib.stream().map(CeilingMeasurement::bufferKib).toList())) {
            Map<CryptoWork, CryptoKernel> atSize = new EnumMap<>(CryptoWork.class);
            Arrays.stream(CryptoWork.values()).forEach(work -> atSize.put(work, kernel(work, bufferKib * 1024)));
            kernels.put(bufferKib, atSize);
        }
        Map<Integer, Map<CryptoWork, Double>> best = new LinkedHashMap<>();
        for (int round = 0; round < ROUNDS; round++) {
            kernels.forEach((bufferKib, atSize) -> atSize.forEach((work, kernel) -> best
                    .computeIfAbsent(bufferKib, ignored -> new EnumMap<>(CryptoWork.class))
                    .merge(work, timer.roundMibPerSecond(kernel), Math::max)));
        }
        List<SizeCeiling> sizes = new ArrayList<>();
        for (int fileSizeKib : new LinkedHashSet<>(fileSizesKib)) {
            sizes.add(new SizeCeiling(fileSizeKib, bufferKib(fileSizeKib), best.get(bufferKib(fileSizeKib))));
        }
        return new CryptoCeiling(ROUNDS, ROUND_MILLIS, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start), sizes);
    }

    private static int bufferKib(int fileSizeKib) {
        return Math.min(fileSizeKib, MAX_BUFFER_KIB);
    }

    private static CryptoKernel kernel(CryptoWork work, int bytes) {
        return work == CryptoWork.SHA256 ? new DigestKernel(bytes) : new CipherKernel(work, bytes);
    }
}
