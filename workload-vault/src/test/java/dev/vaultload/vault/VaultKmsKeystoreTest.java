package dev.vaultload.vault;

import static dev.vaultload.vault.VaultTestSupport.settings;
import static dev.vaultload.vault.VaultTestSupport.stored;
import static dev.vaultload.vault.VaultTestSupport.user;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.Documents;
import dev.vaultload.engine.EngineException;
import dev.vaultload.engine.KeyManagerClock;
import dev.vaultload.engine.Password;
import dev.vaultload.engine.UserCredentials;
import dev.vaultload.kms.KmsServers;
import dev.vaultload.kms.KmsSettings;
import dev.vaultload.kms.aws.AwsKmsKeyManagerFactory;
import dev.vaultload.kms.kes.KesKeyManagerFactory;
import dev.vaultload.storage.InMemoryBlobStore;
import java.io.IOException;
import java.io.OutputStream;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * VAULTLOAD with its keystores sealed through a real KMS as well as their passwords (KMS_KEYS=KEYSTORE): the servers
 * of scripts/start-kes.sh and scripts/start-local-kms.sh, skipped without them unless VAULTLOAD_REQUIRE_KMS=true. The
 * calls are counted as the harness counts them, in {@link KeyManagerClock} on the calling thread.
 */
class VaultKmsKeystoreTest {
    private final InMemoryBlobStore store = new InMemoryBlobStore("kms-keystore");
    private final UserCredentials alice = user("alice");
    private final UserCredentials bob = user("bob");

    @ParameterizedTest
    @ValueSource(strings = {KesKeyManagerFactory.NAME, AwsKmsKeyManagerFactory.NAME})
    void withoutACacheEveryOperationThatOpensTheKeystoreDecryptsItsDataKey(String kms) {
        DatasafeStyleVault vault = vault(kms, "OFF", Map.of());
        byte[] content = Documents.content(200_000, 1);

        assertEquals(1, calls(() -> vault.createUser(alice)), "one GenerateDataKey per CREATE_USER");
        vault.createUser(bob);
        assertEquals(1, calls(() -> write(vault, "a", content)), "one Decrypt per WRITE");
        assertEquals(1, calls(() -> write(vault, "b", content)));
        assertEquals(1, calls(() -> assertArrayEquals(content, read(vault, alice, "a"))), "one Decrypt per READ");
        assertEquals(1, calls(() -> share(vault, content)), "the sender's keystore only: bob's public key needs none");
        assertEquals(1, calls(() -> assertArrayEquals(content, Documents.readAll(vault.inbox(bob).read("shared/doc")))));
        assertEquals(kms + " KEYSTORE keys (cache OFF)", vault.description().keyManager());

        DatasafeStyleVault another = vault(kms, "OFF", Map.of()); // its first use unlocks: one Decrypt, not two
        assertEquals(1, calls(() -> assertArrayEquals(content, read(another, alice, "b"))));
        assertEquals(1, calls(() -> assertArrayEquals(content, read(another, alice, "b"))));
    }

    @ParameterizedTest
    @ValueSource(strings = {KesKeyManagerFactory.NAME, AwsKmsKeyManagerFactory.NAME})
    void aCachePerUserOpensEachKeystoreOnce(String kms) {
        DatasafeStyleVault vault = vault(kms, "USER", Map.of());
        byte[] content = Documents.content(1000, 2);

        assertEquals(2, calls(() -> {
            vault.createUser(alice);
            vault.createUser(bob);
        }), "one GenerateDataKey per user");
        assertEquals(0, calls(() -> {
            write(vault, "a", content);
            assertArrayEquals(content, read(vault, alice, "a"));
            share(vault, content);
            assertArrayEquals(content, Documents.readAll(vault.inbox(bob).read("shared/doc")));
        }), "the creator keeps its keys");
        assertEquals(kms + " KEYSTORE keys (cache USER)", vault.description().keyManager());

        DatasafeStyleVault another = vault(kms, "USER", Map.of()); // nothing cached there
        assertEquals(1, calls(() -> {
            assertArrayEquals(content, read(another, alice, "a"));
            write(another, "b", content);
            assertArrayEquals(content, read(another, alice, "b"));
        }), "one Decrypt for alice's keystore for the run");
    }

    @Test
    void aWindowOpensTheKeystoreAgainOnceItHasPassed() throws InterruptedException {
        DatasafeStyleVault vault = vault(KesKeyManagerFactory.NAME, "1s", Map.of());
        vault.createUser(alice);
        byte[] content = Documents.content(100, 3);
        assertEquals(0, calls(() -> write(vault, "a", content)), "within the window of the creation");
        Thread.sleep(1100);
        assertEquals(1, calls(() -> {
            assertArrayEquals(content, read(vault, alice, "a"));
            assertArrayEquals(content, read(vault, alice, "a"));
        }), "one Decrypt for the next window");
    }

    @Test
    void theKeystoreOpensOnlyWithTheKmsAndThePasswordAloneDoesNotOpenIt() {
        vault(KesKeyManagerFactory.NAME, "OFF", Map.of()).createUser(alice);
        byte[] keystore = stored(store, StorageLayout.keystore("alice"));
        assertEquals(KeystoreHeader.KMS_VERSION, keystore[4], "a version 2 keystore");

        for (DatasafeStyleVault without : List.of(new DatasafeStyleVault(store, settings(CipherSuite.AES256_GCM)),
                vault(KesKeyManagerFactory.NAME, "OFF", Map.of(VaultEngineSettings.KMS_KEYS.name(), "DOCUMENT")))) {
            EngineException refused = assertThrows(EngineException.class, () -> read(without, alice, "any"));
            assertEquals(EngineException.Reason.ACCESS_DENIED, refused.reason());
            assertTrue(refused.getMessage().contains("KMS_KEYS=KEYSTORE"), refused.getMessage());
        }

        // a downgrade to version 1 (the wrapped data key cut out) leaves keys the password alone does not open
        int wrappedLength = ((keystore[KeystoreHeader.SIZE_BYTES] & 0xff) << 8) | (keystore[KeystoreHeader.SIZE_BYTES + 1] & 0xff);
        byte[] downgraded = new byte[keystore.length - 2 - wrappedLength];
        System.arraycopy(keystore, 0, downgraded, 0, KeystoreHeader.SIZE_BYTES);
        System.arraycopy(keystore, KeystoreHeader.SIZE_BYTES + 2 + wrappedLength, downgraded, KeystoreHeader.SIZE_BYTES,
                downgraded.length - KeystoreHeader.SIZE_BYTES);
        downgraded[4] = KeystoreHeader.VERSION;
        KeystoreFile passwordOnly = new KeystoreFile(new InboxKeyPairs(CryptoProviders.bouncyCastle(), new SecureRandom()),
                KeyPairAlgorithm.X25519, 1, new SecureRandom());
        assertEquals(EngineException.Reason.WRONG_PASSWORD, assertThrows(EngineException.class,
                () -> passwordOnly.unlock("alice", downgraded, alice.password())).reason());
    }

    @ParameterizedTest
    @ValueSource(strings = {KesKeyManagerFactory.NAME, AwsKmsKeyManagerFactory.NAME})
    void anotherKmsKeyIsRefusedAsAccessDeniedNamingTheSetting(String kms) {
        vault(kms, "OFF", Map.of()).createUser(alice);
        String keySetting = kms.equals(KesKeyManagerFactory.NAME) ? KmsSettings.KES_KEY_NAME.name()
                : KmsSettings.AWS_KMS_KEY_ID.name();
        DatasafeStyleVault otherKey = vault(kms, "OFF", Map.of(keySetting, "vaultload-keystore-test-no-such-key"));

        EngineException refused = assertThrows(EngineException.class, () -> read(otherKey, alice, "any"));
        assertEquals(EngineException.Reason.ACCESS_DENIED, refused.reason());
        assertTrue(refused.getMessage().contains("KMS_KEYS=KEYSTORE")
                && refused.getMessage().contains("vaultload-keystore-test-no-such-key"), refused.getMessage());
        assertFalse(refused.getMessage().contains("pw-of-alice"), refused.getMessage());
    }

    @Test
    void aRotationSealsUnderAFreshDataKeyAndMovesAPasswordOnlyKeystoreToTheKms() {
        new DatasafeStyleVault(store, settings(CipherSuite.AES256_GCM)).createUser(alice); // version 1
        DatasafeStyleVault vault = vault(KesKeyManagerFactory.NAME, "OFF", Map.of());
        byte[] content = Documents.content(5000, 4);
        write(vault, "kept", content);

        Password second = Password.of("second-Zq8!");
        assertEquals(1, calls(() -> vault.rotateKey(alice, second)), "a version 1 keystore: one GenerateDataKey");
        byte[] first = stored(store, StorageLayout.keystore("alice"));
        assertEquals(KeystoreHeader.KMS_VERSION, first[4]);

        UserCredentials rotated = new UserCredentials("alice", second);
        assertEquals(2, calls(() -> vault.rotateKey(rotated, Password.of("third-Zq8!"))), "one Decrypt, one GenerateDataKey");
        byte[] again = stored(store, StorageLayout.keystore("alice"));
        assertFalse(Arrays.equals(KeystoreHeader.decode("alice", first).wrappedDataKey(),
                KeystoreHeader.decode("alice", again).wrappedDataKey()), "a fresh data key");

        UserCredentials third = new UserCredentials("alice", Password.of("third-Zq8!"));
        DatasafeStyleVault fresh = vault(KesKeyManagerFactory.NAME, "OFF", Map.of());
        assertArrayEquals(content, read(fresh, third, "kept"));
        assertEquals(EngineException.Reason.WRONG_PASSWORD,
                assertThrows(EngineException.class, () -> read(fresh, rotated, "kept")).reason());
        assertEquals(0, vault.checkKeyMaterial(alice).alterations().size(), "the record follows the rotation");
    }

    @Test
    void everyFlippedByteOfAKmsSealedKeystoreIsRefusedAndTheRecordSeesIt() {
        DatasafeStyleVault vault = vault(KesKeyManagerFactory.NAME, "OFF", Map.of());
        vault.createUser(alice);
        byte[] keystore = stored(store, StorageLayout.keystore("alice"));
        KeystoreFile file = new KeystoreFile(new InboxKeyPairs(CryptoProviders.bouncyCastle(), new SecureRandom()),
                KeyPairAlgorithm.X25519, 1, new SecureRandom(),
                VaultKms.of(kmsSettings(KesKeyManagerFactory.NAME, "OFF", Map.of())).orElseThrow());
        assertEquals("alice", file.unlock("alice", keystore, alice.password()).userId());
        Set<EngineException.Reason> refusals = EnumSet.of(EngineException.Reason.WRONG_PASSWORD,
                EngineException.Reason.INTEGRITY, EngineException.Reason.ACCESS_DENIED);
        for (int i = 0; i < keystore.length; i++) {
            byte[] flipped = keystore.clone();
            flipped[i] ^= i == 6 ? (byte) 0x80 : 0x01; // the iterations' top byte: 2^24 more would only be slow

            EngineException refused = assertThrows(EngineException.class, () -> file.unlock("alice", flipped, alice.password()),
                    "byte " + i);
            assertTrue(refusals.contains(refused.reason()), "byte " + i + ": " + refused.reason());
        }

        byte[] flipped = keystore.clone();
        flipped[flipped.length - 1] ^= 0x01;
        VaultTestSupport.replace(store, StorageLayout.keystore("alice"), flipped);
        assertEquals(1, vault.checkKeyMaterial(alice).alterations().size());
    }

    @Test
    void keystoreKeysWithoutAKmsAreRefusedBeforeTheRun() {
        Function<String, String> noKms = Map.of(VaultEngineSettings.KMS_KEYS.name(), "KEYSTORE")::get;
        assertTrue(assertThrows(IllegalArgumentException.class, () -> VaultKms.of(noKms)).getMessage()
                .startsWith("KMS is unset"));
    }

    /** A vault over this test's store with KMS_KEYS=KEYSTORE through {@code kms}, some settings replaced. */
    private DatasafeStyleVault vault(String kms, String cache, Map<String, String> replaced) {
        return new DatasafeStyleVault(store, settings(CipherSuite.AES256_GCM), VaultKms.of(kmsSettings(kms, cache, replaced)));
    }

    private static Function<String, String> kmsSettings(String kms, String cache, Map<String, String> replaced) {
        return KmsServers.with(KmsServers.with(KmsServers.settings(kms), Map.of(
                VaultEngineSettings.KMS_KEYS.name(), KmsKeys.KEYSTORE.name(),
                VaultEngineSettings.KMS_KEY_CACHE.name(), cache)), replaced);
    }

    private void write(DatasafeStyleVault vault, String path, byte[] content) {
        Documents.write(vault.privateSpace(alice), path, content);
    }

    private static byte[] read(DatasafeStyleVault vault, UserCredentials user, String path) {
        return Documents.readAll(vault.privateSpace(user).read(path));
    }

    private void share(DatasafeStyleVault vault, byte[] content) {
        try (OutputStream out = vault.share(alice, List.of("bob"), "shared/doc")) {
            out.write(content);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    /** The key-manager calls {@code work} made on this thread. */
    private static long calls(Runnable work) {
        KeyManagerClock.takeCalls();
        work.run();
        return KeyManagerClock.takeCalls();
    }
}
