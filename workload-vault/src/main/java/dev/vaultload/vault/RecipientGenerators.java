package dev.vaultload.vault;

import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.MGF1ParameterSpec;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import javax.crypto.spec.OAEPParameterSpec;
import javax.crypto.spec.PSource;
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
    private final AlgorithmIdentifier rsaOaep;

    RecipientGenerators(SecureRandom random) {
        this.random = random;
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
     * A share: one recipient info per recipient. EC keys get ECDH (ephemeral-static, one ephemeral P-256 key per
     * share) with the X9.63 SHA-256 KDF and AES-256 key wrap; RSA keys get RSA-OAEP (SHA-256) key transport.
     */
    List<RecipientInfoGenerator> forRecipients(Collection<RecipientPublicKey> recipients) {
        try {
            KeyPair ephemeral = null;
            List<RecipientInfoGenerator> generators = new ArrayList<>(recipients.size());
            for (RecipientPublicKey recipient : recipients) {
                if (recipient.publicKey().getAlgorithm().startsWith("EC")) {
                    if (ephemeral == null) {
                        ephemeral = ephemeralP256();
                    }
                    generators.add(new JceKeyAgreeRecipientInfoGenerator(CMSAlgorithm.ECDH_SHA256KDF, ephemeral.getPrivate(),
                            ephemeral.getPublic(), CMSAlgorithm.AES256_WRAP)
                            .setSecureRandom(random)
                            .addRecipient(recipient.subjectKeyId(), recipient.publicKey()));
                } else {
                    generators.add(new JceKeyTransRecipientInfoGenerator(recipient.subjectKeyId(), rsaOaep, recipient.publicKey()));
                }
            }
            return generators;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("building share recipients failed: " + e.getClass().getName(), e);
        }
    }

    private KeyPair ephemeralP256() throws GeneralSecurityException {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"), random);
        return generator.generateKeyPair();
    }
}
