package dev.vaultload.vault;

import java.security.PrivateKey;
import javax.crypto.SecretKey;
import org.bouncycastle.cms.KEKRecipientId;
import org.bouncycastle.cms.KeyAgreeRecipientId;
import org.bouncycastle.cms.KeyTransRecipientId;
import org.bouncycastle.cms.Recipient;
import org.bouncycastle.cms.RecipientId;
import org.bouncycastle.cms.jcajce.JceKEKAuthEnvelopedRecipient;
import org.bouncycastle.cms.jcajce.JceKEKEnvelopedRecipient;
import org.bouncycastle.cms.jcajce.JceKeyAgreeAuthEnvelopedRecipient;
import org.bouncycastle.cms.jcajce.JceKeyAgreeEnvelopedRecipient;
import org.bouncycastle.cms.jcajce.JceKeyTransAuthEnvelopedRecipient;
import org.bouncycastle.cms.jcajce.JceKeyTransEnvelopedRecipient;

/** The key a reader opens a document's CMS envelope with: which recipient info is theirs, and how to unwrap it. */
interface DocumentKey {

    RecipientId recipientId();

    /** A fresh BouncyCastle recipient (they are stateful) for EnvelopedData or AuthEnvelopedData. */
    Recipient recipient(boolean authEnveloped);

    /** The owner's document KEK: private documents. */
    static DocumentKey kek(byte[] kekId, SecretKey kek) {
        return new KekKey(kekId, kek);
    }

    /** The inbox private key: key agreement for EC and X25519 keys, RSA-OAEP key transport for RSA keys. */
    static DocumentKey inbox(byte[] subjectKeyId, PrivateKey privateKey) {
        return new InboxKey(subjectKeyId, privateKey);
    }

    record KekKey(byte[] kekId, SecretKey kek) implements DocumentKey {
        @Override
        public RecipientId recipientId() {
            return new KEKRecipientId(kekId);
        }

        @Override
        public Recipient recipient(boolean authEnveloped) {
            // EnvelopedData (CBC) with the JDK named, which skips the provider search for the unwrap and the content
            // cipher; the JDK does not know the AEAD content algorithms by their CMS identifiers
            return authEnveloped ? new JceKEKAuthEnvelopedRecipient(kek) : new JceKEKEnvelopedRecipient(kek).setProvider(CryptoProviders.sunJce());
        }

        @Override
        public String toString() {
            return "KekKey[****]";
        }
    }

    record InboxKey(byte[] subjectKeyId, PrivateKey privateKey) implements DocumentKey {
        private boolean keyAgreement() {
            return InboxKeyPairs.algorithmOf(privateKey).keyAgreement();
        }

        @Override
        public RecipientId recipientId() {
            return keyAgreement() ? new KeyAgreeRecipientId(subjectKeyId) : new KeyTransRecipientId(subjectKeyId);
        }

        @Override
        public Recipient recipient(boolean authEnveloped) {
            if (keyAgreement()) {
                return authEnveloped ? new JceKeyAgreeAuthEnvelopedRecipient(privateKey) : new JceKeyAgreeEnvelopedRecipient(privateKey);
            }
            return authEnveloped ? new JceKeyTransAuthEnvelopedRecipient(privateKey) : new JceKeyTransEnvelopedRecipient(privateKey);
        }

        @Override
        public String toString() {
            return "InboxKey[****]";
        }
    }
}
