package dev.vaultload.vault;

import dev.vaultload.engine.EngineException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Base64;
import java.util.StringJoiner;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.IvParameterSpec;
import org.bouncycastle.crypto.engines.AESEngine;
import org.bouncycastle.crypto.macs.CMac;
import org.bouncycastle.crypto.params.KeyParameter;

/**
 * AES-SIV (RFC 5297) over each path segment, Base64url without padding: deterministic, so the same plaintext
 * prefix always gives the same stored prefix and a space can be listed by prefix without decrypting
 * everything. The price, as in Datasafe: equal segment names are visibly equal in the store. CMAC comes from
 * BouncyCastle's lightweight API (the JDK has none). Every READ and WRITE encrypts its path, and for a short
 * segment the AES key schedules cost more than the encryption: each thread keys its CMAC and CTR cipher once.
 */
final class SivPathCipher {

    private static final int BLOCK_BYTES = 16;
    private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder DECODER = Base64.getUrlDecoder();

    private final byte[] macKey;
    private final SecretKey ctrKey;
    private final ThreadLocal<Keyed> keyed = ThreadLocal.withInitial(this::keyed);
    /** S2V's first block, CMAC(K1, zero block): the same for every segment. */
    private final byte[] cmacOfZeroBlock;

    /** CMAC and CTR cipher under this path key, for one thread. */
    private record Keyed(CMac mac, Cipher ctr) {
    }

    /** {@code macKey} is K1 (S2V), {@code ctrKey} K2 (CTR); AES-256 keys each give AES-SIV-512. */
    SivPathCipher(SecretKey macKey, SecretKey ctrKey) {
        this.macKey = macKey.getEncoded();
        this.ctrKey = ctrKey;
        this.cmacOfZeroBlock = cmac(new byte[BLOCK_BYTES]);
    }

    private Keyed keyed() {
        CMac mac = new CMac(AESEngine.newInstance());
        mac.init(new KeyParameter(macKey));
        try {
            return new Keyed(mac, Cipher.getInstance("AES/CTR/NoPadding"));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES/CTR unavailable", e);
        }
    }

    /** Encrypts each segment of a validated path or prefix; a trailing '/' stays. */
    String encryptPath(String path) {
        StringBuilder out = new StringBuilder(path.length() * 2 + 32);
        int start = 0;
        while (start < path.length()) {
            int end = path.indexOf('/', start);
            int stop = end < 0 ? path.length() : end;
            byte[] sealed = seal(path.substring(start, stop).getBytes(StandardCharsets.UTF_8));
            out.append(ENCODER.encodeToString(sealed));
            if (end >= 0) {
                out.append('/');
            }
            start = stop + 1;
        }
        return out.toString();
    }

    /** The plaintext of a stored path; a segment that does not decrypt is an integrity failure. */
    String decryptPath(String storedPath) {
        StringJoiner out = new StringJoiner("/");
        for (String segment : storedPath.split("/", -1)) {
            out.add(segment.isEmpty() ? "" : new String(open(decode(segment)), StandardCharsets.UTF_8));
        }
        return out.toString();
    }

    /** SIV || ciphertext. */
    byte[] seal(byte[] plaintext, byte[]... associatedData) {
        byte[] siv = s2v(associatedData, plaintext);
        byte[] out = Arrays.copyOf(siv, BLOCK_BYTES + plaintext.length);
        byte[] ciphertext = ctr(siv, plaintext);
        System.arraycopy(ciphertext, 0, out, BLOCK_BYTES, ciphertext.length);
        return out;
    }

    byte[] open(byte[] sivAndCiphertext, byte[]... associatedData) {
        if (sivAndCiphertext.length < BLOCK_BYTES) {
            throw integrity();
        }
        byte[] siv = Arrays.copyOf(sivAndCiphertext, BLOCK_BYTES);
        byte[] plaintext = ctr(siv, Arrays.copyOfRange(sivAndCiphertext, BLOCK_BYTES, sivAndCiphertext.length));
        if (!MessageDigest.isEqual(siv, s2v(associatedData, plaintext))) {
            throw integrity();
        }
        return plaintext;
    }

    private byte[] s2v(byte[][] associatedData, byte[] plaintext) {
        byte[] d = cmacOfZeroBlock;
        for (byte[] ad : associatedData) {
            d = xor(dbl(d), cmac(ad));
        }
        byte[] t;
        if (plaintext.length >= BLOCK_BYTES) {
            t = plaintext.clone();
            int offset = t.length - BLOCK_BYTES;
            for (int i = 0; i < BLOCK_BYTES; i++) {
                t[offset + i] ^= d[i];
            }
        } else {
            byte[] padded = Arrays.copyOf(plaintext, BLOCK_BYTES);
            padded[plaintext.length] = (byte) 0x80;
            t = xor(dbl(d), padded);
        }
        return cmac(t);
    }

    private byte[] cmac(byte[] data) {
        CMac mac = keyed.get().mac(); // doFinal resets it to its key
        mac.update(data, 0, data.length);
        byte[] out = new byte[BLOCK_BYTES];
        mac.doFinal(out, 0);
        return out;
    }

    private byte[] ctr(byte[] siv, byte[] input) {
        byte[] counter = siv.clone();
        counter[8] &= 0x7f; // RFC 5297 2.6: clear bits 63 and 31 so implementations may use 32-bit counters
        counter[12] &= 0x7f;
        try {
            Cipher cipher = keyed.get().ctr(); // the JDK keeps the expanded key while the key stays the same
            cipher.init(Cipher.ENCRYPT_MODE, ctrKey, new IvParameterSpec(counter));
            return cipher.doFinal(input);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES/CTR unavailable", e);
        }
    }

    /** Doubling in GF(2^128), RFC 5297 2.3. */
    private static byte[] dbl(byte[] block) {
        byte[] out = new byte[BLOCK_BYTES];
        int carry = 0;
        for (int i = BLOCK_BYTES - 1; i >= 0; i--) {
            int b = block[i] & 0xff;
            out[i] = (byte) ((b << 1) | carry);
            carry = b >>> 7;
        }
        if (carry != 0) {
            out[BLOCK_BYTES - 1] ^= (byte) 0x87;
        }
        return out;
    }

    private static byte[] xor(byte[] a, byte[] b) {
        byte[] out = new byte[BLOCK_BYTES];
        for (int i = 0; i < BLOCK_BYTES; i++) {
            out[i] = (byte) (a[i] ^ b[i]);
        }
        return out;
    }

    private static byte[] decode(String segment) {
        try {
            return DECODER.decode(segment);
        } catch (IllegalArgumentException e) {
            throw integrity();
        }
    }

    private static EngineException integrity() {
        return new EngineException(EngineException.Reason.INTEGRITY, "an encrypted path segment failed authentication");
    }

    @Override
    public String toString() {
        return "SivPathCipher[AES-SIV]";
    }
}
