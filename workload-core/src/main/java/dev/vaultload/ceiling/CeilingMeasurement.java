package dev.vaultload.ceiling;

import dev.vaultload.engine.CipherSuite;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Measures a {@link CryptoCeiling} on the calling thread for the works a run needs: a warm-up on small buffers (a
 * cipher's on 8 KiB ones too, and a few calls at the measured sizes, {@link RoundTimer#warmUp}), then short rounds
 * ({@link RoundTimer}) on a buffer of each document size until every work's best round has stopped rising
 * ({@link RoundSeries#steady()}) with the JIT quiet and an AEAD's two directions agreeing, all within a time budget.
 * The rounds go round the works and sizes in turn, so that a compilation finishing late or a burst of noise from a
 * neighbour does not hit every round of one work, and of each work's rounds the fastest counts: what
 * shares the core (other processes, GC, the JIT) only ever slows a round down, so the best round is the nearest to
 * what the machine can do, which is what a ceiling is; a median would keep that noise. Sizes at or above the cap share
 * one measurement. When the budget ends first, the ceiling says it is not steady.
 */
public final class CeilingMeasurement {
    private static final Logger LOG = LoggerFactory.getLogger(CeilingMeasurement.class);
    /**
     * The largest buffer measured. At a MiB the per-call set-up (key schedule, nonce) is paid off and a round still
     * holds several calls; a larger buffer is also one whose every call before C2 has compiled costs the warm-up dear.
     */
    static final int MAX_BUFFER_KIB = 1024;
    /**
     * Small, so that the calls C2 counts come fast (it compiles after thousands of calls or loop back-edges, not
     * bytes); large enough to take the ciphers' bulk paths. Larger buffers, or 1 KiB chunks of a larger buffer, reached
     * the compiled paths later on this project's loaded machine.
     */
    private static final int WARM_UP_BUFFER_BYTES = 1024;
    /**
     * A cipher's warm-up also calls it on buffers of this size, above the length from which SunJCE's GCM takes its
     * fused AES-GCM intrinsic ({@code GaloisCounterMode.implGCMCrypt}, 7,680 bytes): C2 compiles that path only from
     * the calls that reach it, which 1 KiB calls never do, and without them the rounds could settle, with the JIT
     * quiet, on the slower path of separate AES and GHASH calls and report a ceiling far below the machine's.
     */
    private static final int BULK_WARM_UP_BUFFER_BYTES = 8 * 1024;
    /** Above C2's invocation threshold (HotSpot's Tier4InvocationThreshold, 5000 by default). */
    private static final long WARM_UP_CALLS = 6_000;
    /** The whole measurement's time, warm-up included: what it may add to a run. */
    private static final long BUDGET_NANOS = TimeUnit.MILLISECONDS.toNanos(1500);
    /** The warm-up's share of the budget at most, so that the rounds keep time to show whether it sufficed. */
    private static final long WARM_UP_MAX_NANOS = TimeUnit.MILLISECONDS.toNanos(500);
    private static final long ROUND_MILLIS = 5;
    /**
     * How long the JIT must have compiled nothing before a flat best counts as steady. A time, not a count of rounds:
     * C2's queue can hold a method's compilation for a while after its counts are reached (on two cores at a JVM's
     * start it did), and rounds on the interim code are flat too: SunJCE's GCM encryption at about half its speed.
     */
    private static final long JIT_QUIET_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
    /**
     * The least an AEAD's slower direction may run of its faster one's speed before it counts as not compiled yet: GCM
     * and ChaCha20-Poly1305 do the same work both ways (the keystream and the MAC over the same bytes) and, once
     * compiled, ran within a few percent of each other wherever measured; GCM encryption on its interim path ran at
     * about half of its decryption. A signal from the crypto itself, where the JIT's compilation time is not one: a
     * long compilation ahead of GCM's in C2's queue (a run's own start compiles a lot) shows no time until it ends.
     */
    private static final double AEAD_DIRECTIONS_AGREE = 0.8;

    private CeilingMeasurement() {
    }

    /**
     * @param fileSizesKib the run's document sizes (FILE_SIZES), in KiB
     * @param works        what to measure: the run's ({@link UnavoidableWork#ofRun})
     */
    public static CryptoCeiling measure(List<Integer> fileSizesKib, Set<CryptoWork> works) {
        long start = System.nanoTime();
        RoundTimer timer = new RoundTimer(TimeUnit.MILLISECONDS.toNanos(ROUND_MILLIS));
        Map<Integer, Map<CryptoWork, CryptoKernel>> kernels = new LinkedHashMap<>();
        for (int bufferKib : new LinkedHashSet<>(fileSizesKib.stream().map(CeilingMeasurement::bufferKib).toList())) {
            Map<CryptoWork, CryptoKernel> atSize = new EnumMap<>(CryptoWork.class);
            works.forEach(work -> atSize.put(work, kernel(work, bufferKib * 1024)));
            kernels.put(bufferKib, atSize);
        }
        List<CryptoKernel> warmUpKernels = works.stream().map(work -> kernel(work, WARM_UP_BUFFER_BYTES)).toList();
        List<CryptoKernel> bulkKernels = works.stream().filter(work -> work != CryptoWork.SHA256)
                .map(work -> kernel(work, BULK_WARM_UP_BUFFER_BYTES)).toList();
        timer.warmUp(warmUpKernels, bulkKernels, kernels.values().stream().flatMap(atSize -> atSize.values().stream()).toList(),
                WARM_UP_CALLS, start + WARM_UP_MAX_NANOS);
        List<CryptoKernel> betweenRounds = Stream.concat(warmUpKernels.stream(), bulkKernels.stream()).toList();
        Map<Integer, Map<CryptoWork, RoundSeries>> series = new LinkedHashMap<>();
        kernels.forEach((bufferKib, atSize) -> atSize.keySet().forEach(work -> series
                .computeIfAbsent(bufferKib, ignored -> new EnumMap<>(CryptoWork.class)).put(work, new RoundSeries())));
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        long compilationMillis = jit.getTotalCompilationTime();
        long quietSinceNanos = System.nanoTime();
        boolean jitQuiet;
        boolean steady;
        do {
            timer.warmUpBatch(betweenRounds); // a work whose counts fell short of C2's thresholds gets there
            // every work keeps its rounds, a steady one too: a path that only the measured size takes gets its counts,
            // and with them its compilation, from these calls alone, and a compilation ends the JIT's quiet
            kernels.forEach((bufferKib, atSize) -> atSize.forEach((work, kernel) ->
                    series.get(bufferKib).get(work).add(timer.roundMibPerSecond(kernel))));
            long compilationNow = jit.getTotalCompilationTime();
            if (compilationNow != compilationMillis) {
                quietSinceNanos = System.nanoTime();
                compilationMillis = compilationNow;
            }
            jitQuiet = System.nanoTime() - quietSinceNanos >= JIT_QUIET_NANOS;
            // a flat best while the JIT still compiles may be a plateau before the compiled path, not the ceiling
            steady = jitQuiet && series.values().stream().allMatch(atSize -> atSize.values().stream()
                    .allMatch(RoundSeries::steady) && slowerAeadDirection(best(atSize)).isEmpty());
        } while (!steady && System.nanoTime() - start < BUDGET_NANOS);
        if (!steady) {
            LOG.warn("Crypto ceiling: the budget ran out {}", jitQuiet ? "with the JIT quiet"
                    : "while the JIT was still compiling");
            series.forEach((bufferKib, atSize) -> {
                slowerAeadDirection(best(atSize)).ifPresent(slower -> LOG.warn("Crypto ceiling: {} on {} KiB below {}"
                        + " of the other direction's speed when the budget ran out: not on its compiled path yet",
                        slower.label(), bufferKib, AEAD_DIRECTIONS_AGREE));
                atSize.forEach((work, rounds) -> {
                    if (!rounds.steady()) {
                        LOG.warn("Crypto ceiling: {} on {} KiB still rising after {} rounds when the budget ran out",
                                work.label(), bufferKib, rounds.rounds());
                    }
                });
            });
        }
        List<SizeCeiling> sizes = new ArrayList<>();
        for (int fileSizeKib : new LinkedHashSet<>(fileSizesKib)) {
            sizes.add(new SizeCeiling(fileSizeKib, bufferKib(fileSizeKib), best(series.get(bufferKib(fileSizeKib)))));
        }
        int rounds = series.values().stream().flatMap(atSize -> atSize.values().stream()).mapToInt(RoundSeries::rounds).sum();
        return new CryptoCeiling(rounds, ROUND_MILLIS, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start), steady,
                sizes);
    }

    private static Map<CryptoWork, Double> best(Map<CryptoWork, RoundSeries> atSize) {
        Map<CryptoWork, Double> best = new EnumMap<>(CryptoWork.class);
        atSize.forEach((work, rounds) -> best.put(work, rounds.bestMibPerSecond()));
        return best;
    }

    /**
     * The direction of an AEAD measured both ways whose best MiB/s is below {@link #AEAD_DIRECTIONS_AGREE} of the
     * other's; empty when none is (CBC's directions differ by design: its encryption is serial).
     */
    static Optional<CryptoWork> slowerAeadDirection(Map<CryptoWork, Double> bestMibPerSecond) {
        for (CipherSuite aead : List.of(CipherSuite.AES256_GCM, CipherSuite.CHACHA20_POLY1305)) {
            Double encrypting = bestMibPerSecond.get(CryptoWork.encryption(aead).orElseThrow());
            Double decrypting = bestMibPerSecond.get(CryptoWork.decryption(aead).orElseThrow());
            if (encrypting != null && decrypting != null) {
                if (encrypting < AEAD_DIRECTIONS_AGREE * decrypting) {
                    return CryptoWork.encryption(aead);
                }
                if (decrypting < AEAD_DIRECTIONS_AGREE * encrypting) {
                    return CryptoWork.decryption(aead);
                }
            }
        }
        return Optional.empty();
    }

    private static int bufferKib(int fileSizeKib) {
        return Math.min(fileSizeKib, MAX_BUFFER_KIB);
    }

    private static CryptoKernel kernel(CryptoWork work, int bytes) {
        return work == CryptoWork.SHA256 ? new DigestKernel(bytes) : new CipherKernel(work, bytes);
    }
}
