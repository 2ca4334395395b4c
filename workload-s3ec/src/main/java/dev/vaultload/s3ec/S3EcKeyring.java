package dev.vaultload.s3ec;

/** S3EC's keyrings without an outside KMS (AWS KMS ignores the endpoint override, so it cannot serve MinIO or Ceph). */
public enum S3EcKeyring {
    /** {@code AesKeyring}: a 32-byte wrapping key per user, AES/GCM key wrap. */
    AES,
    /** {@code RsaKeyring}: an RSA-2048 key pair per user, RSA-OAEP-SHA1 key wrap. */
    RSA
}
