package dev.vaultload.vault;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.EngineException;
import java.security.GeneralSecurityException;
import java.security.spec.AlgorithmParameterSpec;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Seals and opens the chunks of one document body with the JDK's AEAD (SunJCE: AES-GCM with AES-NI/VAES,
 * ChaCha20-Poly1305 with AVX). Each chunk is one AEAD message with its own nonce: the 7-byte random prefix of
 * the document, the chunk index (u32, big-endian) and a last-chunk flag byte (0 or 1), as in Tink's streaming
 * AEAD and age's STREAM. Reordering, dropping or appending chunks therefore fails authentication. Every chunk
 * carries the digest of the stored bytes before the body (prelude and CMS envelope) as associated data, so a change
 * anywhere in them fails every chunk, ranged reads included: CMS binds its recipients' keys to nothing, and a
 * shared document carries the keys of recipients other than its reader. Not thread-safe: one per stream.
 */
final class AeadChunkCipher {

    static final int TAG_BYTES = 16;
    static final int NONCE_PREFIX_BYTES = 7;
    private static final int NONCE_BYTES = 12;
    private static final long MAX_CHUNKS = 1L << 32;

    /** The JDK transformation and key algorithm of each AEAD suite. */
    enum Algorithm {
        AES_GCM("AES/GCM/NoPadding", "AES"),
        CHACHA20_POLY1305("ChaCha20-Poly1305", "ChaCha20");

        private final String transformation;
        private final String keyAlgorithm;

        Algorithm(String transformation, String keyAlgorithm) {
            this.transformation = transformation;
            this.keyAlgorithm = keyAlgorithm;
        }

        static Algorithm of(CipherSuite suite) {
            return switch (suite) {
                case AES256_GCM -> AES_GCM;
                case CHACHA20_POLY1305 -> CHACHA20_POLY1305;
                default -> throw new IllegalArgumentException(suite + " is not a chunked AEAD suite");
            };
        }

        private AlgorithmParameterSpec parameters(byte[] nonce) {
            return this == AES_GCM ? new GCMParameterSpec(TAG_BYTES * 8, nonce) : new IvParameterSpec(nonce);
        }
    }

    private final Algorithm algorithm;
    private final SecretKey key;
    private final byte[] nonce = new byte[NONCE_BYTES];
    private final Cipher cipher;
    private final byte[] envelopeDigest;

    /** @param envelopeDigest the SHA-256 of the document's prelude and envelope ({@link DocumentCodec}) */
    AeadChunkCipher(StreamHeader header, byte[] envelopeDigest) {
        if (header.nonce().length != NONCE_PREFIX_BYTES) {
            throw new EngineException(EngineException.Reason.INTEGRITY, "document stream header: bad nonce prefix");
        }
        this.algorithm = Algorithm.of(header.suite());
        this.key = new SecretKeySpec(header.streamKey(), algorithm.keyAlgorithm);
        System.arraycopy(header.nonce(), 0, nonce, 0, NONCE_PREFIX_BYTES);
        this.cipher = CryptoProviders.jdkCipher(algorithm.transformation);
        this.envelopeDigest = envelopeDigest;
    }

    /** Encrypts {@code length} bytes of {@code plain} as chunk {@code index} into {@code out}; returns length + tag. */
    int seal(long index, boolean last, byte[] plain, int offset, int length, byte[] out) {
        try {
            cipher.init(Cipher.ENCRYPT_MODE, key, algorithm.parameters(nonceFor(index, last)));
            cipher.updateAAD(envelopeDigest);
            return cipher.doFinal(plain, offset, length, out, 0);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("sealing chunk " + index + " failed", e);
        }
    }

    /**
     * Decrypts chunk {@code index} ({@code length} bytes with tag from {@code sealed[offset]}) into {@code out}; a bad
     * tag is INTEGRITY.
     */
    int open(long index, boolean last, byte[] sealed, int offset, int length, byte[] out, int outOffset) {
        try {
            cipher.init(Cipher.DECRYPT_MODE, key, algorithm.parameters(nonceFor(index, last)));
            cipher.updateAAD(envelopeDigest);
            return cipher.doFinal(sealed, offset, length, out, outOffset);
        } catch (AEADBadTagException e) {
            throw new EngineException(EngineException.Reason.INTEGRITY,
                    "chunk " + index + " of the document failed authentication (the chunk, or the envelope before the body,"
                            + " tampered, truncated or reordered)");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("opening chunk " + index + " failed", e);
        }
    }

    private byte[] nonceFor(long index, boolean last) {
        if (index >= MAX_CHUNKS) {
            throw new IllegalStateException("document too large: more than 2^32 chunks");
        }
        nonce[7] = (byte) (index >>> 24);
        nonce[8] = (byte) (index >>> 16);
        nonce[9] = (byte) (index >>> 8);
        nonce[10] = (byte) index;
        nonce[11] = (byte) (last ? 1 : 0);
        return nonce;
    }
}
