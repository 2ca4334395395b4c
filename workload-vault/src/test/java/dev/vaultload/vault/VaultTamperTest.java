package dev.vaultload.vault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.content.ContentGenerator;
import dev.vaultload.engine.CipherSuite;
import dev.vaultload.fixture.ContentId;
import dev.vaultload.fixture.Fixture;
import dev.vaultload.fixture.FixtureSize;
import dev.vaultload.fixture.Operation;
import dev.vaultload.fixture.OperationType;
import dev.vaultload.fixture.StorageType;
import dev.vaultload.report.Failure;
import dev.vaultload.report.RunResult;
import dev.vaultload.run.Combination;
import dev.vaultload.run.RunConfig;
import dev.vaultload.run.WorkloadRunner;
import dev.vaultload.stats.ErrorClass;
import dev.vaultload.stats.ErrorMode;
import dev.vaultload.storage.BlobOutputStream;
import dev.vaultload.storage.BlobStore;
import dev.vaultload.storage.ForwardingBlobOutputStream;
import dev.vaultload.storage.ForwardingBlobStore;
import dev.vaultload.storage.InMemoryBlobStore;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.BiConsumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Alterations that leave valid ciphertext behind, made in the store behind the engine's back during a run: each
 * must fail the run as INTEGRITY naming the altered object, though no envelope fails its authentication.
 */
class VaultTamperTest {
    private static final ContentId C1 = new ContentId("c1");
    private static final ContentId C2 = new ContentId("c2");

    @TempDir
    Path reports;

    @Test
    void aDocumentSwappedForAnotherUsersValidDocumentIsIntegrity() {
        Fixture fixture = new Fixture(null, List.of(
                new Operation.CreateUser("user-1"), new Operation.CreateUser("user-2"),
                new Operation.Write("user-1", C1, "docs/a.txt"),
                new Operation.Write("user-2", C2, "docs/a.txt"),
                new Operation.Read("user-1", StorageType.PRIVATE, "docs/a.txt", C1)),
                Map.of("user-1", Map.of("docs/a.txt", "c1"), "user-2", Map.of("docs/a.txt", "c2")),
                Map.of("user-1", Map.of(), "user-2", Map.of()));
        // after the second document: the first (user-1's) gets the bytes of the second (user-2's)
        AltersAfterDocuments store = new AltersAfterDocuments(2, (raw, written) -> copy(raw, written.get(1), written.get(0)));

        RunResult result = run(fixture, store);

        String swapped = store.written().getFirst();
        assertFalse(result.passed());
        assertEquals(Map.of(ErrorClass.INTEGRITY, 2L), nonZero(result), "the READ and the final check: " + result.failures());
        assertTrue(result.failures().stream().allMatch(f -> swapped.equals(f.storeObject())), result.failures().toString());
        assertTrue(result.failures().getFirst().message().contains("cannot open"), result.failures().getFirst().line());
    }

    @Test
    void aShareToAPublicKeySwappedSinceItWasWrittenIsRefusedAsIntegrityNamingThePublicKey() {
        Fixture fixture = new Fixture(null, List.of(
                new Operation.CreateUser("user-1"), new Operation.CreateUser("user-2"), new Operation.CreateUser("user-3"),
                new Operation.Write("user-1", C1, "docs/a.txt"),
                new Operation.Share("user-1", C2, "docs/s.txt", List.of("user-2")),
                new Operation.Read("user-2", StorageType.INBOX, "docs/s.txt", C2)),
                Map.of("user-1", Map.of("docs/a.txt", "c1"), "user-2", Map.of(), "user-3", Map.of()),
                Map.of("user-1", Map.of(), "user-2", Map.of("docs/s.txt", "c2"), "user-3", Map.of()));
        // before the share: user-2's published public key becomes user-3's
        AltersAfterDocuments store = new AltersAfterDocuments(1,
                (raw, written) -> copy(raw, keyOf(raw, "user-3/pubkey"), keyOf(raw, "user-2/pubkey")));

        RunResult result = run(fixture, store);

        // the engine wrote user-2's public key and finds other bytes when the SHARE reads it: nothing is encrypted to
        // the wrong key, and the final check names the public key too
        assertFalse(result.passed());
        assertEquals(Map.of(ErrorClass.INTEGRITY, 2L), nonZero(result), "SHARE, final check: " + result.failures());
        assertTrue(result.failures().stream().anyMatch(f -> f.type() == OperationType.SHARE
                && f.storeObject().endsWith("-user-2/pubkey")), result.failures().toString());
        assertTrue(result.failures().stream().allMatch(f -> f.storeObject().endsWith("-user-2/pubkey")),
                result.failures().toString());
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"keystore, FLIP", "keystore, DELETE", "pubkey, FLIP", "pubkey, DELETE", "profile, FLIP", "profile, DELETE"})
    void keyMaterialAlteredOrDeletedWhileTheRunUsesCachedCopiesIsFoundNamingTheObject(String object, String damage) {
        Fixture fixture = new Fixture(null, List.of(
                new Operation.CreateUser("user-1"),
                new Operation.Write("user-1", C1, "docs/a.txt"),
                new Operation.Read("user-1", StorageType.PRIVATE, "docs/a.txt", C1)),
                Map.of("user-1", Map.of("docs/a.txt", "c1")), Map.of("user-1", Map.of()));
        AltersAfterDocuments store = new AltersAfterDocuments(1, (raw, written) -> {
            String key = keyOf(raw, "user-1/" + object);
            if (damage.equals("DELETE")) {
                raw.delete(key);
            } else {
                byte[] bytes = VaultTestSupport.stored(raw, key);
                bytes[bytes.length - 1] ^= 0x01;
                VaultTestSupport.replace(raw, key, bytes);
            }
        });

        RunResult result = run(fixture, store);

        assertFalse(result.passed());
        ErrorClass expected = damage.equals("DELETE") ? ErrorClass.LOST : ErrorClass.INTEGRITY;
        assertEquals(Map.of(expected, 1L), nonZero(result), result.failures().toString());
        Failure failure = result.failures().getFirst();
        assertTrue(failure.storeObject().endsWith("-user-1/" + object), failure.line());
        assertEquals(3, result.objects().keyObjectsChecked(), "keystore, public key and profile of the one user");
    }

    @Test
    void anUnalteredRunChecksEveryUsersKeyMaterialAndPasses() {
        Fixture fixture = new Fixture(null, List.of(
                new Operation.CreateUser("user-1"), new Operation.CreateUser("user-2"),
                new Operation.Write("user-1", C1, "docs/a.txt"),
                new Operation.Share("user-1", C2, "docs/s.txt", List.of("user-2")),
                new Operation.Read("user-2", StorageType.INBOX, "docs/s.txt", C2)),
                Map.of("user-1", Map.of("docs/a.txt", "c1"), "user-2", Map.of()),
                Map.of("user-1", Map.of(), "user-2", Map.of("docs/s.txt", "c2")));

        RunResult result = run(fixture, new AltersAfterDocuments(Integer.MAX_VALUE, (raw, written) -> { }));

        assertTrue(result.passed(), result.failures().toString());
        assertEquals(6, result.objects().keyObjectsChecked());
    }

    private RunResult run(Fixture fixture, BlobStore store) {
        RunConfig config = new RunConfig(List.of("MEMORY"), List.of(VaultEngineFactory.NAME), List.of(1), List.of(1),
                new RunConfig.FixtureSource.Committed(FixtureSize.SMALL), CipherSuite.AES256_GCM,
                VaultTestSupport.TEST_KDF_ITERATIONS, Optional.empty(), ErrorMode.CONTINUE, Duration.ofSeconds(1),
                Duration.ZERO, OptionalDouble.empty(), 3, reports);
        return new WorkloadRunner(config, "VaultTamperTest", new ContentGenerator())
                .run(new Combination("MEMORY", 1, 1), fixture, "test", store,
                        s -> new DatasafeStyleVault(s, VaultTestSupport.settings(CipherSuite.AES256_GCM)), users -> Map.of());
    }

    private static Map<ErrorClass, Long> nonZero(RunResult result) {
        Map<ErrorClass, Long> counted = new EnumMap<>(ErrorClass.class);
        result.errors().forEach((errorClass, count) -> {
            if (count > 0) {
                counted.put(errorClass, count);
            }
        });
        return counted;
    }

    private static void copy(BlobStore raw, String from, String to) {
        VaultTestSupport.replace(raw, to, VaultTestSupport.stored(raw, from));
    }

    /** The store key ending with {@code -<suffix>}: store-side user ids carry the run's namespace before the fixture's. */
    private static String keyOf(BlobStore raw, String suffix) {
        try (Stream<String> keys = raw.list("")) {
            return keys.filter(key -> key.endsWith("-" + suffix)).findFirst()
                    .orElseThrow(() -> new AssertionError("no key ending with " + suffix));
        }
    }

    /** Calls the alteration, on the store beneath, once the given number of documents has been written through it. */
    private static final class AltersAfterDocuments extends ForwardingBlobStore {
        private final int afterDocuments;
        private final BiConsumer<BlobStore, List<String>> alteration;
        private final List<String> written = new ArrayList<>();

        AltersAfterDocuments(int afterDocuments, BiConsumer<BlobStore, List<String>> alteration) {
            super(new InMemoryBlobStore("tamper-test"));
            this.afterDocuments = afterDocuments;
            this.alteration = alteration;
        }

        @Override
        public BlobOutputStream openOutput(String key) {
            return new ForwardingBlobOutputStream(delegate().openOutput(key)) {
                @Override
                public void close() throws IOException {
                    super.close();
                    synchronized (written) {
                        written.add(key);
                        if (written.size() == afterDocuments) {
                            alteration.accept(delegate(), List.copyOf(written));
                        }
                    }
                }
            };
        }

        List<String> written() {
            synchronized (written) {
                return List.copyOf(written);
            }
        }
    }
}
