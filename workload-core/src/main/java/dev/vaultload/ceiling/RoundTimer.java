package dev.vaultload.ceiling;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.List;

/**
 * Hand-timed rounds of {@link CryptoKernel}s on the calling thread (JMH is not on core's class path). Every output's
 * first byte is XORed into a sink, published to a volatile field after each round: a blackhole, so the JIT cannot
 * prove the work unused.
 */
final class RoundTimer {
    /** Calls in a row to one kernel during the warm-up, before the next kernel's turn. */
    private static final int WARM_UP_BATCH = 20;
    private static volatile int blackhole;

    private final long roundNanos;

    /** @param roundNanos a round repeats its kernel until this much time has passed, at least once */
    RoundTimer(long roundNanos) {
        this.roundNanos = roundNanos;
    }

    /**
     * Calls every kernel in turns until the JIT has compiled their paths (the AES-NI, CLMUL, ChaCha20 and SHA
     * intrinsics are only reached from compiled code): at least {@code minCallsEach} calls each, since compilation
     * follows calls, not bytes, and then on until the JIT has compiled nothing for {@code quietNanos}, or
     * {@code maxNanos} have passed. Taking turns lets one kernel's compilation finish in the background while the
     * others run.
     */
    void warmUp(List<CryptoKernel> kernels, long minCallsEach, long quietNanos, long maxNanos) {
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        long start = System.nanoTime();
        long lastCompilationMillis = -1;
        long quietSince = start;
        int sink = 0;
        for (long done = 0; ; done += WARM_UP_BATCH) {
            for (CryptoKernel kernel : kernels) {
                for (int call = 0; call < WARM_UP_BATCH; call++) {
                    sink ^= kernel.process();
                }
            }
            long now = System.nanoTime();
            long compilationMillis = jit.getTotalCompilationTime();
            if (compilationMillis != lastCompilationMillis) {
                lastCompilationMillis = compilationMillis;
                quietSince = now;
            }
            if (done >= minCallsEach && now - quietSince >= quietNanos || now - start >= maxNanos) {
                break;
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
