package dev.vaultload.vault;

import static dev.vaultload.engine.Documents.content;
import static dev.vaultload.engine.Documents.readAll;
import static dev.vaultload.engine.Documents.write;
import static dev.vaultload.vault.VaultTestSupport.replace;
import static dev.vaultload.vault.VaultTestSupport.settings;
import static dev.vaultload.vault.VaultTestSupport.stored;
import static dev.vaultload.vault.VaultTestSupport.user;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.Engine;
import dev.vaultload.engine.EngineException;
import dev.vaultload.engine.EngineOptions;
import dev.vaultload.engine.Password;
import dev.vaultload.engine.UserCredentials;
import dev.vaultload.fixture.OperationType;
import dev.vaultload.storage.BlobNotFoundException;
import dev.vaultload.storage.InMemoryBlobStore;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** ROTATE_KEY (the keystore re-sealed under the next password) and REENCRYPT (a document under a new body key). */
class KeyLifecycleTest {

    private static final String SMALL = "notes/small.txt";
    /** Three chunks and a bit: a re-encryption must carry every chunk over. */
    private static final String LARGE = "notes/large.bin";
    private static final String SHARED = "from-bob.txt";

    private final InMemoryBlobStore store = new InMemoryBlobStore();
    private final UserCredentials alice = user("alice");
    private final UserCredentials bob = user("bob");
    private final Password next = Password.of("next-of-alice-Xy7?");
    private final UserCredentials aliceAfter = new UserCredentials("alice", next);
    private final byte[] small = content(100, 1);
    private final byte[] large = content(3 * DocumentCodec.CHUNK_BYTES + 17, 2);
    private final byte[] shared = content(2_000, 3);

    /** A vault with alice's two documents and one share from bob in her inbox. */
    private Engine populated(CipherSuite cipher) {
        Engine vault = new DatasafeStyleVault(store, settings(cipher));
        vault.createUser(alice);
        vault.createUser(bob);
        write(vault.privateSpace(alice), SMALL, small);
        write(vault.privateSpace(alice), LARGE, large);
        try (OutputStream out = vault.share(bob, List.of("alice"), SHARED)) {
            out.write(shared);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return vault;
    }

    @ParameterizedTest
    @EnumSource(CipherSuite.class)
    void rotatedKeystoreRefusesTheOldPasswordAndOpensEveryDocumentWithTheNew(CipherSuite cipher) {
        Engine vault = populated(cipher);
        vault.privateSpace(alice); // the old password's keys are in the cache: the rotation must drop them
        byte[] keystoreBefore = stored(store, StorageLayout.keystore("alice"));

        vault.rotateKey(alice, next);

        assertFalse(Arrays.equals(keystoreBefore, stored(store, StorageLayout.keystore("alice"))), "keystore re-sealed");
        for (Engine reader : List.of(vault, new DatasafeStyleVault(store, settings(cipher)))) {
            assertEquals(EngineException.Reason.WRONG_PASSWORD,
                    assertThrows(EngineException.class, () -> reader.privateSpace(alice)).reason());
            assertEquals(EngineException.Reason.WRONG_PASSWORD,
                    assertThrows(EngineException.class, () -> reader.inbox(alice)).reason());
            assertArrayEquals(small, readAll(reader.privateSpace(aliceAfter).read(SMALL)));
            assertArrayEquals(large, readAll(reader.privateSpace(aliceAfter).read(LARGE)));
            assertArrayEquals(shared, readAll(reader.inbox(aliceAfter).read(SHARED)), "shares to the kept inbox key");
        }
        assertTrue(vault.checkKeyMaterial(aliceAfter).alterations().isEmpty(), "the record follows the new keystore");
    }

    @Test
    void rotationKeepsEveryDocumentAndThePublishedKeyAsStored() {
        Engine vault = populated(CipherSuite.AES256_GCM);
        Map<String, byte[]> before = objectsOtherThanKeystores();

        vault.rotateKey(alice, next);

        Map<String, byte[]> after = objectsOtherThanKeystores();
        assertEquals(before.keySet(), after.keySet());
        before.forEach((key, bytes) -> assertArrayEquals(bytes, after.get(key), key + " unchanged"));
    }

    @Test
    void aRotationWithTheWrongCurrentPasswordChangesNothing() {
        Engine vault = populated(CipherSuite.AES256_GCM);
        byte[] keystoreBefore = stored(store, StorageLayout.keystore("alice"));

        EngineException refused = assertThrows(EngineException.class,
                () -> vault.rotateKey(new UserCredentials("alice", Password.of("guess")), next));

        assertEquals(EngineException.Reason.WRONG_PASSWORD, refused.reason());
        assertArrayEquals(keystoreBefore, stored(store, StorageLayout.keystore("alice")));
        assertArrayEquals(small, readAll(vault.privateSpace(alice).read(SMALL)));
    }

    /**
     * A keystore put back as it was before a rotation: the vault that re-sealed it finds other bytes than it wrote and
     * refuses them as INTEGRITY; a fresh vault, which never saw it, finds it opens with the superseded password only
     * and refuses the current one. Each names the keystore as the object at fault.
     */
    @Test
    void aKeystoreRolledBackToBeforeTheRotationIsRefusedNamingTheKeystore() {
        Engine vault = populated(CipherSuite.AES256_GCM);
        String keystore = StorageLayout.keystore("alice");
        byte[] beforeRotation = stored(store, keystore);
        vault.rotateKey(alice, next);

        replace(store, keystore, beforeRotation);

        EngineException rotation = assertThrows(EngineException.class,
                () -> vault.rotateKey(aliceAfter, Password.of("after-next")));
        EngineException unlock = assertThrows(EngineException.class,
                () -> new DatasafeStyleVault(store, settings(CipherSuite.AES256_GCM)).privateSpace(aliceAfter));
        assertEquals(EngineException.Reason.INTEGRITY, rotation.reason());
        assertEquals(EngineException.Reason.WRONG_PASSWORD, unlock.reason());
        for (EngineException refused : List.of(rotation, unlock)) {
            assertEquals(keystore, EngineException.storeKeyIn(refused).orElseThrow());
        }
        assertEquals(1, vault.checkKeyMaterial(aliceAfter).alterations().size(), "the record holds the re-sealed one");
    }

    @ParameterizedTest
    @EnumSource(value = CipherSuite.class, names = "NONE", mode = EnumSource.Mode.EXCLUDE)
    void reencryptionReplacesTheStoredBytesAndKeepsTheContent(CipherSuite cipher) {
        Engine vault = populated(cipher);
        String key = vault.privateSpace(alice).storeKey(LARGE).orElseThrow();
        byte[] before = stored(store, key);

        vault.reencrypt(alice, LARGE);

        byte[] after = stored(store, key);
        assertFalse(Arrays.equals(before, after), "a new object");
        assertFalse(Arrays.equals(envelope(before), envelope(after)), "a new envelope, not the old one re-used");
        assertArrayEquals(large, readAll(vault.privateSpace(alice).read(LARGE)));
        assertArrayEquals(Arrays.copyOfRange(large, 70_000, 140_001),
                readAll(vault.privateSpace(alice).read(LARGE, 70_000, 140_000)));
        assertEquals(Set.of(SMALL, LARGE), Set.copyOf(vault.privateSpace(alice).list("").toList()));
    }

    @Test
    void aDocumentThatFailsAuthenticationIsNotReencryptedAndStaysAsItWas() {
        Engine vault = populated(CipherSuite.AES256_GCM);
        String key = vault.privateSpace(alice).storeKey(LARGE).orElseThrow();
        byte[] tampered = stored(store, key);
        tampered[tampered.length - 100] ^= 1; // in the last chunk: every chunk before it was read and re-encrypted
        replace(store, key, tampered);

        EngineException refused = assertThrows(EngineException.class, () -> vault.reencrypt(alice, LARGE));

        assertEquals(EngineException.Reason.INTEGRITY, refused.reason());
        assertArrayEquals(tampered, stored(store, key), "the new object was aborted, the old one left");
    }

    @Test
    void reencryptingAMissingDocumentIsNotFound() {
        Engine vault = populated(CipherSuite.AES256_GCM);

        assertThrows(BlobNotFoundException.class, () -> vault.reencrypt(alice, "notes/never-written.txt"));
    }

    @Test
    void plaintextVaultsRotateButHaveNoKeyToRenew() {
        Engine vault = populated(CipherSuite.NONE);
        VaultEngineFactory factory = new VaultEngineFactory();

        assertThrows(UnsupportedOperationException.class, () -> vault.reencrypt(alice, SMALL));
        assertEquals(Set.of(OperationType.ROTATE_KEY),
                factory.keyLifecycleOperations(new EngineOptions(CipherSuite.NONE, 1_000)));
        assertEquals(Set.of(OperationType.ROTATE_KEY, OperationType.REENCRYPT),
                factory.keyLifecycleOperations(EngineOptions.defaults()));
    }

    /** The prelude and CMS envelope of a stored document (its length at bytes 5 to 8). */
    private static byte[] envelope(byte[] document) {
        int envelopeBytes = ByteBuffer.wrap(document, 5, 4).getInt();
        return Arrays.copyOf(document, 9 + envelopeBytes);
    }

    private Map<String, byte[]> objectsOtherThanKeystores() {
        Map<String, byte[]> objects = new TreeMap<>();
        store.list("").filter(key -> !key.endsWith("/keystore")).forEach(key -> objects.put(key, stored(store, key)));
        return objects;
    }
}
