package dev.vaultload.vault;

import dev.vaultload.engine.EngineException;
import dev.vaultload.engine.Password;
import dev.vaultload.kms.DataKey;
import dev.vaultload.kms.KeyManagerException;
import dev.vaultload.storage.BlobStoreException;
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
 * <p>
 * With {@link KmsKeys#KEYSTORE} the sealing key is HMAC-SHA256(KMS data key, the password's derivation) and the
 * header (version 2) carries the data key as the KMS wrapped it: a create, and a re-seal, cost one GenerateDataKey
 * (a fresh data key each time), an unlock one Decrypt. The password stays needed: it is what proves the user, since
 * the KMS serves the vault's identity, not the user's. Keystores of version 1 (the password alone) still open there,
 * and their next re-seal moves them to version 2; a vault without KMS_KEYS=KEYSTORE refuses version 2.
 */
final class KeystoreFile {

    private static final int TAG_BITS = 128;
    /** Bound to every keystore's wrapped data key: a document's data key does not open a keystore. */
    private static final String KMS_PURPOSE = "vaultload-keystore-key";

    private final InboxKeyPairs inboxKeyPairs;
    private final KeyPairAlgorithm keyPairAlgorithm;
    private final int kdfIterations;
    private final SecureRandom random;
    /** With KMS_KEYS=KEYSTORE, the keystores' data keys; null without. */
    private final KmsDataKeys kmsKeys;
    private final KmsKeyCache kmsCache;

    KeystoreFile(InboxKeyPairs inboxKeyPairs, KeyPairAlgorithm keyPairAlgorithm, int kdfIterations, SecureRandom random) {
        this(inboxKeyPairs, keyPairAlgorithm, kdfIterations, random, null);
    }

    /** @param kms the key manager keystores are sealed through as well as their passwords ({@link KmsKeys#KEYSTORE}), or null */
    KeystoreFile(InboxKeyPairs inboxKeyPairs, KeyPairAlgorithm keyPairAlgorithm, int kdfIterations, SecureRandom random,
                 VaultKms kms) {
        this.inboxKeyPairs = inboxKeyPairs;
        this.keyPairAlgorithm = keyPairAlgorithm;
        this.kdfIterations = kdfIterations;
        this.random = random;
        this.kmsKeys = kms == null ? null : new KmsDataKeys(kms.keyManager(), KMS_PURPOSE);
        this.kmsCache = kms == null ? KmsKeyCache.OFF : kms.cache();
    }

    /** A new user's keys and their keystore, encoded and protected by {@code password}, and what the cache holds. */
    record Created(byte[] keystoreBytes, UserKeys keys, UnlockedKeystore unlocked) {
        @Override
        public String toString() {
            return "Created[" + keys + "]";
        }
    }

    Created create(String userId, Password password) {
        try {
            KeyPair inbox = inboxKeyPairs.generate(keyPairAlgorithm);
            KeystoreContent keys = new KeystoreContent(newAesKey(), newAesKey(), newAesKey(), keyPairAlgorithm, inbox);
            return seal(userId, keys, password);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("creating the keystore of " + userId + " failed: " + e.getClass().getName(), e);
        }
    }

    /**
     * ROTATE_KEY's keystore: the keys of {@code keystoreBytes}, opened with {@code current}, sealed again under
     * {@code next} with a new header (a fresh salt and nonce, this vault's iteration count and, with a KMS, a fresh
     * data key). The keys themselves stay: the document KEK, because every private document's envelope is bound to
     * the body it carries (see docs/encryption-format.md, "Key rotation"), the inbox key pair, because shares already
     * addressed to it must stay readable, and the path keys, because the stored paths are made with them. Fails as
     * {@link #unlock} does when {@code current} does not open it.
     */
    Created reseal(String userId, byte[] keystoreBytes, Password current, Password next) {
        KeystoreHeader header = decode(userId, keystoreBytes);
        byte[] passwordKey = passwordKey(header, current);
        try {
            return seal(userId, content(userId, keystoreBytes, header, passwordKey), next);
        } finally {
            Arrays.fill(passwordKey, (byte) 0);
        }
    }

    /** The header, then the keys sealed under {@code password} (and a new data key) with the header as associated data. */
    private Created seal(String userId, KeystoreContent keys, Password password) {
        DataKey dataKey = kmsKeys == null ? null : kmsKeys.generate();
        KeystoreHeader header = KeystoreHeader.random(kdfIterations, random, dataKey == null ? null : dataKey.ciphertext());
        byte[] passwordKey = passwordKey(header, password);
        byte[] content = keys.encode();
        try {
            byte[] headerBytes = header.encode();
            byte[] sealed = gcm(Cipher.ENCRYPT_MODE, header, headerBytes,
                    sealingKey(passwordKey, dataKey == null ? null : dataKey.plaintext())).doFinal(content);
            byte[] keystore = ByteBuffer.allocate(headerBytes.length + sealed.length).put(headerBytes).put(sealed).array();
            UserKeys userKeys = keys.toUserKeys(userId);
            return new Created(keystore, userKeys, unlocked(userId, keystore, header, passwordKey, userKeys, false));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("sealing the keystore of " + userId + " failed: " + e.getClass().getName(), e);
        } finally {
            Arrays.fill(content, (byte) 0);
            if (dataKey != null) {
                Arrays.fill(dataKey.plaintext(), (byte) 0);
            }
        }
    }

    /**
     * Opens the keystore. A wrong password and a corrupted sealed part both fail the GCM tag and are
     * {@link EngineException.Reason#WRONG_PASSWORD} (the tag cannot tell them apart); a malformed header is
     * {@link EngineException.Reason#INTEGRITY}; a version 2 keystore without KMS_KEYS=KEYSTORE, or one whose data
     * key the KMS refuses to open, is {@link EngineException.Reason#ACCESS_DENIED}.
     */
    UserKeys unlock(String userId, byte[] keystoreBytes, Password password) {
        return open(userId, keystoreBytes, password).keys();
    }

    /**
     * What the vault's cache keeps for the user once {@code password} opened the keystore (checked now, with one
     * Decrypt for a version 2 keystore): the keys, or for version 2 a {@link KmsSealedKeystore}. Fails as {@link #unlock}.
     */
    UnlockedKeystore open(String userId, byte[] keystoreBytes, Password password) {
        KeystoreHeader header = decode(userId, keystoreBytes);
        byte[] passwordKey = passwordKey(header, password);
        UserKeys keys;
        try {
            keys = openSealed(userId, keystoreBytes, header, passwordKey);
        } catch (RuntimeException e) {
            Arrays.fill(passwordKey, (byte) 0);
            throw e;
        }
        return unlocked(userId, keystoreBytes, header, passwordKey, keys, true);
    }

    /** The keys sealed in {@code keystoreBytes}, with the password's derivation and, for version 2, the KMS's Decrypt. */
    UserKeys openSealed(String userId, byte[] keystoreBytes, KeystoreHeader header, byte[] passwordKey) {
        return content(userId, keystoreBytes, header, passwordKey).toUserKeys(userId);
    }

    /** The keys as the cache holds them; keeps {@code passwordKey} for a version 2 keystore, wipes it otherwise. */
    private UnlockedKeystore unlocked(String userId, byte[] keystoreBytes, KeystoreHeader header, byte[] passwordKey,
                                      UserKeys keys, boolean unlockedNow) {
        if (header.wrappedDataKey() == null) {
            Arrays.fill(passwordKey, (byte) 0);
            return () -> keys;
        }
        return new KmsSealedKeystore(this, userId, keystoreBytes, header, passwordKey, kmsCache, keys, unlockedNow);
    }

    /** The header, checked for what this vault can open before any derivation. */
    private KeystoreHeader decode(String userId, byte[] keystoreBytes) {
        KeystoreHeader header = KeystoreHeader.decode(userId, keystoreBytes);
        if (header.wrappedDataKey() != null && kmsKeys == null) {
            throw new EngineException(EngineException.Reason.ACCESS_DENIED, "the keystore of " + userId
                    + " is sealed under a key manager's data key as well as its password and this vault has none for"
                    + " keystores: set " + VaultEngineSettings.KMS_KEYS.name() + "=" + KmsKeys.KEYSTORE + " and KMS");
        }
        if (keystoreBytes.length < header.sizeBytes() + TAG_BITS / 8) {
            throw new EngineException(EngineException.Reason.INTEGRITY, "the keystore of " + userId + " ends inside its sealed keys");
        }
        return header;
    }

    private KeystoreContent content(String userId, byte[] keystoreBytes, KeystoreHeader header, byte[] passwordKey) {
        byte[] dataKey = header.wrappedDataKey() == null ? null : dataKeyOf(userId, header.wrappedDataKey());
        byte[] content = null;
        try {
            int headerBytes = header.sizeBytes();
            Cipher cipher = gcm(Cipher.DECRYPT_MODE, header, Arrays.copyOf(keystoreBytes, headerBytes),
                    sealingKey(passwordKey, dataKey));
            content = cipher.doFinal(keystoreBytes, headerBytes, keystoreBytes.length - headerBytes);
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
            if (dataKey != null) {
                Arrays.fill(dataKey, (byte) 0);
            }
        }
    }

    /**
     * The KMS's Decrypt of a keystore's data key. A refusal (another KMS key, a changed wrapped key) is ACCESS_DENIED:
     * the keystore is not this vault's to open; a KMS that fails or is too slow keeps its kind, for the harness to
     * count.
     */
    private byte[] dataKeyOf(String userId, byte[] wrapped) {
        try {
            return kmsKeys.open(wrapped);
        } catch (KeyManagerException e) {
            if (e.kind() != BlobStoreException.Kind.CLIENT) {
                throw e;
            }
            throw new EngineException(EngineException.Reason.ACCESS_DENIED, "the keystore of " + userId + " is sealed"
                    + " under a data key that the KMS refuses to open under " + VaultEngineSettings.KMS_KEYS.name() + "="
                    + KmsKeys.KEYSTORE + "'s key (" + kmsKeys.describe() + "): it opens only under the KMS key it was"
                    + " created with", e);
        }
    }

    /** The password's PBKDF2 derivation with the header's salt and iteration count. */
    private static byte[] passwordKey(KeystoreHeader header, Password password) {
        byte[] passwordBytes = PasswordBytes.utf8(password);
        try {
            return Pbkdf2HmacSha512.derive(passwordBytes, header.salt(), header.iterations(), KeystoreContent.AES_KEY_BYTES);
        } finally {
            Arrays.fill(passwordBytes, (byte) 0);
        }
    }

    /** The password's derivation alone (version 1), or HMAC-SHA256 of it under the KMS data key (version 2). */
    private static byte[] sealingKey(byte[] passwordKey, byte[] dataKey) {
        return dataKey == null ? passwordKey.clone() : KmsDataKeys.derive(dataKey, passwordKey);
    }

    /** AES-256-GCM under {@code sealingKey} (wiped here), the header bytes as AAD. */
    private static Cipher gcm(int mode, KeystoreHeader header, byte[] headerBytes, byte[] sealingKey) throws GeneralSecurityException {
        try {
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(mode, new SecretKeySpec(sealingKey, "AES"), new GCMParameterSpec(TAG_BITS, header.nonce()));
            cipher.updateAAD(headerBytes);
            return cipher;
        } finally {
            Arrays.fill(sealingKey, (byte) 0);
        }
    }

    private SecretKey newAesKey() throws GeneralSecurityException {
        KeyGenerator generator = KeyGenerator.getInstance("AES");
        generator.init(256, random);
        return generator.generateKey();
    }
}
