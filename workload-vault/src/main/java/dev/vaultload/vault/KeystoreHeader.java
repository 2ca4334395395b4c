package dev.vaultload.vault;

import dev.vaultload.engine.EngineException;
import java.nio.ByteBuffer;
import java.security.SecureRandom;
import java.util.Arrays;

/**
 * The plain header of a keystore (see docs/encryption-format.md): magic, version, KDF id, iterations, salt and GCM
 * nonce, {@value #SIZE_BYTES} bytes, authenticated as the AAD of the sealed keys that follow it. Malformed fields
 * are {@link EngineException.Reason#INTEGRITY} with the field's name; values that are well-formed but altered
 * (salt, nonce, another valid iteration count) can only show as a failed tag, i.e. as a wrong password.
 */
record KeystoreHeader(int iterations, byte[] salt, byte[] nonce) {

    static final byte[] MAGIC = {'V', 'L', 'K', 'S'};
    static final int VERSION = 1;
    static final int KDF_PBKDF2_HMAC_SHA512 = 1;
    static final int SALT_BYTES = 32;
    static final int NONCE_BYTES = 12;
    static final int SIZE_BYTES = MAGIC.length + 1 + 1 + 4 + SALT_BYTES + NONCE_BYTES;

    static KeystoreHeader random(int iterations, SecureRandom random) {
        byte[] salt = new byte[SALT_BYTES];
        byte[] nonce = new byte[NONCE_BYTES];
        random.nextBytes(salt);
        random.nextBytes(nonce);
        return new KeystoreHeader(iterations, salt, nonce);
    }

    byte[] encode() {
        return ByteBuffer.allocate(SIZE_BYTES).put(MAGIC).put((byte) VERSION).put((byte) KDF_PBKDF2_HMAC_SHA512)
                .putInt(iterations).put(salt).put(nonce).array();
    }

    /** The header at the start of {@code keystore}; {@code userId} only names the keystore in messages. */
    static KeystoreHeader decode(String userId, byte[] keystore) {
        ByteBuffer in = ByteBuffer.wrap(keystore);
        byte[] magic = field(userId, in, "magic", MAGIC.length);
        if (!Arrays.equals(magic, MAGIC)) {
            throw damaged(userId, "magic: not a Vaultload keystore");
        }
        int version = Byte.toUnsignedInt(field(userId, in, "version", 1)[0]);
        if (version != VERSION) {
            throw damaged(userId, "version: " + version + " is not supported (expected " + VERSION + ")");
        }
        int kdf = Byte.toUnsignedInt(field(userId, in, "KDF id", 1)[0]);
        if (kdf != KDF_PBKDF2_HMAC_SHA512) {
            throw damaged(userId, "KDF id: unknown KDF " + kdf);
        }
        int iterations = ByteBuffer.wrap(field(userId, in, "iterations", 4)).getInt();
        if (iterations < 1) {
            throw damaged(userId, "iterations: " + Integer.toUnsignedString(iterations) + " is out of range (1 .. 2^31-1)");
        }
        return new KeystoreHeader(iterations, field(userId, in, "salt", SALT_BYTES), field(userId, in, "nonce", NONCE_BYTES));
    }

    private static byte[] field(String userId, ByteBuffer in, String name, int sizeBytes) {
        if (in.remaining() < sizeBytes) {
            throw damaged(userId, name + ": the keystore ends inside it");
        }
        byte[] value = new byte[sizeBytes];
        in.get(value);
        return value;
    }

    private static EngineException damaged(String userId, String problem) {
        return new EngineException(EngineException.Reason.INTEGRITY, "the keystore of " + userId + " has a bad header field " + problem);
    }

    @Override
    public String toString() {
        return "KeystoreHeader[iterations=" + iterations + "]";
    }
}
