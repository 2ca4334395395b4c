package dev.vaultload.vault;

/**
 * What the unlocked-keystore cache holds for a user: their keys, or with {@link KmsKeys#KEYSTORE} a
 * {@link KmsSealedKeystore}, which opens them again at the KMS once KMS_KEY_CACHE lets them go.
 */
@FunctionalInterface
interface UnlockedKeystore {

    /** The user's keys, for one operation. */
    UserKeys keys();
}
