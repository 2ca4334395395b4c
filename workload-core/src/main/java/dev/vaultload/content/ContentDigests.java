package dev.vaultload.content;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/** SHA-256, the read check: faster than MD5 on CPUs with SHA extensions, and required of every JDK. */
final class ContentDigests {
    private ContentDigests() {
    }

    static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform must provide SHA-256", e);
        }
    }
}
