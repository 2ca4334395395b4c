package dev.vaultload.kms;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.stats.ErrorClass;
import dev.vaultload.stats.ErrorClassifier;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.Set;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * What every key-manager binding does against its real server (or token), and how its refusals are counted; a
 * binding reached over the network also passes {@link RemoteKeyManagerContract}.
 */
abstract class KeyManagerContract {
    static final byte[] CONTEXT = "bucket/object-1".getBytes(StandardCharsets.UTF_8);
    private static final byte[] OTHER_CONTEXT = "bucket/object-2".getBytes(StandardCharsets.UTF_8);
    private static final int THREADS = 8;
    private static final int ROUND_TRIPS_PER_THREAD = 50;

    /** The binding's name, e.g. {@code KES}. */
    abstract String kms();

    /** A client of the binding's running server with some settings replaced. */
    KeyManager open(Map<String, String> replaced) {
        return KeyManagers.named(kms()).open(settings(replaced));
    }

    /** The running server's settings with some replaced; the test is skipped when no server is configured. */
    Function<String, String> settings(Map<String, String> replaced) {
        return KmsServers.with(KmsServers.settings(kms()), replaced);
    }

    @Test
    void generatedDataKeyDecryptsToItsPlaintext() {
        try (KeyManager kms = open(Map.of())) {
            DataKey dataKey = kms.generateDataKey(kms.keyId(), CONTEXT);
            assertEquals(32, dataKey.plaintext().length);
            assertArrayEquals(dataKey.plaintext(), kms.decrypt(kms.keyId(), dataKey.ciphertext(), CONTEXT));
        }
    }

    @Test
    void encryptedDataDecryptsUnderTheSameContextAndWithoutOne() {
        byte[] data = "4 KiB at most".getBytes(StandardCharsets.UTF_8);
        try (KeyManager kms = open(Map.of())) {
            assertArrayEquals(data, kms.decrypt(kms.keyId(), kms.encrypt(kms.keyId(), data, CONTEXT), CONTEXT));
            assertArrayEquals(data, kms.decrypt(kms.keyId(), kms.encrypt(kms.keyId(), data, new byte[0]), new byte[0]));
        }
    }

    @Test
    void anotherContextIsRefusedAsClientWithoutKeyMaterialInTheMessage() {
        try (KeyManager kms = open(Map.of())) {
            DataKey dataKey = kms.generateDataKey(kms.keyId(), CONTEXT);
            KeyManagerException refused = assertFails(ErrorClass.CLIENT,
                    () -> kms.decrypt(kms.keyId(), dataKey.ciphertext(), OTHER_CONTEXT));
            assertTrue(refused.getMessage().startsWith(kms.description() + ": "), refused.getMessage());
            assertTrue(refused.getMessage().contains("'" + kms.keyId() + "'"), refused.getMessage());
            for (byte[] material : new byte[][] {dataKey.plaintext(), dataKey.ciphertext()}) {
                assertFalse(refused.getMessage().contains(Base64.getEncoder().encodeToString(material)), refused.getMessage());
            }
            assertFalse(dataKey.toString().contains(Base64.getEncoder().encodeToString(dataKey.plaintext())));
        }
    }

    @Test
    void unknownKeyIsClient() {
        try (KeyManager kms = open(Map.of())) {
            KeyManagerException refused = assertFails(ErrorClass.CLIENT,
                    () -> kms.generateDataKey("vaultload-no-such-key", CONTEXT));
            assertTrue(refused.getMessage().contains("'vaultload-no-such-key'"), refused.getMessage());
        }
    }

    @Test
    void alteredCiphertextIsRefusedAsClient() {
        try (KeyManager kms = open(Map.of())) {
            DataKey dataKey = kms.generateDataKey(kms.keyId(), CONTEXT);
            byte[] altered = dataKey.ciphertext().clone();
            altered[altered.length - 1] ^= 1;
            KeyManagerException refused = assertFails(ErrorClass.CLIENT, () -> kms.decrypt(kms.keyId(), altered, CONTEXT));
            assertFalse(refused.getMessage().contains(Base64.getEncoder().encodeToString(dataKey.plaintext())),
                    refused.getMessage());
        }
    }

    @Test
    void eightThreadsAtOnceAllRoundTripWithDistinctDataKeys() throws Exception {
        try (KeyManager kms = open(Map.of())) {
            CyclicBarrier together = new CyclicBarrier(THREADS);
            ExecutorService pool = Executors.newFixedThreadPool(THREADS);
            try {
                List<Future<List<String>>> threads = new ArrayList<>();
                for (int thread = 0; thread < THREADS; thread++) {
                    String name = "thread-" + thread;
                    threads.add(pool.submit(() -> {
                        together.await();
                        return roundTrips(kms, name);
                    }));
                }
                Set<String> dataKeys = new HashSet<>();
                for (Future<List<String>> thread : threads) {
                    dataKeys.addAll(thread.get());
                }
                assertEquals(THREADS * ROUND_TRIPS_PER_THREAD, dataKeys.size(), "distinct data keys");
            } finally {
                pool.shutdownNow();
            }
        }
    }

    /** Data keys and data round-tripped one after the other, each under a context of its own; the data keys. */
    private static List<String> roundTrips(KeyManager kms, String thread) {
        List<String> dataKeys = new ArrayList<>();
        for (int i = 0; i < ROUND_TRIPS_PER_THREAD; i++) {
            byte[] context = (thread + "/" + i).getBytes(StandardCharsets.UTF_8);
            DataKey dataKey = kms.generateDataKey(kms.keyId(), context);
            assertArrayEquals(dataKey.plaintext(), kms.decrypt(kms.keyId(), dataKey.ciphertext(), context));
            byte[] data = new byte[1 + ThreadLocalRandom.current().nextInt(64)];
            ThreadLocalRandom.current().nextBytes(data);
            assertArrayEquals(data, kms.decrypt(kms.keyId(), kms.encrypt(kms.keyId(), data, context), context));
            dataKeys.add(Base64.getEncoder().encodeToString(dataKey.plaintext()));
        }
        return dataKeys;
    }

    static KeyManagerException assertFails(ErrorClass expected, Executable call) {
        KeyManagerException failure = assertThrows(KeyManagerException.class, call);
        assertEquals(expected, ErrorClassifier.classify(failure), failure.getMessage());
        return failure;
    }
}
