package dev.vaultload.vault;

import static dev.vaultload.vault.VaultTestSupport.settings;
import static dev.vaultload.vault.VaultTestSupport.user;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.Documents;
import dev.vaultload.engine.EngineException;
import dev.vaultload.engine.KeyManagerClock;
import dev.vaultload.engine.UserCredentials;
import dev.vaultload.kms.KmsServers;
import dev.vaultload.kms.KmsSettings;
import dev.vaultload.kms.aws.AwsKmsKeyManagerFactory;
import dev.vaultload.kms.kes.KesKeyManagerFactory;
import dev.vaultload.storage.InMemoryBlobStore;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * VAULTLOAD with its documents' keys held by a real KMS (KMS_KEYS=DOCUMENT): the servers of scripts/start-kes.sh and
 * scripts/start-local-kms.sh, skipped without them unless VAULTLOAD_REQUIRE_KMS=true. The calls are counted as the
 * harness counts them, in {@link KeyManagerClock} on the calling thread.
 */
class VaultKmsTest {
    private final InMemoryBlobStore store = new InMemoryBlobStore("kms");
    private final UserCredentials alice = user("alice");
    private final UserCredentials bob = user("bob");

    @ParameterizedTest
    @ValueSource(strings = {KesKeyManagerFactory.NAME, AwsKmsKeyManagerFactory.NAME})
    void withoutACacheEveryWriteGeneratesAndEveryReadDecryptsADataKey(String kms) {
        DatasafeStyleVault vault = vault(kms, "OFF");
        byte[] content = Documents.content(200_000, 1);

        assertEquals(1, calls(() -> write(vault, "a", content)), "one GenerateDataKey per WRITE");
        assertEquals(1, calls(() -> write(vault, "b", content)));
        assertEquals(1, calls(() -> assertArrayEquals(content, read(vault, alice, "a"))), "one Decrypt per READ");
        assertEquals(1, calls(() -> assertArrayEquals(content, read(vault, alice, "a"))));
        assertEquals(kms + " DOCUMENT keys (cache OFF)", vault.description().keyManager());
    }

    @ParameterizedTest
    @ValueSource(strings = {KesKeyManagerFactory.NAME, AwsKmsKeyManagerFactory.NAME})
    void aCachePerUserCallsOncePerWriterAndANewClientOncePerDataKey(String kms) {
        DatasafeStyleVault vault = vault(kms, "USER");
        byte[] content = Documents.content(1000, 2);

        assertEquals(1, calls(() -> {
            write(vault, "a", content);
            write(vault, "b", content);
        }), "the writer's one data key serves both documents");
        assertEquals(0, calls(() -> assertArrayEquals(content, read(vault, alice, "b"))), "the writer keeps its key");

        DatasafeStyleVault another = vault(kms, "USER"); // another client over the same store: nothing cached
        assertEquals(1, calls(() -> {
            assertArrayEquals(content, read(another, alice, "a"));
            assertArrayEquals(content, read(another, alice, "b"));
        }), "one Decrypt for the data key both documents share");
    }

    @ParameterizedTest
    @ValueSource(strings = {KesKeyManagerFactory.NAME, AwsKmsKeyManagerFactory.NAME})
    void aShareReachesItsRecipientWhoOpensItsKeyAtTheKms(String kms) throws IOException {
        DatasafeStyleVault vault = vault(kms, "OFF");
        vault.createUser(bob);
        byte[] content = Documents.content(5000, 3);
        try (OutputStream out = vault.share(alice, List.of("bob"), "shared/doc")) {
            out.write(content);
        }
        assertEquals(1, calls(() -> assertArrayEquals(content, Documents.readAll(vault.inbox(bob).read("shared/doc")))));
    }

    @Test
    void aVaultWithoutTheKmsCannotOpenADocumentWhoseKeyTheKmsHolds() {
        write(vault(KesKeyManagerFactory.NAME, "OFF"), "held", Documents.content(100, 4));

        DatasafeStyleVault plain = new DatasafeStyleVault(store, settings(CipherSuite.AES256_GCM));
        EngineException refused = assertThrows(EngineException.class, () -> read(plain, alice, "held"));
        assertEquals(EngineException.Reason.ACCESS_DENIED, refused.reason());
        assertTrue(refused.getMessage().contains("KMS_KEYS=DOCUMENT"), refused.getMessage());
    }

    @Test
    void aKeyManagerConfigurationThatCannotWorkIsRefusedNamingItsSetting() {
        Function<String, String> cacheAlone = Map.of(VaultEngineSettings.KMS_KEY_CACHE.name(), "USER")::get;
        assertTrue(message(cacheAlone).startsWith("KMS_KEY_CACHE=USER has no effect with KMS_KEYS=NONE"),
                message(cacheAlone));
        Function<String, String> noKms = Map.of(VaultEngineSettings.KMS_KEYS.name(), "DOCUMENT")::get;
        assertTrue(message(noKms).startsWith("KMS is unset"), message(noKms));
        Function<String, String> badCache = Map.of(VaultEngineSettings.KMS_KEY_CACHE.name(), "soon")::get;
        assertTrue(message(badCache).contains("KMS_KEY_CACHE"), message(badCache));
    }

    private static String message(Function<String, String> settings) {
        return assertThrows(IllegalArgumentException.class, () -> VaultKms.of(settings)).getMessage();
    }

    /** A vault over this test's store with KMS_KEYS=DOCUMENT through {@code kms}, alice created. */
    private DatasafeStyleVault vault(String kms, String cache) {
        Function<String, String> settings = KmsServers.with(KmsServers.settings(kms), Map.of(
                VaultEngineSettings.KMS_KEYS.name(), KmsKeys.DOCUMENT.name(),
                VaultEngineSettings.KMS_KEY_CACHE.name(), cache, KmsSettings.KMS.name(), kms));
        DatasafeStyleVault vault = new DatasafeStyleVault(store, settings(CipherSuite.AES256_GCM), VaultKms.of(settings));
        if (!store.exists(StorageLayout.keystore(alice.userId()))) {
            vault.createUser(alice);
        }
        return vault;
    }

    private void write(DatasafeStyleVault vault, String path, byte[] content) {
        Documents.write(vault.privateSpace(alice), path, content);
    }

    private static byte[] read(DatasafeStyleVault vault, UserCredentials user, String path) {
        return Documents.readAll(vault.privateSpace(user).read(path));
    }

    /** The key-manager calls {@code work} made on this thread. */
    private static long calls(Runnable work) {
        KeyManagerClock.takeCalls();
        work.run();
        return KeyManagerClock.takeCalls();
    }
}
