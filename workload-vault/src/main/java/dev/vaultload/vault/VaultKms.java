package dev.vaultload.vault;

import dev.vaultload.kms.KeyManager;
import dev.vaultload.kms.SharedKeyManagers;
import java.util.Optional;
import java.util.function.Function;

/**
 * The key manager a vault calls and how ({@link KmsKeys}, {@link KmsKeyCache}).
 *
 * @param keyManager the client, timed per call
 */
public record VaultKms(KeyManager keyManager, KmsKeys keys, KmsKeyCache cache) {

    /**
     * The key manager the settings ask for (KMS_KEYS, KMS_KEY_CACHE, KMS and its binding's), none with
     * {@code KMS_KEYS=NONE}; its client is opened (shared by every engine of the process), nothing is sent yet.
     *
     * @throws IllegalArgumentException naming the setting at fault
     */
    public static Optional<VaultKms> of(Function<String, String> settings) {
        KmsKeys keys = VaultEngineSettings.KMS_KEYS.read(settings);
        KmsKeyCache cache = VaultEngineSettings.KMS_KEY_CACHE.read(settings);
        if (keys != KmsKeys.NONE) {
            return Optional.of(new VaultKms(SharedKeyManagers.of(settings), keys, cache));
        }
        if (!cache.off()) {
            throw new IllegalArgumentException(VaultEngineSettings.KMS_KEY_CACHE.name() + "=" + cache
                    + " has no effect with " + VaultEngineSettings.KMS_KEYS.name() + "=NONE: set KMS_KEYS=DOCUMENT"
                    + " (and KMS) or leave it unset");
        }
        return Optional.empty();
    }

    /** For reports: the server, what it protects and the cache. */
    String describe() {
        return keyManager.description() + ", " + keys + " keys, cache " + cache;
    }
}
