package dev.vaultload.faults;

/**
 * The engine a fault matrix cell runs. Every fault runs VAULTLOAD; a key manager's fault also runs S3EC with its KMS
 * keyring (S3EC_KEYRING=KMS), the client-side engine whose KMS is the AWS KMS API, so that both ways of failing for
 * want of a key, ours and AWS's own client's, are classified the same.
 */
enum CellEngine {
    /** VAULTLOAD through the harness's store; with a key manager's fault, KMS_KEYS=DOCUMENT (KES or the AWS KMS API). */
    VAULTLOAD,
    /** S3EC with S3EC_KEYRING=KMS through the AWS KMS API, on S3 clients of its own. */
    S3EC
}
