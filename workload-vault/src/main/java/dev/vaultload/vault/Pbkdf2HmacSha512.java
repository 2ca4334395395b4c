package dev.vaultload.vault;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;

/**
 * PBKDF2 (RFC 8018) with HMAC-SHA512 (RFC 2104) over the JDK's SHA-512, whose compression function the JIT
 * replaces with an intrinsic. HMAC's key blocks (key XOR ipad, key XOR opad) are absorbed once per derivation and
 * each iteration starts from clones of those two states, so an iteration costs two SHA-512 compressions. The
 * JDK's {@code Mac} re-absorbs the ipad block on every reset and so costs four; BouncyCastle keeps the states but
 * compresses in plain Java (KdfBenchmark compares them: docs/measurements/2026-11-23-keystore-and-share-costs.md).
 * Output equals the JDK's {@code PBKDF2WithHmacSHA512} for a UTF-8 password ({@code Pbkdf2HmacSha512Test}).
 */
final class Pbkdf2HmacSha512 {

    private static final int BLOCK_BYTES = 128;
    private static final int HASH_BYTES = 64;
    private static final byte IPAD = 0x36;
    private static final byte OPAD = 0x5c;

    private Pbkdf2HmacSha512() {
    }

    /**
     * The derived key of {@code lengthBytes} from {@code password} (raw bytes: the caller encodes and wipes it),
     * {@code salt} and {@code iterations} (>= 1).
     */
    static byte[] derive(byte[] password, byte[] salt, int iterations, int lengthBytes) {
        if (iterations < 1 || lengthBytes < 1) {
            throw new IllegalArgumentException("iterations and lengthBytes must be >= 1");
        }
        MessageDigest inner = sha512();
        MessageDigest outer = sha512();
        absorbKeyBlocks(password, inner, outer);
        byte[] derived = new byte[lengthBytes];
        byte[] block = new byte[HASH_BYTES];
        for (int blockIndex = 1, offset = 0; offset < lengthBytes; blockIndex++, offset += HASH_BYTES) {
            deriveBlock(inner, outer, salt, blockIndex, iterations, block);
            System.arraycopy(block, 0, derived, offset, Math.min(HASH_BYTES, lengthBytes - offset));
        }
        Arrays.fill(block, (byte) 0);
        inner.reset(); // the absorbed key blocks stand for the password
        outer.reset();
        return derived;
    }

    /** Leaves {@code inner} and {@code outer} holding SHA-512 states after key XOR ipad and key XOR opad. */
    private static void absorbKeyBlocks(byte[] password, MessageDigest inner, MessageDigest outer) {
        byte[] key = password.length > BLOCK_BYTES ? inner.digest(password) : password;
        byte[] pad = new byte[BLOCK_BYTES];
        try {
            for (int i = 0; i < BLOCK_BYTES; i++) {
                pad[i] = (byte) ((i < key.length ? key[i] : 0) ^ IPAD);
            }
            inner.update(pad);
            for (int i = 0; i < BLOCK_BYTES; i++) {
                pad[i] = (byte) ((i < key.length ? key[i] : 0) ^ OPAD);
            }
            outer.update(pad);
        } finally {
            Arrays.fill(pad, (byte) 0);
            if (key != password) {
                Arrays.fill(key, (byte) 0);
            }
        }
    }

    /** T_i = U_1 xor ... xor U_c with U_1 = PRF(salt || INT(i)), U_j = PRF(U_(j-1)), into {@code t}. */
    private static void deriveBlock(MessageDigest inner, MessageDigest outer, byte[] salt, int blockIndex, int iterations,
                                    byte[] t) {
        byte[] u = new byte[HASH_BYTES];
        byte[] innerHash = new byte[HASH_BYTES];
        try {
            MessageDigest first = copyOf(inner);
            first.update(salt);
            first.update(new byte[] {(byte) (blockIndex >>> 24), (byte) (blockIndex >>> 16), (byte) (blockIndex >>> 8),
                    (byte) blockIndex});
            finish(first, innerHash);
            hmacOuter(outer, innerHash, u);
            System.arraycopy(u, 0, t, 0, HASH_BYTES);
            for (int j = 1; j < iterations; j++) {
                MessageDigest next = copyOf(inner);
                next.update(u);
                finish(next, innerHash);
                hmacOuter(outer, innerHash, u);
                for (int k = 0; k < HASH_BYTES; k++) {
                    t[k] ^= u[k];
                }
            }
        } finally {
            Arrays.fill(u, (byte) 0);
            Arrays.fill(innerHash, (byte) 0);
        }
    }

    private static void hmacOuter(MessageDigest outer, byte[] innerHash, byte[] mac) {
        MessageDigest digest = copyOf(outer);
        digest.update(innerHash);
        finish(digest, mac);
    }

    private static void finish(MessageDigest digest, byte[] into) {
        try {
            digest.digest(into, 0, HASH_BYTES);
        } catch (java.security.DigestException e) {
            throw new IllegalStateException("SHA-512 output does not fit 64 bytes", e);
        }
    }

    private static MessageDigest copyOf(MessageDigest digest) {
        try {
            return (MessageDigest) digest.clone();
        } catch (CloneNotSupportedException e) {
            throw new IllegalStateException("this SHA-512 cannot be cloned", e);
        }
    }

    private static MessageDigest sha512() {
        try {
            return MessageDigest.getInstance("SHA-512");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-512 unavailable", e);
        }
    }
}
