package dev.vaultload.vault;

import dev.vaultload.kms.KeyManager;
import dev.vaultload.kms.SharedKeyManagers;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/**
 * The key manager a vault calls and how ({@link KmsKeys}, {@link KmsKeyCache}).
 *
 * @param name       the binding's name in KMS, e.g. {@code KES}
 * @param keyManager the client, timed per call
 */
public record VaultKms(String name, KeyManager keyManager, KmsKeys keys, KmsKeyCache cache) {

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
            KeyManager keyManager = SharedKeyManagers.of(settings);
            return Optional.of(new VaultKms(SharedKeyManagers.required(settings).toUpperCase(Locale.ROOT), keyManager,
                    keys, cache));
        }
        if (!cache.off()) {
            throw new IllegalArgumentException(VaultEngineSettings.KMS_KEY_CACHE.name() + "=" + cache
                    + " has no effect with " + VaultEngineSettings.KMS_KEYS.name() + "=NONE: set KMS_KEYS=DOCUMENT or KEYSTORE"
                    + " (and KMS) or leave it unset");
        }
        return Optional.empty();
    }

    /**
     * For reports and the history's series: the binding, what it protects and the cache, e.g. {@code KES DOCUMENT
     * keys (cache OFF)}, {@code KES KEYSTORE keys (cache USER)}; no comma, which separates a series key's fields. Not the endpoint, which changes from machine
     * to machine as a host name does.
     */
    String describe() {
        return name + " " + keys + " keys (cache " + cache + ")";
    }
}
