package dev.vaultload.vault;

/** The inbox key pair: how shares reach their recipients. */
public enum KeyPairAlgorithm {
    /** ECDH key agreement on P-256, SHA-256 KDF, AES-256 key wrap (Datasafe's default). */
    EC_P256,
    /** RSA-2048 key transport with OAEP. */
    RSA_2048
}
