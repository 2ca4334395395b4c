package dev.vaultload.vault;

import dev.vaultload.engine.EngineException;
import java.security.GeneralSecurityException;
import java.security.Key;
import java.util.Arrays;
import java.util.Optional;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import org.bouncycastle.asn1.ASN1Set;
import org.bouncycastle.asn1.cms.AuthEnvelopedData;
import org.bouncycastle.asn1.cms.ContentInfo;
import org.bouncycastle.asn1.cms.EncryptedContentInfo;
import org.bouncycastle.asn1.cms.GCMParameters;
import org.bouncycastle.asn1.cms.KEKRecipientInfo;
import org.bouncycastle.asn1.cms.RecipientInfo;
import org.bouncycastle.asn1.nist.NISTObjectIdentifiers;
import org.bouncycastle.asn1.x509.AlgorithmIdentifier;

/**
 * Opens the envelope of a private AES-256-GCM document, AuthEnvelopedData addressed to the owner's KEK, on the
 * JDK's ciphers: AES key unwrap (RFC 3394) of the content key, then AES-GCM over the content with the envelope's
 * nonce and tag length (RFC 5084). BouncyCastle's CMS layer did the same with a provider search and new ciphers per
 * document, 40% of a 4 KiB GCM READ's samples (JFR); its ASN.1 parser still reads the structure. Anything else (other
 * algorithms, authenticated attributes, no recipient info for this KEK) is left to BouncyCastle's path.
 */
final class KekGcmOpener {

    private static final ThreadLocal<Cipher> UNWRAP = ThreadLocal.withInitial(() -> cipher("AESWrap"));
    private static final ThreadLocal<Cipher> CONTENT = ThreadLocal.withInitial(() -> cipher("AES/GCM/NoPadding"));

    private KekGcmOpener() {
    }

    /**
     * The decrypted and authenticated content, or empty if the envelope is not one this opener handles.
     *
     * @throws EngineException INTEGRITY if the content key does not unwrap or the content fails its tag
     */
    static Optional<byte[]> open(ContentInfo contentInfo, byte[] kekId, SecretKey kek, int maxContentBytes) {
        AuthEnvelopedData data = AuthEnvelopedData.getInstance(contentInfo.getContent());
        EncryptedContentInfo content = data.getAuthEncryptedContentInfo();
        AlgorithmIdentifier contentAlgorithm = content.getContentEncryptionAlgorithm();
        KEKRecipientInfo mine = recipientInfo(data.getRecipientInfos(), kekId);
        if (data.getAuthAttrs() != null || content.getEncryptedContent() == null || mine == null
                || !NISTObjectIdentifiers.id_aes256_GCM.equals(contentAlgorithm.getAlgorithm())
                || !NISTObjectIdentifiers.id_aes256_wrap.equals(mine.getKeyEncryptionAlgorithm().getAlgorithm())) {
            return Optional.empty();
        }
        byte[] ciphertext = content.getEncryptedContent().getOctets();
        if (ciphertext.length > maxContentBytes) {
            throw new EngineException(EngineException.Reason.INTEGRITY, "the document's CMS content is too long for a stream header");
        }
        GCMParameters parameters = GCMParameters.getInstance(contentAlgorithm.getParameters());
        try {
            Cipher unwrap = UNWRAP.get();
            unwrap.init(Cipher.UNWRAP_MODE, kek);
            Key contentKey = unwrap.unwrap(mine.getEncryptedKey().getOctets(), "AES", Cipher.SECRET_KEY);
            Cipher gcm = CONTENT.get();
            gcm.init(Cipher.DECRYPT_MODE, contentKey, new GCMParameterSpec(parameters.getIcvLen() * 8, parameters.getNonce()));
            byte[] mac = data.getMac().getOctets();
            byte[] sealed = Arrays.copyOf(ciphertext, ciphertext.length + mac.length); // the JDK's GCM wants the tag last
            System.arraycopy(mac, 0, sealed, ciphertext.length, mac.length);
            return Optional.of(gcm.doFinal(sealed));
        } catch (GeneralSecurityException e) {
            throw new EngineException(EngineException.Reason.INTEGRITY,
                    "the document's CMS envelope does not open: " + e.getClass().getSimpleName());
        }
    }

    private static KEKRecipientInfo recipientInfo(ASN1Set recipientInfos, byte[] kekId) {
        for (int i = 0; i < recipientInfos.size(); i++) {
            if (RecipientInfo.getInstance(recipientInfos.getObjectAt(i)).getInfo() instanceof KEKRecipientInfo kek
                    && Arrays.equals(kek.getKekid().getKeyIdentifier().getOctets(), kekId)) {
                return kek;
            }
        }
        return null;
    }

    private static Cipher cipher(String transformation) {
        try {
            return Cipher.getInstance(transformation, CryptoProviders.sunJce());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(transformation + " unavailable", e);
        }
    }
}
