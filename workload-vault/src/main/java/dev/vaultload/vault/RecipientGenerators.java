package dev.vaultload.vault;

import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.SecureRandom;
import java.security.spec.MGF1ParameterSpec;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import javax.crypto.spec.OAEPParameterSpec;
import javax.crypto.spec.PSource;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.pkcs.PKCSObjectIdentifiers;
import org.bouncycastle.asn1.x509.AlgorithmIdentifier;
import org.bouncycastle.cms.CMSAlgorithm;
import org.bouncycastle.cms.RecipientInfoGenerator;
import org.bouncycastle.cms.jcajce.JceKEKRecipientInfoGenerator;
import org.bouncycastle.cms.jcajce.JceKeyAgreeRecipientInfoGenerator;
import org.bouncycastle.cms.jcajce.JceKeyTransRecipientInfoGenerator;
import org.bouncycastle.operator.jcajce.JcaAlgorithmParametersConverter;

/** Builds the CMS recipient infos of one document (generators are stateful: new ones per document). */
final class RecipientGenerators {

    private final SecureRandom random;
    private final InboxKeyPairs keyPairs;
    private final AlgorithmIdentifier rsaOaep;

    RecipientGenerators(SecureRandom random, InboxKeyPairs keyPairs) {
        this.random = random;
        this.keyPairs = keyPairs;
        try {
            this.rsaOaep = new JcaAlgorithmParametersConverter().getAlgorithmIdentifier(PKCSObjectIdentifiers.id_RSAES_OAEP,
                    new OAEPParameterSpec("SHA-256", "MGF1", MGF1ParameterSpec.SHA256, PSource.PSpecified.DEFAULT));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("RSA-OAEP parameters", e);
        }
    }

    /** A private document: one KEK recipient (AES-256 key wrap under the owner's document KEK). */
    List<RecipientInfoGenerator> forOwner(UserKeys owner) {
        return List.of(new JceKEKRecipientInfoGenerator(owner.documentKekId(), owner.documentKek()).setSecureRandom(random));
    }

    /**
     * A share: RSA keys get one RSA-OAEP (SHA-256) key transport recipient info each; the key-agreement keys of
     * each algorithm share one recipient info with one ephemeral key per share (P-256: X9.63 SHA-256 KDF; X25519:
     * HKDF-SHA256, RFC 8418), carrying one AES-256-wrapped content key per recipient.
     */
    List<RecipientInfoGenerator> forRecipients(Collection<RecipientPublicKey> recipients) {
        try {
            List<RecipientInfoGenerator> generators = new ArrayList<>(recipients.size());
            Map<KeyPairAlgorithm, JceKeyAgreeRecipientInfoGenerator> agreements = new EnumMap<>(KeyPairAlgorithm.class);
            for (RecipientPublicKey recipient : recipients) {
                KeyPairAlgorithm algorithm = InboxKeyPairs.algorithmOf(recipient.publicKey());
                if (!algorithm.keyAgreement()) {
                    generators.add(new JceKeyTransRecipientInfoGenerator(recipient.subjectKeyId(), rsaOaep, recipient.publicKey()));
                    continue;
                }
                JceKeyAgreeRecipientInfoGenerator agreement = agreements.get(algorithm);
                if (agreement == null) {
                    KeyPair ephemeral = keyPairs.generate(algorithm);
                    agreement = new JceKeyAgreeRecipientInfoGenerator(keyAgreementOf(algorithm), ephemeral.getPrivate(),
                            ephemeral.getPublic(), CMSAlgorithm.AES256_WRAP).setSecureRandom(random);
                    agreements.put(algorithm, agreement);
                    generators.add(agreement);
                }
                agreement.addRecipient(recipient.subjectKeyId(), recipient.publicKey());
            }
            return generators;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("building share recipients failed: " + e.getClass().getName(), e);
        }
    }

    private static ASN1ObjectIdentifier keyAgreementOf(KeyPairAlgorithm algorithm) {
        return algorithm == KeyPairAlgorithm.X25519 ? CMSAlgorithm.ECDH_HKDF_SHA256 : CMSAlgorithm.ECDH_SHA256KDF;
    }
}
