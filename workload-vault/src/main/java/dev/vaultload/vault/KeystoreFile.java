package dev.vaultload.vault;

import dev.vaultload.engine.EngineException;
import dev.vaultload.engine.Password;
import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.SecureRandom;
import java.util.Arrays;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.KeyGenerator;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * A user's keystore (see docs/encryption-format.md): a {@link KeystoreHeader}, then the user's keys
 * ({@link KeystoreContent}) sealed with AES-256-GCM under one PBKDF2-HMAC-SHA512 derivation from the password,
 * the header as associated data. One derivation per create and per unlock, two per re-seal (ROTATE_KEY).
 */
final class KeystoreFile {

    private static final int TAG_BITS = 128;

    private final InboxKeyPairs inboxKeyPairs;
    private final KeyPairAlgorithm keyPairAlgorithm;
    private final int kdfIterations;
    private final SecureRandom random;

    KeystoreFile(InboxKeyPairs inboxKeyPairs, KeyPairAlgorithm keyPairAlgorithm, int kdfIterations, SecureRandom random) {
        this.inboxKeyPairs = inboxKeyPairs;
        this.keyPairAlgorithm = keyPairAlgorithm;
        this.kdfIterations = kdfIterations;
        this.random = random;
    }

    /** A new user's keys and their keystore, encoded and protected by {@code password}. */
    record Created(byte[] keystoreBytes, UserKeys keys) {
        @Override
        public String toString() {
            return "Created[" + keys + "]";
        }
    }

    Created create(String userId, Password password) {
        try {
            KeyPair inbox = inboxKeyPairs.generate(keyPairAlgorithm);
            KeystoreContent keys = new KeystoreContent(newAesKey(), newAesKey(), newAesKey(), keyPairAlgorithm, inbox);
            return new Created(seal(userId, keys, password), keys.toUserKeys(userId));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("creating the keystore of " + userId + " failed: " + e.getClass().getName(), e);
        }
    }

    /**
     * ROTATE_KEY's keystore: the keys of {@code keystoreBytes}, opened with {@code current}, sealed again under
     * {@code next} with a new header (a fresh salt and nonce, this vault's iteration count). The keys themselves
     * stay: the document KEK, because every private document's envelope is bound to the body it carries (see
     * docs/encryption-format.md, "Key rotation"), the inbox key pair, because shares already addressed to it must
     * stay readable, and the path keys, because the stored paths are made with them. Fails as {@link #unlock} does
     * when {@code current} does not open it.
     */
    Created reseal(String userId, byte[] keystoreBytes, Password current, Password next) {
        KeystoreContent keys = open(userId, keystoreBytes, current);
        return new Created(seal(userId, keys, next), keys.toUserKeys(userId));
    }

    /** The header, then the keys sealed under {@code password} with the header as associated data. */
    private byte[] seal(String userId, KeystoreContent keys, Password password) {
        byte[] content = keys.encode();
        try {
            KeystoreHeader header = KeystoreHeader.random(kdfIterations, random);
            byte[] headerBytes = header.encode();
            byte[] sealed = gcm(Cipher.ENCRYPT_MODE, header, headerBytes, password).doFinal(content);
            return ByteBuffer.allocate(headerBytes.length + sealed.length).put(headerBytes).put(sealed).array();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("sealing the keystore of " + userId + " failed: " + e.getClass().getName(), e);
        } finally {
            Arrays.fill(content, (byte) 0);
        }
    }

    /**
     * Opens the keystore. A wrong password and a corrupted sealed part both fail the GCM tag and are
     * {@link EngineException.Reason#WRONG_PASSWORD} (the tag cannot tell them apart); a malformed header is
     * {@link EngineException.Reason#INTEGRITY}.
     */
    UserKeys unlock(String userId, byte[] keystoreBytes, Password password) {
        return open(userId, keystoreBytes, password).toUserKeys(userId);
    }

    private KeystoreContent open(String userId, byte[] keystoreBytes, Password password) {
        KeystoreHeader header = KeystoreHeader.decode(userId, keystoreBytes);
        if (keystoreBytes.length < KeystoreHeader.SIZE_BYTES + TAG_BITS / 8) {
            throw new EngineException(EngineException.Reason.INTEGRITY, "the keystore of " + userId + " ends inside its sealed keys");
        }
        byte[] content = null;
        try {
            Cipher cipher = gcm(Cipher.DECRYPT_MODE, header, Arrays.copyOf(keystoreBytes, KeystoreHeader.SIZE_BYTES), password);
            content = cipher.doFinal(keystoreBytes, KeystoreHeader.SIZE_BYTES, keystoreBytes.length - KeystoreHeader.SIZE_BYTES);
            return KeystoreContent.decode(content, inboxKeyPairs);
        } catch (AEADBadTagException e) {
            throw new EngineException(EngineException.Reason.WRONG_PASSWORD,
                    "the keystore of " + userId + " does not open with this password (or is corrupted)");
        } catch (KeystoreContent.MalformedException e) {
            throw new EngineException(EngineException.Reason.INTEGRITY, "the keystore of " + userId + " has malformed keys: " + e.getMessage());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("opening the keystore of " + userId + " failed: " + e.getClass().getName(), e);
        } finally {
            if (content != null) {
                Arrays.fill(content, (byte) 0);
            }
        }
    }

    /** AES-256-GCM keyed by the header's PBKDF2 derivation from the password, the header bytes as AAD. */
    private static Cipher gcm(int mode, KeystoreHeader header, byte[] headerBytes, Password password) throws GeneralSecurityException {
        byte[] passwordBytes = PasswordBytes.utf8(password);
        byte[] derived = Pbkdf2HmacSha512.derive(passwordBytes, header.salt(), header.iterations(), KeystoreContent.AES_KEY_BYTES);
        try {
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(mode, new SecretKeySpec(derived, "AES"), new GCMParameterSpec(TAG_BITS, header.nonce()));
            cipher.updateAAD(headerBytes);
            return cipher;
        } finally {
            Arrays.fill(passwordBytes, (byte) 0);
            Arrays.fill(derived, (byte) 0);
        }
    }

    private SecretKey newAesKey() throws GeneralSecurityException {
        KeyGenerator generator = KeyGenerator.getInstance("AES");
        generator.init(256, random);
        return generator.generateKey();
    }
}
