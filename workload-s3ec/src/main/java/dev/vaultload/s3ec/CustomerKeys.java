package dev.vaultload.s3ec;

import dev.vaultload.engine.EngineException;
import dev.vaultload.engine.UserCredentials;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Base64;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * SSE-C's customer keys, as an application's key service would hold them: one AES-256 key per user and password,
 * HMAC-SHA256 of the user id and the password under a random secret of this process, never stored, logged or
 * reported. A user reads and writes with the key its password gives ({@link #of}), so after a ROTATE_KEY the old
 * password gives a key the server refuses for every re-keyed object. A sender must put a share under the
 * recipient's key without the recipient's password: the service keeps each user's current key ({@link #current}),
 * set at CREATE_USER and moved by ROTATE_KEY. Objects outlive the process unreadable, which a run that deletes its
 * users never notices.
 */
final class CustomerKeys {
    private static final byte[] SECRET = PasswordSeal.random(32);
    private static final Map<String, CustomerKey> CURRENT = new ConcurrentHashMap<>();

    private CustomerKeys() {
    }

    /** The request headers' values for one key. */
    record CustomerKey(String algorithm, String keyBase64, String keyMd5Base64) {
        @Override
        public String toString() {
            return "CustomerKey[****]";
        }
    }

    /** The key {@code user}'s password gives. */
    static CustomerKey of(UserCredentials user) {
        byte[] id = user.userId().getBytes(StandardCharsets.UTF_8);
        char[] password = user.password().chars();
        ByteBuffer secret = StandardCharsets.UTF_8.encode(CharBuffer.wrap(password));
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(SECRET, "HmacSHA256"));
            mac.update(ByteBuffer.allocate(Integer.BYTES).putInt(id.length).array());
            mac.update(id);
            mac.update(secret);
            byte[] key = mac.doFinal();
            Base64.Encoder base64 = Base64.getEncoder();
            return new CustomerKey("AES256", base64.encodeToString(key),
                    base64.encodeToString(MessageDigest.getInstance("MD5").digest(key)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot derive a customer key: " + e.getMessage(), e);
        } finally {
            Arrays.fill(password, '\0');
            if (secret.hasArray()) {
                Arrays.fill(secret.array(), (byte) 0);
            }
        }
    }

    /** The user's current key, for a sender to put a share under (UNKNOWN_USER for a user this process did not create). */
    static CustomerKey current(String userId) {
        CustomerKey key = CURRENT.get(userId);
        if (key == null) {
            throw new EngineException(EngineException.Reason.UNKNOWN_USER, "no customer key of user " + userId
                    + " in this process (SSE_C's keys live as long as the process that created the user)");
        }
        return key;
    }

    /** Whether {@code user}'s password gives the user's current key. */
    static boolean isCurrent(UserCredentials user) {
        CustomerKey current = CURRENT.get(user.userId());
        return current != null && current.equals(of(user));
    }

    /** Makes {@code user}'s password's key the user's current one (CREATE_USER, the end of a ROTATE_KEY). */
    static void makeCurrent(UserCredentials user) {
        CURRENT.put(user.userId(), of(user));
    }

    static void forget(String userId) {
        CURRENT.remove(userId);
    }
}
