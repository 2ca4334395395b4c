package dev.vaultload.vault;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.EngineException;
import java.security.SecureRandom;
import java.util.Date;
import java.util.List;
import java.util.Optional;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;
import org.bouncycastle.asn1.ASN1Encoding;
import org.bouncycastle.asn1.ASN1Primitive;
import org.bouncycastle.asn1.DERSet;
import org.bouncycastle.asn1.cms.Attribute;
import org.bouncycastle.asn1.cms.AttributeTable;
import org.bouncycastle.asn1.cms.CMSAttributes;
import org.bouncycastle.asn1.cms.ContentInfo;
import org.bouncycastle.asn1.cms.Time;
import org.bouncycastle.cms.CMSAlgorithm;
import org.bouncycastle.cms.CMSAuthEnvelopedData;
import org.bouncycastle.cms.CMSAuthEnvelopedDataGenerator;
import org.bouncycastle.cms.CMSEnvelopedData;
import org.bouncycastle.cms.CMSEnvelopedDataGenerator;
import org.bouncycastle.cms.CMSProcessableByteArray;
import org.bouncycastle.cms.KEKRecipientId;
import org.bouncycastle.cms.RecipientInfoGenerator;
import org.bouncycastle.cms.RecipientInformationStore;
import org.bouncycastle.cms.SimpleAttributeTableGenerator;
import org.bouncycastle.cms.jcajce.JceCMSContentEncryptorBuilder;
import org.bouncycastle.cms.jcajce.JceKEKAuthEnvelopedRecipient;
import org.bouncycastle.cms.jcajce.JceKEKEnvelopedRecipient;
import org.bouncycastle.cms.jcajce.JceKEKRecipientInfoGenerator;
import org.bouncycastle.operator.OutputAEADEncryptor;
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

    @ParameterizedTest
    @EnumSource(value = CipherSuite.class, names = {"AES256_GCM", "AES256_CBC"})
    void aPrivateEnvelopeOpensOnTheJdkPathToWhatBouncyCastleReads(CipherSuite suite) throws Exception {
        boolean gcm = suite == CipherSuite.AES256_GCM;
        StreamHeader header = new StreamHeader(suite, DocumentCodec.CHUNK_BYTES, randomBytes(32),
                randomBytes(gcm ? AeadChunkCipher.NONCE_PREFIX_BYTES : CbcCipher.IV_BYTES));
        byte[] cms = envelope.seal(header, recipients());

        Optional<byte[]> content = KekEnvelopeOpener.open(contentInfo(cms), suite, KEK_ID, kek, 1024);

        assertTrue(content.isPresent(), "the JDK path declined a private envelope");
        assertArrayEquals(header.encode(), content.get());
        RecipientInformationStore recipients = gcm
                ? new CMSAuthEnvelopedData(cms).getRecipientInfos() : new CMSEnvelopedData(cms).getRecipientInfos();
        byte[] bouncyCastle = recipients.get(new KEKRecipientId(KEK_ID))
                .getContent(gcm ? new JceKEKAuthEnvelopedRecipient(kek) : new JceKEKEnvelopedRecipient(kek));
        assertArrayEquals(bouncyCastle, content.get());
    }

    @Test
    void anotherKeyUnderTheSameIdIsAnIntegrityErrorOnTheJdkPath() throws Exception {
        byte[] cms = envelope.seal(new StreamHeader(CipherSuite.AES256_GCM, DocumentCodec.CHUNK_BYTES, randomBytes(32),
                randomBytes(AeadChunkCipher.NONCE_PREFIX_BYTES)), recipients());
        SecretKey otherKek = new SecretKeySpec(randomBytes(32), "AES");

        ContentInfo contentInfo = contentInfo(cms);

        EngineException e = assertThrows(EngineException.class, () -> KekEnvelopeOpener.open(contentInfo, CipherSuite.AES256_GCM, KEK_ID, otherKek, 1024));

        assertEquals(EngineException.Reason.INTEGRITY, e.reason());
    }

    @Test
    void authenticatedAttributesAreLeftToBouncyCastleWhichOpensThem() throws Exception {
        StreamHeader header = new StreamHeader(CipherSuite.AES256_GCM, DocumentCodec.CHUNK_BYTES, randomBytes(32),
                randomBytes(AeadChunkCipher.NONCE_PREFIX_BYTES));
        byte[] cms = gcmEnvelope(header.encode(), true);

        assertTrue(KekEnvelopeOpener.open(contentInfo(cms), CipherSuite.AES256_GCM, KEK_ID, kek, 1024).isEmpty(), "the JDK path cannot authenticate attributes");
        assertArrayEquals(header.streamKey(), envelope.open(cms, CipherSuite.AES256_GCM, DocumentKey.kek(KEK_ID, kek)).streamKey());
    }

    @Test
    void gcmContentLongerThanAStreamHeaderIsRefusedOnTheJdkPath() throws Exception {
        byte[] cms = gcmEnvelope(new byte[40 * 1024], false);

        EngineException e = assertThrows(EngineException.class,
                () -> envelope.open(cms, CipherSuite.AES256_GCM, DocumentKey.kek(KEK_ID, kek)));

        assertEquals(EngineException.Reason.INTEGRITY, e.reason());
        assertTrue(e.getMessage().contains("too long"), e.getMessage());
    }

    /** AES-256-GCM AuthEnvelopedData to this test's KEK, built by BouncyCastle alone, with authenticated attributes if asked. */
    private byte[] gcmEnvelope(byte[] content, boolean authenticatedAttributes) throws Exception {
        CMSAuthEnvelopedDataGenerator generator = new CMSAuthEnvelopedDataGenerator();
        recipients().forEach(generator::addRecipientInfoGenerator);
        if (authenticatedAttributes) {
            generator.setAuthenticatedAttributeGenerator(new SimpleAttributeTableGenerator(new AttributeTable(
                    new Attribute(CMSAttributes.signingTime, new DERSet(new Time(new Date()))))));
        }
        // BouncyCastle's GCM: the generator adds the attributes as AAD after the content, which the JDK's refuses
        OutputAEADEncryptor encryptor = (OutputAEADEncryptor) new JceCMSContentEncryptorBuilder(CMSAlgorithm.AES256_GCM)
                .setProvider(CryptoProviders.bouncyCastle()).setSecureRandom(random).build();
        return generator.generate(new CMSProcessableByteArray(content), encryptor).toASN1Structure().getEncoded(ASN1Encoding.DER);
    }

    private static ContentInfo contentInfo(byte[] cms) throws Exception {
        return ContentInfo.getInstance(ASN1Primitive.fromByteArray(cms));
    }
}
