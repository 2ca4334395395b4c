package dev.vaultload.vault;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.Engine;
import dev.vaultload.engine.EngineDescription;
import dev.vaultload.engine.EngineException;
import dev.vaultload.engine.KeyMaterialCheck;
import dev.vaultload.engine.Password;
import dev.vaultload.engine.PrivateSpace;
import dev.vaultload.engine.Space;
import dev.vaultload.engine.UserCredentials;
import dev.vaultload.storage.BlobNotFoundException;
import dev.vaultload.storage.BlobStore;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The encrypted storage engine, modelled on Datasafe (see docs/encryption-format.md): per user a keystore
 * in the store, a private space of CMS-enveloped documents under AES-SIV encrypted paths, and an inbox that
 * shares land in, encrypted once for all recipients' public keys. Thread-safe.
 *
 * <pre>{@code
 * Engine vault = new DatasafeStyleVault(new InMemoryBlobStore(), VaultSettings.defaults());
 * }</pre>
 */
public final class DatasafeStyleVault implements Engine {

    private static final Logger LOG = LoggerFactory.getLogger(DatasafeStyleVault.class);

    private final BlobStore store;
    private final VaultSettings settings;
    private final KeystoreFile keystoreFile;
    private final DocumentCodec codec;
    private final RecipientGenerators recipients;
    private final PublicKeyDirectory publicKeys;
    private final UnlockedKeystoreCache<UnlockedKeystore> unlocked;
    private final KeyMaterialRecord keyMaterial = new KeyMaterialRecord();
    private final Optional<VaultKms> kms;

    public DatasafeStyleVault(BlobStore store, VaultSettings settings) {
        this(store, settings, Optional.empty());
    }

    /** @param kms the key manager that holds the documents' keys or the keystores' ({@link VaultKms#keys}), if any */
    public DatasafeStyleVault(BlobStore store, VaultSettings settings, Optional<VaultKms> kms) {
        this.store = store;
        this.settings = settings;
        this.kms = kms;
        SecureRandom random = new SecureRandom();
        InboxKeyPairs keyPairs = new InboxKeyPairs(CryptoProviders.bouncyCastle(), random);
        this.keystoreFile = new KeystoreFile(keyPairs, settings.keyPairAlgorithm(), settings.kdfIterations(), random,
                kms.filter(used -> used.keys() == KmsKeys.KEYSTORE).orElse(null));
        this.codec = new DocumentCodec(settings.cipher(), random, kms.filter(used -> used.keys() == KmsKeys.DOCUMENT)
                .map(used -> new KmsDocumentKeys(used.keyManager(), used.cache(), random)).orElse(null));
        this.recipients = new RecipientGenerators(random, keyPairs);
        this.publicKeys = new PublicKeyDirectory(store, keyPairs, settings.unlockedKeystoreCacheSize(), keyMaterial);
        this.unlocked = new UnlockedKeystoreCache<>(settings.unlockedKeystoreCacheSize(), this::unlock, random);
    }

    @Override
    public void createUser(UserCredentials user) {
        String userId = VaultPaths.requireUserId(user.userId());
        if (store.exists(StorageLayout.keystore(userId))) {
            throw new EngineException(EngineException.Reason.USER_EXISTS, "user " + userId + " exists");
        }
        KeystoreFile.Created created = keystoreFile.create(userId, user.password());
        publicKeys.publish(userId, created.keys().inboxPublicKey());
        byte[] profile = ("userId=" + userId + "\ninboxKeyAlgorithm=" + settings.keyPairAlgorithm() + "\n")
                .getBytes(StandardCharsets.UTF_8);
        store.put(StorageLayout.profile(userId), new ByteArrayInputStream(profile), profile.length);
        keyMaterial.wrote(StorageLayout.profile(userId), profile);
        // the keystore last: it marks the user as existing only once everything else is in place
        store.put(StorageLayout.keystore(userId), new ByteArrayInputStream(created.keystoreBytes()), created.keystoreBytes().length);
        keyMaterial.wrote(StorageLayout.keystore(userId), created.keystoreBytes());
        // the creator holds the keys unlocked already: a second PBKDF2 run on first use would only burn CPU
        unlocked.remember(user, created.unlocked());
        LOG.debug("created user {} ({} keystore, {} PBKDF2 iterations)", userId, settings.keyPairAlgorithm(), settings.kdfIterations());
    }

    @Override
    public void destroyUser(UserCredentials user) {
        String userId = keysOf(user).userId();
        store.deletePrefix(StorageLayout.userPrefix(userId));
        unlocked.invalidate(userId);
        publicKeys.forget(userId);
        StorageLayout.keyMaterial(userId).forEach(keyMaterial::forget);
    }

    @Override
    public KeyMaterialCheck checkKeyMaterial(UserCredentials user) {
        return keyMaterial.check(store, StorageLayout.keyMaterial(VaultPaths.requireUserId(user.userId())));
    }

    /**
     * Re-seals the stored keystore under {@code nextPassword} (opened with the current password, past the cache) and
     * replaces it; the keys inside stay ({@link KeystoreFile#reseal} says why). The cache then holds the keys for the
     * next password only, so the old one goes through a real unlock, which the new keystore refuses.
     */
    @Override
    public void rotateKey(UserCredentials user, Password nextPassword) {
        String userId = VaultPaths.requireUserId(user.userId());
        KeystoreFile.Created resealed;
        try {
            resealed = keystoreFile.reseal(userId, storedKeystore(userId), user.password(), nextPassword);
        } catch (EngineException refused) {
            throw aboutKeystore(refused, userId);
        }
        byte[] keystore = resealed.keystoreBytes();
        String storeKey = StorageLayout.keystore(userId);
        try {
            store.put(storeKey, new ByteArrayInputStream(keystore), keystore.length);
        } catch (RuntimeException failed) {
            keyMaterial.forget(storeKey); // the store may hold either keystore now: its next read is recorded afresh
            throw failed;
        }
        keyMaterial.wrote(storeKey, keystore);
        unlocked.remember(new UserCredentials(userId, nextPassword), resealed.unlocked());
        LOG.debug("re-sealed the keystore of {}", userId);
    }

    /** Refused with CIPHER=NONE: a plaintext document has no key to renew, its stored bytes would not change. */
    @Override
    public void reencrypt(UserCredentials user, String path) {
        if (settings.cipher() == CipherSuite.NONE) {
            throw new UnsupportedOperationException("engine " + VaultEngineFactory.NAME
                    + " does not support REENCRYPT with CIPHER=NONE: the documents are stored unencrypted");
        }
        new PrivateDocuments(store, codec, keysOf(user), recipients).reencrypt(path);
    }

    @Override
    public PrivateSpace privateSpace(UserCredentials user) {
        return new PrivateDocuments(store, codec, keysOf(user), recipients);
    }

    @Override
    public Space inbox(UserCredentials user) {
        return new InboxDocuments(store, codec, keysOf(user));
    }

    @Override
    public OutputStream share(UserCredentials sender, Collection<String> recipientIds, String path) {
        keysOf(sender); // only a user who can unlock their keystore may share
        VaultPaths.requireDocumentPath(path);
        List<RecipientPublicKey> keys = new ArrayList<>();
        for (String recipientId : new LinkedHashSet<>(recipientIds)) {
            keys.add(publicKeys.lookup(VaultPaths.requireUserId(recipientId)));
        }
        if (keys.isEmpty()) {
            throw new IllegalArgumentException("a share needs at least one recipient");
        }
        List<String> inboxKeys = keys.stream().map(key -> StorageLayout.inbox(key.userId()) + path).toList();
        return codec.encrypting(new ReplicatingBlobOutput(store, inboxKeys), recipients.forRecipients(keys), sender.userId());
    }

    @Override
    public EngineDescription description() {
        return new EngineDescription(VaultEngineFactory.NAME, settings.cipher(), settings.keyPairAlgorithm().name(),
                settings.kdfIterations(), kms.map(VaultKms::describe).orElse(null));
    }

    /** The settings in force. */
    public VaultSettings settings() {
        return settings;
    }

    /**
     * The user's keys from the cache, unlocking the keystore (once, whatever the concurrency) if needed; with
     * KMS_KEYS=KEYSTORE one KMS Decrypt when KMS_KEY_CACHE no longer holds them.
     */
    private UserKeys keysOf(UserCredentials user) {
        VaultPaths.requireUserId(user.userId());
        return unlocked.get(user).keys();
    }

    private UnlockedKeystore unlock(UserCredentials user) {
        long startNanos = System.nanoTime();
        UnlockedKeystore keys;
        try {
            keys = keystoreFile.open(user.userId(), storedKeystore(user.userId()), user.password());
        } catch (EngineException refused) {
            throw aboutKeystore(refused, user.userId());
        }
        LOG.debug("unlocked keystore of {} in {} ms", user.userId(), (System.nanoTime() - startNanos) / 1_000_000);
        return keys;
    }

    /**
     * A keystore's refusal (gone, altered, rolled back to one sealed under another password) as one about the stored
     * keystore, so that a report names that object rather than the document or rotation that needed it.
     */
    private static EngineException aboutKeystore(EngineException refused, String userId) {
        return refused.about(StorageLayout.keystore(userId));
    }

    /** The user's keystore as stored, past every cache. */
    private byte[] storedKeystore(String userId) {
        byte[] keystore;
        try (InputStream in = store.get(StorageLayout.keystore(userId))) {
            keystore = in.readAllBytes();
        } catch (BlobNotFoundException e) {
            throw keyMaterial.gone(StorageLayout.keystore(userId),
                    new EngineException(EngineException.Reason.UNKNOWN_USER, "no user " + userId, e));
        } catch (IOException e) {
            throw new UncheckedIOException("reading the keystore of " + userId + " failed", e);
        }
        keyMaterial.read(StorageLayout.keystore(userId), keystore);
        return keystore;
    }
}
