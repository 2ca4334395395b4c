package dev.vaultload.kms;

/**
 * A data key as a KMS generates it.
 *
 * @param plaintext  the key itself, to encrypt with and then forget
 * @param ciphertext the key wrapped under the KMS's key, to store beside what it encrypted
 */
public record DataKey(byte[] plaintext, byte[] ciphertext) {

    /** Sizes only: a data key in a log or a message would be a leak. */
    @Override
    public String toString() {
        return "DataKey[" + plaintext.length + "-byte key, " + ciphertext.length + "-byte ciphertext]";
    }
}
