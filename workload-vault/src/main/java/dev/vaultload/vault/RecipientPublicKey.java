package dev.vaultload.vault;

import java.security.PublicKey;

/** A share recipient's published inbox key with its subject key identifier. */
record RecipientPublicKey(String userId, byte[] subjectKeyId, PublicKey publicKey) {
}
