package dev.vaultload.vault;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.engine.EngineException;
import dev.vaultload.engine.Password;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The keystore format of docs/encryption-format.md: layout, round trip, and how damage is reported. */
class KeystoreFileTest {

    private static final Password PASSWORD = Password.of("pw-of-alice-Zq8!");
    private static final int ITERATIONS = 1_000;

    private final SecureRandom random = new SecureRandom();
    private final InboxKeyPairs keyPairs = new InboxKeyPairs(CryptoProviders.bouncyCastle(), random);

    private KeystoreFile keystoreFile(KeyPairAlgorithm algorithm) {
        return new KeystoreFile(keyPairs, algorithm, ITERATIONS, random);
    }

    @ParameterizedTest
    @EnumSource(KeyPairAlgorithm.class)
    void unlocksToTheKeysItWasCreatedWith(KeyPairAlgorithm algorithm) {
        KeystoreFile.Created created = keystoreFile(algorithm).create("alice", PASSWORD);
        UserKeys unlocked = keystoreFile(algorithm).unlock("alice", created.keystoreBytes(), PASSWORD);
        UserKeys original = created.keys();
        assertArrayEquals(original.documentKek().getEncoded(), unlocked.documentKek().getEncoded());
        assertArrayEquals(original.inboxPrivateKey().getEncoded(), unlocked.inboxPrivateKey().getEncoded());
        assertArrayEquals(original.inboxPublicKey().getEncoded(), unlocked.inboxPublicKey().getEncoded());
        assertArrayEquals(original.inboxKeyId(), unlocked.inboxKeyId());
        assertEquals(original.pathCipher().encryptPath("a/b.txt"), unlocked.pathCipher().encryptPath("a/b.txt"));
        assertEquals(algorithm, InboxKeyPairs.algorithmOf(unlocked.inboxPrivateKey()));
    }

    @Test
    void headerIsLaidOutAsDocumented() {
        KeystoreFile.Created created = keystoreFile(KeyPairAlgorithm.EC_P256).create("alice", PASSWORD);
        byte[] keystore = created.keystoreBytes();
        ByteBuffer header = ByteBuffer.wrap(keystore);
        assertEquals("VLKS", new String(keystore, 0, 4, StandardCharsets.US_ASCII));
        assertEquals(1, keystore[4]);
        assertEquals(1, keystore[5]);
        assertEquals(ITERATIONS, header.getInt(6));
        assertEquals(54, KeystoreHeader.SIZE_BYTES);
        int contentBytes = 3 * 32 + 1 + 2 + created.keys().inboxPrivateKey().getEncoded().length
                + 2 + created.keys().inboxPublicKey().getEncoded().length;
        assertEquals(KeystoreHeader.SIZE_BYTES + contentBytes + 16, keystore.length);
    }

    @Test
    void theKeystoreIsReadWithItsOwnIterationCount() {
        byte[] keystore = keystoreFile(KeyPairAlgorithm.EC_P256).create("alice", PASSWORD).keystoreBytes();
        KeystoreFile otherSettings = new KeystoreFile(keyPairs, KeyPairAlgorithm.RSA_2048, 5, random);
        assertEquals("alice", otherSettings.unlock("alice", keystore, PASSWORD).userId());
    }

    @Test
    void wrongPasswordAndAnyFlipBehindTheHeaderAreWrongPassword() {
        byte[] keystore = keystoreFile(KeyPairAlgorithm.EC_P256).create("alice", PASSWORD).keystoreBytes();
        assertReason(EngineException.Reason.WRONG_PASSWORD, keystore, Password.of("guess"));
        // salt, nonce and every sealed byte are only checked by the tag: indistinguishable from a wrong password
        for (int position : new int[] {10, 41, 42, 53, 54, 100, keystore.length - 17, keystore.length - 1}) {
            byte[] tampered = keystore.clone();
            tampered[position] ^= 0x01;
            assertReason(EngineException.Reason.WRONG_PASSWORD, tampered, PASSWORD);
        }
        // a different valid iteration count derives a different key
        byte[] otherCount = keystore.clone();
        otherCount[9] ^= 0x01;
        assertReason(EngineException.Reason.WRONG_PASSWORD, otherCount, PASSWORD);
    }

    @Test
    void malformedHeaderFieldsAreIntegrityErrorsNamingTheField() {
        byte[] keystore = keystoreFile(KeyPairAlgorithm.EC_P256).create("alice", PASSWORD).keystoreBytes();
        Map<Integer, String> fieldAt = Map.of(0, "magic", 4, "version", 5, "KDF id", 6, "iterations");
        for (Map.Entry<Integer, String> field : fieldAt.entrySet()) {
            byte[] garbled = keystore.clone();
            garbled[field.getKey()] = (byte) 0xFF;
            assertTrue(integrityMessage(garbled).contains(field.getValue()), field.getValue());
        }
        Map<Integer, String> truncatedAt = Map.of(0, "magic", 3, "magic", 4, "version", 5, "KDF id", 8, "iterations",
                20, "salt", 50, "nonce");
        for (Map.Entry<Integer, String> truncation : truncatedAt.entrySet()) {
            String message = integrityMessage(Arrays.copyOf(keystore, truncation.getKey()));
            assertTrue(message.contains(truncation.getValue()), truncation.getKey() + ": " + message);
        }
        assertTrue(integrityMessage(Arrays.copyOf(keystore, KeystoreHeader.SIZE_BYTES + 15)).contains("sealed keys"));
    }

    @Test
    void aKmsSealedKeystoreIsRefusedWithoutTheKmsAndItsWrappedKeyFieldsAreChecked() {
        byte[] wrapped = new byte[120];
        random.nextBytes(wrapped);
        byte[] header = KeystoreHeader.random(ITERATIONS, random, wrapped).encode();
        byte[] keystore = Arrays.copyOf(header, header.length + 200);
        assertEquals(KeystoreHeader.KMS_VERSION, keystore[4]);

        EngineException refused = assertThrows(EngineException.class,
                () -> keystoreFile(KeyPairAlgorithm.EC_P256).unlock("alice", keystore, PASSWORD));
        assertEquals(EngineException.Reason.ACCESS_DENIED, refused.reason());
        assertTrue(refused.getMessage().contains("KMS_KEYS=KEYSTORE"), refused.getMessage());

        byte[] noWrappedKey = keystore.clone();
        noWrappedKey[KeystoreHeader.SIZE_BYTES] = 0;
        noWrappedKey[KeystoreHeader.SIZE_BYTES + 1] = 0;
        assertTrue(integrityMessage(noWrappedKey).contains("wrapped data key length: 0"));
        assertTrue(integrityMessage(Arrays.copyOf(keystore, KeystoreHeader.SIZE_BYTES + 1)).contains("wrapped data key length"));
        assertTrue(integrityMessage(Arrays.copyOf(keystore, KeystoreHeader.SIZE_BYTES + 2 + 60)).contains("wrapped data key:"));
    }

    @Test
    void messagesCarryNeitherPasswordNorKeyMaterial() {
        KeystoreFile.Created created = keystoreFile(KeyPairAlgorithm.EC_P256).create("alice", PASSWORD);
        byte[] keystore = created.keystoreBytes();
        String secretHex = HexFormat.of().formatHex(created.keys().documentKek().getEncoded());
        for (byte[] damaged : new byte[][] {Arrays.copyOf(keystore, 30), flipped(keystore, 60), flipped(keystore, 6)}) {
            EngineException e = assertThrows(EngineException.class, () -> keystoreFile(KeyPairAlgorithm.EC_P256)
                    .unlock("alice", damaged, PASSWORD));
            assertFalse(e.getMessage().contains(new String(PASSWORD.chars())), e.getMessage());
            assertFalse(e.getMessage().contains(secretHex.substring(0, 16)), e.getMessage());
        }
        assertFalse(created.toString().contains(secretHex.substring(0, 16)));
    }

    private String integrityMessage(byte[] keystore) {
        EngineException e = assertThrows(EngineException.class,
                () -> keystoreFile(KeyPairAlgorithm.EC_P256).unlock("alice", keystore, PASSWORD));
        assertEquals(EngineException.Reason.INTEGRITY, e.reason(), e.getMessage());
        return e.getMessage();
    }

    private void assertReason(EngineException.Reason expected, byte[] keystore, Password password) {
        EngineException e = assertThrows(EngineException.class,
                () -> keystoreFile(KeyPairAlgorithm.EC_P256).unlock("alice", keystore, password));
        assertEquals(expected, e.reason(), e.getMessage());
    }

    private static byte[] flipped(byte[] bytes, int position) {
        byte[] copy = bytes.clone();
        copy[position] ^= (byte) 0x80;
        return copy;
    }
}
