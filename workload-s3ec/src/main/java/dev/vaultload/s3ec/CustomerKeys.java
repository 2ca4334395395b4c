package dev.vaultload.s3ec;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * SSE-C's customer keys, as an application's key service would hold them: one AES-256 key per user, HMAC-SHA256 of
 * the user id under a random secret of this process, never stored, logged or reported. The application, not the
 * user, holds them: a sender must know the recipient's key to put a share it can read, which a key sealed by the
 * recipient's password would not allow. Objects outlive the process unreadable, which a run that deletes its users
 * never notices.
 */
final class CustomerKeys {
    private static final byte[] SECRET = PasswordSeal.random(32);

    private CustomerKeys() {
    }

    /** The request headers' values for the user's key. */
    record CustomerKey(String algorithm, String keyBase64, String keyMd5Base64) {
        @Override
        public String toString() {
            return "CustomerKey[****]";
        }
    }

    static CustomerKey of(String userId) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(SECRET, "HmacSHA256"));
            byte[] key = mac.doFinal(userId.getBytes(StandardCharsets.UTF_8));
            Base64.Encoder base64 = Base64.getEncoder();
            return new CustomerKey("AES256", base64.encodeToString(key),
                    base64.encodeToString(MessageDigest.getInstance("MD5").digest(key)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot derive a customer key: " + e.getMessage(), e);
        }
    }
}
