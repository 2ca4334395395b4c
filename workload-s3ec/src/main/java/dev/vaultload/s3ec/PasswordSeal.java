package dev.vaultload.s3ec;

import dev.vaultload.engine.EngineException;
import dev.vaultload.engine.Password;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Arrays;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * A user's key material sealed under a key derived from the password: PBKDF2-HMAC-SHA512 (one derivation per
 * create and per unlock, as the VAULTLOAD keystore), then AES-256-GCM with the header as associated data.
 * Format: magic {@code VLS3}, iterations (int), 32-byte salt, 12-byte nonce, ciphertext and tag. A reader uses the
 * header's own iteration count; a failed tag is WRONG_PASSWORD, a malformed header INTEGRITY.
 */
final class PasswordSeal {
    private static final byte[] MAGIC = "VLS3".getBytes(StandardCharsets.US_ASCII);
    private static final int SALT_BYTES = 32;
    private static final int NONCE_BYTES = 12;
    private static final int HEADER_BYTES = MAGIC.length + Integer.BYTES + SALT_BYTES + NONCE_BYTES;
    private static final SecureRandom RANDOM = new SecureRandom();

    private PasswordSeal() {
    }

    static byte[] seal(Password password, int iterations, byte[] material) {
        ByteBuffer header = ByteBuffer.allocate(HEADER_BYTES).put(MAGIC).putInt(iterations);
        byte[] salt = random(SALT_BYTES);
        byte[] nonce = random(NONCE_BYTES);
        header.put(salt).put(nonce);
        try {
            Cipher cipher = cipher(Cipher.ENCRYPT_MODE, password, iterations, salt, nonce, header.array());
            byte[] sealed = cipher.doFinal(material);
            return ByteBuffer.allocate(HEADER_BYTES + sealed.length).put(header.array()).put(sealed).array();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot seal key material: " + e.getMessage(), e);
        }
    }

    static byte[] open(Password password, byte[] sealed, String key) {
        if (sealed.length < HEADER_BYTES || !Arrays.equals(MAGIC, Arrays.copyOf(sealed, MAGIC.length))) {
            throw new EngineException(EngineException.Reason.INTEGRITY, "malformed keystore").about(key);
        }
        ByteBuffer header = ByteBuffer.wrap(sealed, MAGIC.length, HEADER_BYTES - MAGIC.length);
        int iterations = header.getInt();
        byte[] salt = new byte[SALT_BYTES];
        byte[] nonce = new byte[NONCE_BYTES];
        header.get(salt).get(nonce);
        if (iterations < 1) {
            throw new EngineException(EngineException.Reason.INTEGRITY, "malformed keystore").about(key);
        }
        try {
            Cipher cipher = cipher(Cipher.DECRYPT_MODE, password, iterations, salt, nonce, Arrays.copyOf(sealed, HEADER_BYTES));
            return cipher.doFinal(sealed, HEADER_BYTES, sealed.length - HEADER_BYTES);
        } catch (AEADBadTagException e) {
            throw new EngineException(EngineException.Reason.WRONG_PASSWORD, "wrong password or altered keystore", e).about(key);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot open key material: " + e.getMessage(), e);
        }
    }

    private static Cipher cipher(int mode, Password password, int iterations, byte[] salt, byte[] nonce, byte[] header)
            throws GeneralSecurityException {
        char[] chars = password.chars();
        PBEKeySpec spec = new PBEKeySpec(chars, salt, iterations, 256);
        try {
            byte[] derived = SecretKeyFactory.getInstance("PBKDF2WithHmacSHA512").generateSecret(spec).getEncoded();
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(mode, new SecretKeySpec(derived, "AES"), new GCMParameterSpec(128, nonce));
            Arrays.fill(derived, (byte) 0);
            cipher.updateAAD(header);
            return cipher;
        } finally {
            spec.clearPassword();
            Arrays.fill(chars, '\0');
        }
    }

    static byte[] random(int bytes) {
        byte[] random = new byte[bytes];
        RANDOM.nextBytes(random);
        return random;
    }
}
