package dev.vaultload.vault;

import dev.vaultload.engine.EngineException;
import java.nio.ByteBuffer;
import java.security.SecureRandom;
import java.util.Arrays;

/**
 * The plain header of a keystore (see docs/encryption-format.md): magic, version, KDF id, iterations, salt and GCM
 * nonce, {@value #SIZE_BYTES} bytes, and in version 2 ({@link KmsKeys#KEYSTORE}) the KMS's wrapped data key after
 * them; authenticated as the AAD of the sealed keys that follow it. Malformed fields are
 * {@link EngineException.Reason#INTEGRITY} with the field's name; values that are well-formed but altered (salt,
 * nonce, another valid iteration count) can only show as a failed tag, i.e. as a wrong password.
 *
 * @param wrappedDataKey the data key the keys are sealed under besides the password, as the KMS wrapped it; null in
 *                       version 1 (the password alone)
 */
record KeystoreHeader(int iterations, byte[] salt, byte[] nonce, byte[] wrappedDataKey) {

    static final byte[] MAGIC = {'V', 'L', 'K', 'S'};
    static final int VERSION = 1;
    /** Sealed under the password and a KMS data key: version 1's fields, then u16 length and the wrapped data key. */
    static final int KMS_VERSION = 2;
    static final int KDF_PBKDF2_HMAC_SHA512 = 1;
    static final int SALT_BYTES = 32;
    static final int NONCE_BYTES = 12;
    /** Version 1's size, the part every version starts with. */
    static final int SIZE_BYTES = MAGIC.length + 1 + 1 + 4 + SALT_BYTES + NONCE_BYTES;
    /** Longest wrapped data key accepted: KES's and AWS KMS's are a few hundred bytes. */
    private static final int MAX_WRAPPED_BYTES = 4096;

    /** A new header, version 2 when {@code wrappedDataKey} is not null. */
    static KeystoreHeader random(int iterations, SecureRandom random, byte[] wrappedDataKey) {
        byte[] salt = new byte[SALT_BYTES];
        byte[] nonce = new byte[NONCE_BYTES];
        random.nextBytes(salt);
        random.nextBytes(nonce);
        return new KeystoreHeader(iterations, salt, nonce, wrappedDataKey);
    }

    /** This header's size in the keystore: where the sealed keys start. */
    int sizeBytes() {
        return wrappedDataKey == null ? SIZE_BYTES : SIZE_BYTES + 2 + wrappedDataKey.length;
    }

    byte[] encode() {
        ByteBuffer out = ByteBuffer.allocate(sizeBytes()).put(MAGIC)
                .put((byte) (wrappedDataKey == null ? VERSION : KMS_VERSION)).put((byte) KDF_PBKDF2_HMAC_SHA512)
                .putInt(iterations).put(salt).put(nonce);
        if (wrappedDataKey != null) {
            out.putShort((short) wrappedDataKey.length).put(wrappedDataKey);
        }
        return out.array();
    }

    /** The header at the start of {@code keystore}; {@code userId} only names the keystore in messages. */
    static KeystoreHeader decode(String userId, byte[] keystore) {
        ByteBuffer in = ByteBuffer.wrap(keystore);
        byte[] magic = field(userId, in, "magic", MAGIC.length);
        if (!Arrays.equals(magic, MAGIC)) {
            throw damaged(userId, "magic: not a Vaultload keystore");
        }
        int version = Byte.toUnsignedInt(field(userId, in, "version", 1)[0]);
        if (version != VERSION && version != KMS_VERSION) {
            throw damaged(userId, "version: " + version + " is not supported (expected " + VERSION + " or "
                    + KMS_VERSION + ")");
        }
        int kdf = Byte.toUnsignedInt(field(userId, in, "KDF id", 1)[0]);
        if (kdf != KDF_PBKDF2_HMAC_SHA512) {
            throw damaged(userId, "KDF id: unknown KDF " + kdf);
        }
        int iterations = ByteBuffer.wrap(field(userId, in, "iterations", 4)).getInt();
        if (iterations < 1) {
            throw damaged(userId, "iterations: " + Integer.toUnsignedString(iterations) + " is out of range (1 .. 2^31-1)");
        }
        byte[] salt = field(userId, in, "salt", SALT_BYTES);
        byte[] nonce = field(userId, in, "nonce", NONCE_BYTES);
        if (version == VERSION) {
            return new KeystoreHeader(iterations, salt, nonce, null);
        }
        int wrappedLength = Short.toUnsignedInt(ByteBuffer.wrap(field(userId, in, "wrapped data key length", 2)).getShort());
        if (wrappedLength < 1 || wrappedLength > MAX_WRAPPED_BYTES) {
            throw damaged(userId, "wrapped data key length: " + wrappedLength + " is out of range (1 .. " + MAX_WRAPPED_BYTES + ")");
        }
        return new KeystoreHeader(iterations, salt, nonce, field(userId, in, "wrapped data key", wrappedLength));
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
        return "KeystoreHeader[iterations=" + iterations
                + (wrappedDataKey == null ? "" : ", " + wrappedDataKey.length + "-byte wrapped data key") + "]";
    }
}
