package dev.vaultload.vault;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.EngineException;
import java.security.SecureRandom;
import java.util.List;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;
import org.bouncycastle.asn1.ASN1Encoding;
import org.bouncycastle.cms.CMSAlgorithm;
import org.bouncycastle.cms.CMSEnvelopedDataGenerator;
import org.bouncycastle.cms.CMSProcessableByteArray;
import org.bouncycastle.cms.RecipientInfoGenerator;
import org.bouncycastle.cms.jcajce.JceCMSContentEncryptorBuilder;
import org.bouncycastle.cms.jcajce.JceKEKRecipientInfoGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The envelope alone: what it seals opens again, in DER; what is not an envelope for the suite is INTEGRITY. */
class CmsKeyEnvelopeTest {
    private static final byte[] KEK_ID = {1, 2, 3, 4};

    static {
        CryptoProviders.bouncyCastle(); // as the vault does: BouncyCastle serves the AEAD suites' CMS parameters
    }

    private final SecureRandom random = new SecureRandom();
    private final SecretKey kek = new SecretKeySpec(randomBytes(32), "AES");
    private final CmsKeyEnvelope envelope = new CmsKeyEnvelope(random);

    private byte[] randomBytes(int length) {
        byte[] bytes = new byte[length];
        random.nextBytes(bytes);
        return bytes;
    }

    private List<RecipientInfoGenerator> recipients() {
        return List.of(new JceKEKRecipientInfoGenerator(KEK_ID, kek).setSecureRandom(random));
    }

    @ParameterizedTest
    @EnumSource(value = CipherSuite.class, names = "NONE", mode = EnumSource.Mode.EXCLUDE)
    void sealsInDerAndOpensWhatItSealed(CipherSuite suite) {
        int nonceBytes = suite == CipherSuite.AES256_CBC ? CbcCipher.IV_BYTES : AeadChunkCipher.NONCE_PREFIX_BYTES;
        StreamHeader header = new StreamHeader(suite, DocumentCodec.CHUNK_BYTES, randomBytes(32), randomBytes(nonceBytes));

        byte[] cms = envelope.seal(header, recipients());

        assertEquals(0x30, cms[0] & 0xff);
        assertTrue((cms[1] & 0xff) != 0x80, "a definite length, not BER's indefinite one");
        StreamHeader opened = envelope.open(cms, suite, DocumentKey.kek(KEK_ID, kek));
        assertArrayEquals(header.streamKey(), opened.streamKey());
        assertArrayEquals(header.nonce(), opened.nonce());
    }

    @Test
    void anEnvelopeOfAnotherSuitesTypeIsAnIntegrityError() {
        byte[] cbc = envelope.seal(new StreamHeader(CipherSuite.AES256_CBC, DocumentCodec.CHUNK_BYTES, randomBytes(32),
                randomBytes(CbcCipher.IV_BYTES)), recipients());

        EngineException e = assertThrows(EngineException.class,
                () -> envelope.open(cbc, CipherSuite.AES256_GCM, DocumentKey.kek(KEK_ID, kek)));

        assertEquals(EngineException.Reason.INTEGRITY, e.reason());
        assertTrue(e.getMessage().contains("content type"), e.getMessage());
    }

    @Test
    void contentLongerThanAStreamHeaderIsRefusedBeforeItIsKept() throws Exception {
        CMSEnvelopedDataGenerator generator = new CMSEnvelopedDataGenerator();
        recipients().forEach(generator::addRecipientInfoGenerator);
        byte[] cms = generator.generate(new CMSProcessableByteArray(new byte[40 * 1024]),
                        new JceCMSContentEncryptorBuilder(CMSAlgorithm.AES256_CBC).setSecureRandom(random).build())
                .toASN1Structure().getEncoded(ASN1Encoding.DER);

        EngineException e = assertThrows(EngineException.class,
                () -> envelope.open(cms, CipherSuite.AES256_CBC, DocumentKey.kek(KEK_ID, kek)));

        assertEquals(EngineException.Reason.INTEGRITY, e.reason());
        assertTrue(e.getMessage().contains("too long"), e.getMessage());
    }
}
