package dev.vaultload.vault;

import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.infra.Blackhole;

/**
 * How fast one core reads a buffer of {@code sizeBytes}: every byte once, copied by System.arraycopy (the JDK's
 * fastest read) in slices into one reused window small enough to stay in the L1 cache. Each path of
 * {@link VaultCryptoBenchmark} reads all of its sizeBytes input, so none can be faster; scripts/crypto-bench.sh runs
 * this in the same JMH run and fails a figure above it. At 1 MiB the buffer sits in a cache, at 100 MiB it does not.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Threads(1)
@Fork(value = 1, jvmArgsAppend = {"-Xmx1g"})
public class MemoryBandwidthBenchmark {

    private static final int WINDOW_BYTES = 16 * 1024;

    @Param({VaultCryptoBenchmark.ONE_MIB, VaultCryptoBenchmark.HUNDRED_MIB})
    public int sizeBytes;

    private byte[] buffer;
    private final byte[] window = new byte[WINDOW_BYTES];

    @Setup(Level.Trial)
    public void setUp() {
        buffer = new byte[sizeBytes];
        new Random(1).nextBytes(buffer);
    }

    @Benchmark
    public long read(Blackhole blackhole) {
        for (int offset = 0; offset < sizeBytes; offset += WINDOW_BYTES) {
            System.arraycopy(buffer, offset, window, 0, Math.min(WINDOW_BYTES, sizeBytes - offset));
        }
        blackhole.consume(window);
        return sizeBytes;
    }
}
