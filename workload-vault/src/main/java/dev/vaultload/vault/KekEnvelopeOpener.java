package dev.vaultload.vault;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.EngineException;
import java.security.GeneralSecurityException;
import java.security.Key;
import java.util.Arrays;
import java.util.Optional;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.ASN1OctetString;
import org.bouncycastle.asn1.ASN1Set;
import org.bouncycastle.asn1.cms.AuthEnvelopedData;
import org.bouncycastle.asn1.cms.ContentInfo;
import org.bouncycastle.asn1.cms.EncryptedContentInfo;
import org.bouncycastle.asn1.cms.EnvelopedData;
import org.bouncycastle.asn1.cms.GCMParameters;
import org.bouncycastle.asn1.cms.KEKRecipientInfo;
import org.bouncycastle.asn1.cms.RecipientInfo;
import org.bouncycastle.asn1.nist.NISTObjectIdentifiers;

/**
 * Opens the envelope of a private AES-256-GCM or AES-256-CBC document, addressed to the owner's KEK, on the JDK's
 * ciphers: AES key unwrap (RFC 3394) of the content key, then AES-GCM (RFC 5084: the envelope's nonce and tag
 * length, the tag in {@code mac}) or AES-CBC (the envelope's IV) over the content, on per-thread ciphers.
 * BouncyCastle's CMS layer does the same with a provider search and new ciphers per document, which dominated the
 * cost of opening a small document (see docs/measurements/2026-11-23-cms-envelope-opening.md); its ASN.1 parser
 * still reads the structure. Anything else (other algorithms, authenticated attributes, no recipient info for this
 * KEK) is left to BouncyCastle's CMS layer.
 */
final class KekEnvelopeOpener {

    private static final ThreadLocal<Cipher> UNWRAP = ThreadLocal.withInitial(() -> CryptoProviders.jdkCipher("AESWrap"));
    private static final ThreadLocal<Cipher> GCM = ThreadLocal.withInitial(() -> CryptoProviders.jdkCipher("AES/GCM/NoPadding"));
    private static final ThreadLocal<Cipher> CBC = ThreadLocal.withInitial(() -> CryptoProviders.jdkCipher("AES/CBC/PKCS5Padding"));

    private KekEnvelopeOpener() {
    }

    /**
     * The decrypted (for GCM also authenticated) content, or empty if the envelope is not one this opener handles.
     *
     * @param contentInfo an AuthEnvelopedData for AES256_GCM, an EnvelopedData for AES256_CBC
     * @throws EngineException INTEGRITY if the content key does not unwrap, the content fails its tag or padding, or
     *                         is longer than {@code maxContentBytes}
     */
    static Optional<byte[]> open(ContentInfo contentInfo, CipherSuite suite, byte[] kekId, SecretKey kek, int maxContentBytes) {
        try {
            return switch (suite) {
                case AES256_GCM -> openGcm(AuthEnvelopedData.getInstance(contentInfo.getContent()), kekId, kek, maxContentBytes);
                case AES256_CBC -> openCbc(EnvelopedData.getInstance(contentInfo.getContent()), kekId, kek, maxContentBytes);
                default -> Optional.empty();
            };
        } catch (GeneralSecurityException e) {
            throw new EngineException(EngineException.Reason.INTEGRITY,
                    "the document's CMS envelope does not open: " + e.getClass().getSimpleName());
        }
    }

    private static Optional<byte[]> openGcm(AuthEnvelopedData data, byte[] kekId, SecretKey kek, int maxContentBytes)
            throws GeneralSecurityException {
        EncryptedContentInfo content = data.getAuthEncryptedContentInfo();
        Optional<Key> contentKey = data.getAuthAttrs() != null ? Optional.empty()
                : contentKey(content, NISTObjectIdentifiers.id_aes256_GCM, data.getRecipientInfos(), kekId, kek, maxContentBytes);
        if (contentKey.isEmpty()) {
            return Optional.empty();
        }
        GCMParameters parameters = GCMParameters.getInstance(content.getContentEncryptionAlgorithm().getParameters());
        Cipher gcm = GCM.get();
        gcm.init(Cipher.DECRYPT_MODE, contentKey.get(), new GCMParameterSpec(parameters.getIcvLen() * 8, parameters.getNonce()));
        byte[] ciphertext = content.getEncryptedContent().getOctets();
        byte[] mac = data.getMac().getOctets();
        byte[] sealed = Arrays.copyOf(ciphertext, ciphertext.length + mac.length); // the JDK's GCM wants the tag last
        System.arraycopy(mac, 0, sealed, ciphertext.length, mac.length);
        return Optional.of(gcm.doFinal(sealed));
    }

    private static Optional<byte[]> openCbc(EnvelopedData data, byte[] kekId, SecretKey kek, int maxContentBytes)
            throws GeneralSecurityException {
        EncryptedContentInfo content = data.getEncryptedContentInfo();
        Optional<Key> contentKey = contentKey(content, NISTObjectIdentifiers.id_aes256_CBC, data.getRecipientInfos(), kekId, kek,
                maxContentBytes);
        if (contentKey.isEmpty()) {
            return Optional.empty();
        }
        byte[] iv = ASN1OctetString.getInstance(content.getContentEncryptionAlgorithm().getParameters()).getOctets();
        Cipher cbc = CBC.get();
        cbc.init(Cipher.DECRYPT_MODE, contentKey.get(), new IvParameterSpec(iv));
        return Optional.of(cbc.doFinal(content.getEncryptedContent().getOctets()));
    }

    /**
     * The content key, unwrapped from the recipient info for {@code kekId}; empty unless the content is encrypted with
     * {@code algorithm} and carried in the envelope (not detached) and that recipient info uses AES-256 key wrap.
     */
    private static Optional<Key> contentKey(EncryptedContentInfo content, ASN1ObjectIdentifier algorithm, ASN1Set recipientInfos,
                                            byte[] kekId, SecretKey kek, int maxContentBytes) throws GeneralSecurityException {
        if (!algorithm.equals(content.getContentEncryptionAlgorithm().getAlgorithm()) || content.getEncryptedContent() == null) {
            return Optional.empty();
        }
        if (content.getEncryptedContent().getOctets().length > maxContentBytes) {
            throw new EngineException(EngineException.Reason.INTEGRITY, "the document's CMS content is too long for a stream header");
        }
        KEKRecipientInfo mine = recipientInfo(recipientInfos, kekId);
        if (mine == null || !NISTObjectIdentifiers.id_aes256_wrap.equals(mine.getKeyEncryptionAlgorithm().getAlgorithm())) {
            return Optional.empty();
        }
        Cipher unwrap = UNWRAP.get();
        unwrap.init(Cipher.UNWRAP_MODE, kek);
        return Optional.of(unwrap.unwrap(mine.getEncryptedKey().getOctets(), "AES", Cipher.SECRET_KEY));
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
}
