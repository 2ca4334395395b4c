package dev.vaultload.kms;

/**
 * A key-management service: data keys generated and unwrapped under a key it holds, and small data encrypted and
 * decrypted under it. One instance serves every thread. A failed call throws a {@link KeyManagerException}, whose
 * kind says how the harness counts it and whose message names the KMS, its endpoint and the key id, never key
 * material.
 * <p>
 * {@code context} is bound to the ciphertext (KES's context, one entry of AWS KMS's encryption context): a decrypt
 * with another context is refused, counted CLIENT. Empty for none.
 */
public interface KeyManager extends AutoCloseable {

    /** What it is and where, e.g. {@code KES at https://127.0.0.1:7373}, for messages and reports. */
    String description();

    /** The key the settings name (KES_KEY_NAME, AWS_KMS_KEY_ID). */
    String keyId();

    /** A new 256-bit data key, in plaintext and wrapped under {@code keyId}. */
    DataKey generateDataKey(String keyId, byte[] context);

    /** {@code plaintext} (a few KiB at most) encrypted under {@code keyId}. */
    byte[] encrypt(String keyId, byte[] plaintext, byte[] context);

    /** The plaintext of what {@link #encrypt} or {@link #generateDataKey} returned as ciphertext. */
    byte[] decrypt(String keyId, byte[] ciphertext, byte[] context);

    /** Releases the connections; throws nothing. */
    @Override
    void close();
}
