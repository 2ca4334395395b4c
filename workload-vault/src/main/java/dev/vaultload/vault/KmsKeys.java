package dev.vaultload.vault;

/** What the key manager protects in a vault (setting KMS_KEYS). */
public enum KmsKeys {
    /** Nothing: the keystores' passwords and the documents' random keys only, no KMS call. */
    NONE,
    /**
     * Each document's body key derives from a KMS data key, whose wrapped form the document carries inside its CMS
     * envelope: one GenerateDataKey per WRITE and SHARE and one Decrypt per READ, fewer with KMS_KEY_CACHE.
     */
    DOCUMENT,
    /**
     * Each user's keystore is sealed under its password and a KMS data key, which the keystore carries wrapped; the
     * documents stay on the CMS envelope as with NONE: one GenerateDataKey per CREATE_USER (and ROTATE_KEY), one
     * Decrypt per operation that opens the keystore, fewer with KMS_KEY_CACHE.
     */
    KEYSTORE
}
