package dev.vaultload.vault;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.security.GeneralSecurityException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * The most of its crypto ceiling a WRITE on MEMORY can reach on this machine, whatever the engine: one document of
 * SIZE_MIB sealed with AES-256-GCM in the engine's chunks ({@link DocumentCodec#CHUNK_BYTES}) in three ways, thread CPU
 * per MiB, best of ROUNDS each, in turns: into one reused buffer (the ceiling's own measurement), then copied into
 * arrays kept until the document is done (the MEMORY store), and straight into new arrays kept (a store taking the
 * engine's buffers without a copy). The kept ways write a document's ciphertext into memory no cache holds, which the
 * ceiling does not; their ratio to the first is the share a perfect engine would show. Run by
 * {@code scripts/crypto-bench.sh share} in a JVM whose heap is touched first, as its runs are.
 */
@Command(name = "write-bound", mixinStandardHelpOptions = true,
        description = "GCM thread CPU ms/MiB into a reused buffer, copied into kept arrays, and into new kept arrays")
public final class WriteBoundBenchmark implements Callable<Integer> {
    private static final int GCM_TAG_BITS = 128;
    private static final int NONCE_BYTES = 12;

    private enum Way { REUSED_BUFFER, COPIED_INTO_KEPT, SEALED_INTO_KEPT }

    @Parameters(index = "0", arity = "0..1", paramLabel = "SIZE_MIB", defaultValue = "64",
            description = "the document's size (default: ${DEFAULT-VALUE})")
    private int sizeMib;

    @Parameters(index = "1", arity = "0..1", paramLabel = "ROUNDS", defaultValue = "8",
            description = "measured rounds of each way, after two unmeasured (default: ${DEFAULT-VALUE})")
    private int rounds;

    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final Cipher cipher;
    private final SecretKeySpec key = new SecretKeySpec(new byte[32], "AES");
    private final byte[] plain = new byte[DocumentCodec.CHUNK_BYTES];
    private final byte[] reused = new byte[DocumentCodec.CHUNK_BYTES + GCM_TAG_BITS / 8];
    private long chunkIndex;

    public WriteBoundBenchmark() throws GeneralSecurityException {
        cipher = Cipher.getInstance("AES/GCM/NoPadding");
        new Random(1).nextBytes(plain);
    }

    @Override
    public Integer call() throws GeneralSecurityException {
        double[][] millisPerMib = new double[Way.values().length][rounds];
        for (int round = -2; round < rounds; round++) {
            for (Way way : Way.values()) {
                double measured = sealDocumentMillisPerMib(way);
                if (round >= 0) {
                    millisPerMib[way.ordinal()][round] = measured;
                }
            }
        }
        double ceiling = best(millisPerMib[Way.REUSED_BUFFER.ordinal()]);
        System.out.printf("AES-256-GCM, %d MiB in %d KiB chunks, thread CPU, best (median) of %d rounds:%n", sizeMib,
                DocumentCodec.CHUNK_BYTES / 1024, rounds);
        for (Way way : Way.values()) {
            double[] measured = millisPerMib[way.ordinal()];
            System.out.printf("  %-17s %.3f (%.3f) ms/MiB   share of the first: %.2f%n", way.name().toLowerCase()
                    .replace('_', ' '), best(measured), median(measured), ceiling / best(measured));
        }
        return 0;
    }

    private double sealDocumentMillisPerMib(Way way) throws GeneralSecurityException {
        int chunks = sizeMib * (1024 * 1024 / DocumentCodec.CHUNK_BYTES);
        List<byte[]> kept = new ArrayList<>(way == Way.REUSED_BUFFER ? 0 : chunks);
        long startNanos = threads.getCurrentThreadCpuTime();
        for (int chunk = 0; chunk < chunks; chunk++) {
            cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(GCM_TAG_BITS, nonce()));
            switch (way) {
                case REUSED_BUFFER -> cipher.doFinal(plain, 0, plain.length, reused, 0);
                case COPIED_INTO_KEPT -> kept.add(Arrays.copyOf(reused,
                        cipher.doFinal(plain, 0, plain.length, reused, 0)));
                case SEALED_INTO_KEPT -> {
                    byte[] own = new byte[reused.length];
                    cipher.doFinal(plain, 0, plain.length, own, 0);
                    kept.add(own);
                }
            }
        }
        long cpuNanos = threads.getCurrentThreadCpuTime() - startNanos;
        if (way != Way.REUSED_BUFFER && kept.size() != chunks) {
            throw new IllegalStateException("kept " + kept.size() + " of " + chunks + " chunks");
        }
        return cpuNanos / 1e6 / sizeMib;
    }

    /** A fresh nonce per chunk, as the engine's: GCM refuses a key and nonce used twice. */
    private byte[] nonce() {
        byte[] nonce = new byte[NONCE_BYTES];
        long index = chunkIndex++;
        for (int i = 0; i < Long.BYTES; i++) {
            nonce[NONCE_BYTES - 1 - i] = (byte) (index >>> (8 * i));
        }
        return nonce;
    }

    private static double best(double[] values) {
        return Arrays.stream(values).min().orElseThrow();
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
