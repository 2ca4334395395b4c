package dev.vaultload.ceiling;

import dev.vaultload.engine.CipherSuite;
import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Random;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Encrypts or decrypts a whole buffer in one {@code doFinal} on SunJCE, initialised per call as an engine does per
 * document. Encryption takes a fresh nonce every call (SunJCE refuses a repeated GCM or ChaCha20-Poly1305 nonce under
 * one key); decryption opens the same ciphertext every time. Output buffers are made once, so nothing is allocated
 * in the timed loop.
 */
final class CipherKernel implements CryptoKernel {
    private static final String PROVIDER = "SunJCE";
    private static final int KEY_BYTES = 32;
    private static final int GCM_TAG_BITS = 128;

    private final CipherSuite suite;
    private final boolean encrypting;
    private final Cipher cipher;
    private final SecretKeySpec key;
    private final byte[] nonce;
    private final byte[] input;
    private final int inputLength;
    private final byte[] output;
    private final int contentBytes;
    private long counter;

    CipherKernel(CryptoWork work, int contentBytes) {
        this.suite = work.cipher();
        this.encrypting = work.encrypts();
        this.contentBytes = contentBytes;
        Random random = new Random(contentBytes);
        byte[] keyBytes = new byte[KEY_BYTES];
        random.nextBytes(keyBytes);
        this.key = new SecretKeySpec(keyBytes, suite == CipherSuite.CHACHA20_POLY1305 ? "ChaCha20" : "AES");
        this.nonce = new byte[suite == CipherSuite.AES256_CBC ? 16 : 12];
        byte[] content = new byte[contentBytes];
        random.nextBytes(content);
        try {
            this.cipher = Cipher.getInstance(transformation(suite), PROVIDER);
            this.output = new byte[contentBytes + 64]; // room for a tag or a padding block
            if (encrypting) {
                this.input = content;
                this.inputLength = contentBytes;
            } else {
                cipher.init(Cipher.ENCRYPT_MODE, key, parameters());
                this.input = cipher.doFinal(content);
                this.inputLength = input.length;
            }
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("this JDK's " + PROVIDER + " cannot " + work.label(), e);
        }
    }

    private static String transformation(CipherSuite suite) {
        return switch (suite) {
            case AES256_GCM -> "AES/GCM/NoPadding";
            case AES256_CBC -> "AES/CBC/PKCS5Padding";
            case CHACHA20_POLY1305 -> "ChaCha20-Poly1305";
            case NONE -> throw new IllegalArgumentException("NONE has no cipher to measure");
        };
    }

    private AlgorithmParameterSpec parameters() {
        return suite == CipherSuite.AES256_GCM ? new GCMParameterSpec(GCM_TAG_BITS, nonce) : new IvParameterSpec(nonce);
    }

    @Override
    public int contentBytes() {
        return contentBytes;
    }

    @Override
    public byte process() {
        try {
            if (encrypting) {
                ByteBuffer.wrap(nonce).putLong(nonce.length - Long.BYTES, ++counter);
            }
            cipher.init(encrypting ? Cipher.ENCRYPT_MODE : Cipher.DECRYPT_MODE, key, parameters());
            cipher.doFinal(input, 0, inputLength, output, 0);
            return output[0];
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("measuring " + suite + (encrypting ? " encryption" : " decryption"), e);
        }
    }
}
