package dev.vaultload.vault;

import java.security.PrivateKey;
import java.security.PublicKey;
import javax.crypto.SecretKey;

/**
 * A user's unlocked keys, only ever in memory. {@link #toString()} names the user only.
 *
 * @param documentKek    AES-256 key-encryption key of private documents (CMS KEK recipient)
 * @param documentKekId  its KEK identifier in CMS, a hash of the key
 * @param inboxKeyId     subject key identifier of the inbox public key, a hash of its encoding
 */
record UserKeys(String userId, SivPathCipher pathCipher, SecretKey documentKek, byte[] documentKekId,
                PrivateKey inboxPrivateKey, PublicKey inboxPublicKey, byte[] inboxKeyId) {

    DocumentKey privateDocumentKey() {
        return DocumentKey.kek(documentKekId, documentKek);
    }

    DocumentKey inboxDocumentKey() {
        return DocumentKey.inbox(inboxKeyId, inboxPrivateKey);
    }

    @Override
    public String toString() {
        return "UserKeys[userId=" + userId + "]";
    }
}
