package dev.vaultload.ceiling;

import java.util.List;
import java.util.stream.Stream;

/**
 * Hand-timed rounds of {@link CryptoKernel}s on the calling thread (JMH is not on core's class path). Every output's
 * first byte is XORed into a sink, published to a volatile field after each round: a blackhole, so the JIT cannot
 * prove the work unused.
 */
final class RoundTimer {
    /** Calls in a row to one kernel during the warm-up, before the next kernel's turn. */
    private static final int WARM_UP_BATCH = 20;
    /** Small calls per kernel between two calls of the measured kernels; a multiple of the batch. */
    private static final int MEASURED_EVERY_CALLS = 1000;
    private static volatile int blackhole;

    private final long roundNanos;

    /** @param roundNanos a round repeats its kernel until this much time has passed, at least once */
    RoundTimer(long roundNanos) {
        this.roundNanos = roundNanos;
    }

    /**
     * Calls every small kernel in turns, {@code callsEach} times each, and every {@value #MEASURED_EVERY_CALLS} calls
     * each measured kernel once, or until {@code deadlineNanos} ({@link System#nanoTime()}). HotSpot compiles a method
     * with C2 (the only compiler that reaches the AES-NI, CLMUL and SHA intrinsics) after thousands of calls or loop
     * back-edges, not bytes, so small buffers get there fastest; the few calls at the measured sizes put their branches
     * in the profile C2 compiles from: warmed on small buffers alone, SunJCE's GCM was compiled without the large
     * buffer's path and fell back to a fraction of its speed at the measured size. Taking turns lets one kernel's
     * compilation finish in the background while the others run. The {@code bulk} kernels join the turns for the
     * last three quarters of the calls, when the small calls have had the parts they share compiled: a bulk path some
     * code takes only from a length on gets its own counts, at less cost than interpreted calls on larger buffers.
     */
    void warmUp(List<CryptoKernel> small, List<CryptoKernel> bulk, List<CryptoKernel> measured, long callsEach,
                long deadlineNanos) {
        List<CryptoKernel> withBulk = Stream.concat(small.stream(), bulk.stream()).toList();
        int sink = 0;
        for (long done = 0; done < callsEach && System.nanoTime() - deadlineNanos < 0; done += WARM_UP_BATCH) {
            for (CryptoKernel kernel : done < callsEach / 4 ? small : withBulk) {
                for (int call = 0; call < WARM_UP_BATCH; call++) {
                    sink ^= kernel.process();
                }
            }
            if (done > 0 && done % MEASURED_EVERY_CALLS == 0) {
                for (CryptoKernel kernel : measured) {
                    sink ^= kernel.process();
                }
            }
        }
        blackhole ^= sink;
    }

    /** One more batch of the warm-up's small calls, between rounds while a work's best still rises. */
    void warmUpBatch(List<CryptoKernel> small) {
        int sink = 0;
        for (CryptoKernel kernel : small) {
            for (int call = 0; call < WARM_UP_BATCH; call++) {
                sink ^= kernel.process();
            }
        }
        blackhole ^= sink;
    }

    /** One round of a kernel: its throughput in MiB (2^20 bytes) of content per second. */
    double roundMibPerSecond(CryptoKernel kernel) {
        int sink = 0;
        long calls = 0;
        long start = System.nanoTime();
        long elapsed;
        do {
            sink ^= kernel.process();
            calls++;
            elapsed = System.nanoTime() - start;
        } while (elapsed < roundNanos);
        blackhole ^= sink;
        return calls * (double) kernel.contentBytes() / (1 << 20) / (elapsed / 1e9);
    }
}
