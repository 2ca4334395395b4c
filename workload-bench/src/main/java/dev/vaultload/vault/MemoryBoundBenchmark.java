package dev.vaultload.vault;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
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
 * The most of its crypto ceiling a WRITE or a READ on MEMORY can reach on this machine, whatever the engine: one
 * document of SIZE_MIB in the engine's AES-256-GCM chunks ({@link DocumentCodec#CHUNK_BYTES}), thread CPU per MiB,
 * best of ROUNDS each, the ways in turns. A WRITE seals into one reused buffer (the ceiling's own measurement), then
 * copied into arrays kept until the document is done (the MEMORY store), then straight into new arrays kept (a store
 * taking the engine's buffers without a copy). A READ opens one chunk again and again and hashes it with SHA-256 (the
 * ceiling's way: everything in cache), then the chunks of a kept document copied out first (a store read through an
 * input stream), then opened straight from the kept arrays. The kept ways move a document's ciphertext between the
 * core and memory no cache holds, which the ceiling does not; their ratio to the first is the share a perfect engine
 * would show. Run by {@code scripts/crypto-bench.sh share} in a JVM whose heap is touched first, as its runs are.
 */
@Command(name = "memory-bound", mixinStandardHelpOptions = true,
        description = "GCM WRITE and READ thread CPU ms/MiB in cache against a document kept in memory")
public final class MemoryBoundBenchmark implements Callable<Integer> {
    private static final int GCM_TAG_BITS = 128;
    private static final int SEALED_CHUNK_BYTES = DocumentCodec.CHUNK_BYTES + GCM_TAG_BITS / 8;
    private static final int NONCE_BYTES = 12;

    private enum Way {
        WRITE_REUSED_BUFFER("WRITE", "reused buffer"),
        WRITE_COPIED_INTO_KEPT("WRITE", "copied into kept"),
        WRITE_SEALED_INTO_KEPT("WRITE", "sealed into kept"),
        READ_IN_CACHE("READ", "one chunk in cache"),
        READ_COPIED_OUT_OF_KEPT("READ", "copied out of kept"),
        READ_OPENED_FROM_KEPT("READ", "opened from kept");

        private final String operation;
        private final String label;

        Way(String operation, String label) {
            this.operation = operation;
            this.label = label;
        }
    }

    @Parameters(index = "0", arity = "0..1", paramLabel = "SIZE_MIB", defaultValue = "64",
            description = "the document's size (default: ${DEFAULT-VALUE})")
    private int sizeMib;

    @Parameters(index = "1", arity = "0..1", paramLabel = "ROUNDS", defaultValue = "8",
            description = "measured rounds of each way, after two unmeasured (default: ${DEFAULT-VALUE})")
    private int rounds;

    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final Cipher cipher;
    private final MessageDigest sha256;
    private final SecretKeySpec writeKey = new SecretKeySpec(new byte[32], "AES");
    /** The READ's document has a key of its own: the WRITE's chunk counter never meets its nonces. */
    private final SecretKeySpec readKey;
    private final byte[] plain = new byte[DocumentCodec.CHUNK_BYTES];
    private final byte[] sealed = new byte[SEALED_CHUNK_BYTES];
    private long writeChunkIndex;

    public MemoryBoundBenchmark() throws GeneralSecurityException {
        cipher = Cipher.getInstance("AES/GCM/NoPadding");
        sha256 = MessageDigest.getInstance("SHA-256");
        Random random = new Random(1);
        random.nextBytes(plain);
        byte[] readKeyBytes = new byte[32];
        random.nextBytes(readKeyBytes);
        readKey = new SecretKeySpec(readKeyBytes, "AES");
    }

    @Override
    public Integer call() throws GeneralSecurityException {
        List<byte[]> document = sealedDocument();
        double[][] millisPerMib = new double[Way.values().length][rounds];
        for (int round = -2; round < rounds; round++) {
            for (Way way : Way.values()) {
                long startNanos = threads.getCurrentThreadCpuTime();
                run(way, document);
                double measured = (threads.getCurrentThreadCpuTime() - startNanos) / 1e6 / sizeMib;
                if (round >= 0) {
                    millisPerMib[way.ordinal()][round] = measured;
                }
            }
        }
        System.out.printf("AES-256-GCM (a READ: + SHA-256), %d MiB in %d KiB chunks, thread CPU, best (median) of %d"
                + " rounds:%n", sizeMib, DocumentCodec.CHUNK_BYTES / 1024, rounds);
        double ceiling = 0;
        for (Way way : Way.values()) {
            double[] measured = millisPerMib[way.ordinal()];
            if (way == Way.WRITE_REUSED_BUFFER || way == Way.READ_IN_CACHE) {
                ceiling = best(measured);
            }
            System.out.printf("  %-5s %-18s %.3f (%.3f) ms/MiB   share of the first: %.2f%n", way.operation,
                    way.label, best(measured), median(measured), ceiling / best(measured));
        }
        return 0;
    }

    private int chunks() {
        return sizeMib * (1024 * 1024 / DocumentCodec.CHUNK_BYTES);
    }

    private void run(Way way, List<byte[]> document) throws GeneralSecurityException {
        switch (way) {
            case WRITE_REUSED_BUFFER, WRITE_COPIED_INTO_KEPT, WRITE_SEALED_INTO_KEPT -> write(way);
            case READ_IN_CACHE, READ_COPIED_OUT_OF_KEPT, READ_OPENED_FROM_KEPT -> read(way, document);
        }
    }

    private void write(Way way) throws GeneralSecurityException {
        List<byte[]> kept = new ArrayList<>(way == Way.WRITE_REUSED_BUFFER ? 0 : chunks());
        for (int chunk = 0; chunk < chunks(); chunk++) {
            cipher.init(Cipher.ENCRYPT_MODE, writeKey, new GCMParameterSpec(GCM_TAG_BITS, nonce(writeChunkIndex++)));
            switch (way) {
                case WRITE_COPIED_INTO_KEPT -> kept.add(Arrays.copyOf(sealed,
                        cipher.doFinal(plain, 0, plain.length, sealed, 0)));
                case WRITE_SEALED_INTO_KEPT -> {
                    byte[] own = new byte[SEALED_CHUNK_BYTES];
                    cipher.doFinal(plain, 0, plain.length, own, 0);
                    kept.add(own);
                }
                default -> cipher.doFinal(plain, 0, plain.length, sealed, 0);
            }
        }
        if (way != Way.WRITE_REUSED_BUFFER && kept.size() != chunks()) {
            throw new IllegalStateException("kept " + kept.size() + " of " + chunks() + " chunks");
        }
    }

    private void read(Way way, List<byte[]> document) throws GeneralSecurityException {
        sha256.reset();
        for (int chunk = 0; chunk < chunks(); chunk++) {
            int index = way == Way.READ_IN_CACHE ? 0 : chunk;
            byte[] from = document.get(index);
            if (way == Way.READ_COPIED_OUT_OF_KEPT) {
                System.arraycopy(from, 0, sealed, 0, SEALED_CHUNK_BYTES);
                from = sealed;
            }
            cipher.init(Cipher.DECRYPT_MODE, readKey, new GCMParameterSpec(GCM_TAG_BITS, nonce(index)));
            sha256.update(plain, 0, cipher.doFinal(from, 0, SEALED_CHUNK_BYTES, plain, 0));
        }
        sha256.digest();
    }

    /** The READ's document, sealed once before the rounds. */
    private List<byte[]> sealedDocument() throws GeneralSecurityException {
        List<byte[]> document = new ArrayList<>(chunks());
        for (int chunk = 0; chunk < chunks(); chunk++) {
            cipher.init(Cipher.ENCRYPT_MODE, readKey, new GCMParameterSpec(GCM_TAG_BITS, nonce(chunk)));
            document.add(cipher.doFinal(plain));
        }
        return document;
    }

    /** The nonce of a chunk, as the engine's: GCM refuses a key and nonce used twice for encryption. */
    private static byte[] nonce(long index) {
        byte[] nonce = new byte[NONCE_BYTES];
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
