package dev.vaultload.vault;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/** SHA-256 on the JDK (its intrinsic), of the concatenation of some byte arrays. */
final class Sha256 {

    private Sha256() {
    }

    static byte[] of(byte[]... parts) {
        try {
            MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
            for (byte[] part : parts) {
                sha256.update(part);
            }
            return sha256.digest();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
