package dev.vaultload.s3ec;

/** S3EC's keyrings: the two raw ones, whose keys each user keeps, and the one on the AWS KMS API. */
public enum S3EcKeyring {
    /** {@code AesKeyring}: a 32-byte wrapping key per user, AES/GCM key wrap. */
    AES,
    /** {@code RsaKeyring}: an RSA-2048 key pair per user, RSA-OAEP-SHA1 key wrap. */
    RSA,
    /**
     * {@code KmsKeyring}: every object's data key from the AWS KMS API's GenerateDataKey under AWS_KMS_KEY_ID, opened
     * by its Decrypt; private documents and shares alike, the object's key bound as encryption context. The users
     * keep no keys.
     */
    KMS
}
