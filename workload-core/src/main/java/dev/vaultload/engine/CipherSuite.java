package dev.vaultload.engine;

/** The content encryption of documents. */
public enum CipherSuite {
    /** CMS AuthEnvelopedData (RFC 5083/5084), Datasafe's default. */
    AES256_GCM,
    /** CMS EnvelopedData; no integrity of its own: the suite's checksum check catches tampering. */
    AES256_CBC,
    /** CMS AuthEnvelopedData with ChaCha20-Poly1305 (RFC 8103). */
    CHACHA20_POLY1305,
    /** No encryption at all: the baseline that shows what encryption costs. Marked in every report. */
    NONE
}
