package dev.vaultload.vault;

/** The inbox key pair: how shares reach their recipients. */
public enum KeyPairAlgorithm {
    /** ECDH key agreement on P-256, X9.63 SHA-256 KDF, AES-256 key wrap (Datasafe's default). */
    EC_P256,
    /** RSA-2048 key transport with OAEP. */
    RSA_2048,
    /** X25519 key agreement (RFC 8418), HKDF-SHA256, AES-256 key wrap: the default, cheaper than P-256. */
    X25519;

    /** Whether shares reach this key by key agreement (an ephemeral key per share) rather than key transport. */
    boolean keyAgreement() {
        return this != RSA_2048;
    }
}
