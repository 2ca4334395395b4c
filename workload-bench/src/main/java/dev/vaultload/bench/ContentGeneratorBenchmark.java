package dev.vaultload.bench;

import dev.vaultload.content.ContentGenerator;
import dev.vaultload.fixture.ContentId;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.concurrent.TimeUnit;

/**
 * Throughput of content generation on one thread, per {@code sizeBytes} document: {@code writeTo} into a sink
 * that only touches the bytes, the {@code InputStream} read in 64 KiB chunks, and the uncached SHA-256.
 * MB/s = sizeBytes * ops/s / 1e6. Run with scripts/content-bench.sh.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
@Fork(1)
public class ContentGeneratorBenchmark {
    @Param({"1048576"})
    public long sizeBytes;

    private final ContentId contentId = new ContentId("b5393d41-f276-48cf-8a15-e1a35869d99a");
    private final byte[] readBuffer = new byte[64 * 1024];
    private ContentGenerator generator;
    private BlackholeSink sink;

    @Setup(Level.Trial)
    public void setUp(Blackhole blackhole) {
        generator = new ContentGenerator();
        sink = new BlackholeSink(blackhole);
    }

    @Benchmark
    public void writeTo() throws IOException {
        generator.writeTo(contentId, sizeBytes, sink);
    }

    @Benchmark
    public void readStream(Blackhole blackhole) throws IOException {
        try (InputStream in = generator.open(contentId, sizeBytes)) {
            for (int read; (read = in.read(readBuffer)) != -1; ) {
                blackhole.consume(readBuffer[read - 1]);
            }
        }
    }

    @Benchmark
    public byte[] sha256Uncached() {
        // a fresh generator has an empty checksum cache
        return new ContentGenerator().expectedSha256(contentId, sizeBytes);
    }

    /** Consumes the last byte of each chunk so the JIT cannot drop the generation. */
    private static final class BlackholeSink extends OutputStream {
        private final Blackhole blackhole;

        BlackholeSink(Blackhole blackhole) {
            this.blackhole = blackhole;
        }

        @Override
        public void write(int b) {
            blackhole.consume(b);
        }

        @Override
        public void write(byte[] bytes, int offset, int length) {
            blackhole.consume(bytes[offset + length - 1]);
        }
    }
}
