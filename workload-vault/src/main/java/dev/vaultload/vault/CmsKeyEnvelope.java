package dev.vaultload.vault;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.EngineException;
import java.io.IOException;
import java.io.InputStream;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.bouncycastle.asn1.ASN1Encoding;
import org.bouncycastle.asn1.ASN1Primitive;
import org.bouncycastle.asn1.cms.CMSObjectIdentifiers;
import org.bouncycastle.asn1.cms.ContentInfo;
import org.bouncycastle.cms.CMSAlgorithm;
import org.bouncycastle.cms.CMSAuthEnvelopedData;
import org.bouncycastle.cms.CMSAuthEnvelopedDataGenerator;
import org.bouncycastle.cms.CMSEnvelopedData;
import org.bouncycastle.cms.CMSEnvelopedDataGenerator;
import org.bouncycastle.cms.CMSException;
import org.bouncycastle.cms.CMSProcessableByteArray;
import org.bouncycastle.cms.Recipient;
import org.bouncycastle.cms.RecipientInfoGenerator;
import org.bouncycastle.cms.RecipientInformation;
import org.bouncycastle.cms.RecipientInformationStore;
import org.bouncycastle.cms.jcajce.JceCMSContentEncryptorBuilder;
import org.bouncycastle.operator.OutputAEADEncryptor;

/**
 * The CMS part of a document: key transport. BouncyCastle builds and parses the structure; its content is the
 * small {@link StreamHeader} (the body's key), encrypted with the document's suite: AES-256-GCM in
 * AuthEnvelopedData (RFC 5083/5084), ChaCha20-Poly1305 in AuthEnvelopedData (RFC 8103), AES-256-CBC in
 * EnvelopedData. The header is tiny, so CMS's one-shot content encryption costs nothing here.
 */
final class CmsKeyEnvelope {

    /** Longest content accepted: a stream header is under a hundred bytes. */
    private static final int MAX_CONTENT_BYTES = 32 * 1024;
    /**
     * BouncyCastle's content stream reads through a BufferedInputStream of 32 KiB, which the JDK allocates on the
     * first read smaller than that; reads of at least 32 KiB pass it by. A new 32 KiB array per document, for a
     * header of under a hundred bytes, showed in the profile of a small read, so the content is read in large reads
     * into the thread's buffer (see docs/measurements/2026-11-23-cms-envelope-opening.md).
     */
    private static final ThreadLocal<byte[]> CONTENT_BUFFER = ThreadLocal.withInitial(() -> new byte[2 * MAX_CONTENT_BYTES]);

    private final SecureRandom random;

    CmsKeyEnvelope(SecureRandom random) {
        this.random = random;
    }

    byte[] seal(StreamHeader header, List<RecipientInfoGenerator> recipients) {
        byte[] content = header.encode();
        try {
            if (header.suite() == CipherSuite.AES256_CBC) {
                CMSEnvelopedDataGenerator generator = new CMSEnvelopedDataGenerator();
                recipients.forEach(generator::addRecipientInfoGenerator);
                return der(generator.generate(new CMSProcessableByteArray(content),
                        new JceCMSContentEncryptorBuilder(CMSAlgorithm.AES256_CBC).setSecureRandom(random).build()).toASN1Structure());
            }
            CMSAuthEnvelopedDataGenerator generator = new CMSAuthEnvelopedDataGenerator();
            recipients.forEach(generator::addRecipientInfoGenerator);
            var contentAlgorithm = header.suite() == CipherSuite.AES256_GCM ? CMSAlgorithm.AES256_GCM : CMSAlgorithm.ChaCha20Poly1305;
            OutputAEADEncryptor encryptor = (OutputAEADEncryptor) new JceCMSContentEncryptorBuilder(contentAlgorithm)
                    .setSecureRandom(random).build();
            return der(generator.generate(new CMSProcessableByteArray(content), encryptor).toASN1Structure());
        } catch (CMSException | IOException e) {
            throw new IllegalStateException("building the CMS envelope failed: " + e.getClass().getName(), e);
        } finally {
            Arrays.fill(content, (byte) 0);
        }
    }

    /**
     * DER, not the generators' BER with indefinite lengths: the format says DER, and a reader parses definite
     * lengths with bulk reads where indefinite ones go byte by byte.
     */
    private static byte[] der(ContentInfo contentInfo) throws IOException {
        return contentInfo.getEncoded(ASN1Encoding.DER);
    }

    /**
     * The header inside {@code cms}, opened with {@code key}: {@link EngineException.Reason#ACCESS_DENIED} if no
     * recipient info is addressed to that key, {@link EngineException.Reason#INTEGRITY} if the envelope is damaged.
     */
    StreamHeader open(byte[] cms, CipherSuite suite, DocumentKey key) {
        try {
            boolean authEnveloped = suite != CipherSuite.AES256_CBC;
            ContentInfo contentInfo = ContentInfo.getInstance(ASN1Primitive.fromByteArray(cms));
            // BouncyCastle parses either structure without checking that the content type names it
            if (!contentInfo.getContentType().equals(authEnveloped ? CMSObjectIdentifiers.authEnvelopedData : CMSObjectIdentifiers.envelopedData)) {
                throw new EngineException(EngineException.Reason.INTEGRITY, "the document's CMS content type does not match its suite");
            }
            Optional<byte[]> opened = key instanceof DocumentKey.KekKey kek
                    ? KekEnvelopeOpener.open(contentInfo, suite, kek.kekId(), kek.kek(), MAX_CONTENT_BYTES)
                    : Optional.empty();
            byte[] content = opened.isPresent() ? opened.get() : contentOf(contentInfo, authEnveloped, key);
            try {
                StreamHeader header = StreamHeader.decode(content);
                if (header.suite() != suite) {
                    throw new EngineException(EngineException.Reason.INTEGRITY, "the document's suite does not match its envelope");
                }
                return header;
            } finally {
                Arrays.fill(content, (byte) 0); // the body key was in it
            }
        } catch (EngineException e) {
            throw e;
        } catch (CMSException | IOException | RuntimeException e) {
            // BouncyCastle reports malformed DER as assorted runtime exceptions, a failed tag as an IOException
            throw new EngineException(EngineException.Reason.INTEGRITY, "the document's CMS envelope is damaged: " + e.getClass().getSimpleName(), e);
        }
    }

    /**
     * The content as BouncyCastle's CMS layer decrypts (and, for AuthEnvelopedData, authenticates: the tag is checked
     * at the stream's end) it for {@code key}'s recipient info.
     */
    private static byte[] contentOf(ContentInfo contentInfo, boolean authEnveloped, DocumentKey key) throws CMSException, IOException {
        RecipientInformationStore recipients = authEnveloped
                ? new CMSAuthEnvelopedData(contentInfo).getRecipientInfos()
                : new CMSEnvelopedData(contentInfo).getRecipientInfos();
        RecipientInformation mine = recipients.get(key.recipientId());
        if (mine == null) {
            throw new EngineException(EngineException.Reason.ACCESS_DENIED, "the document is not encrypted for this user");
        }
        return contentOf(mine, key.recipient(authEnveloped));
    }

    private static byte[] contentOf(RecipientInformation mine, Recipient recipient) throws CMSException, IOException {
        byte[] buffer = CONTENT_BUFFER.get();
        int filled = 0;
        try (InputStream content = mine.getContentStream(recipient).getContentStream()) {
            for (int n; (n = content.read(buffer, filled, buffer.length - filled)) != -1; ) {
                filled += n;
                if (filled > MAX_CONTENT_BYTES) {
                    throw new EngineException(EngineException.Reason.INTEGRITY, "the document's CMS content is too long for a stream header");
                }
            }
            return Arrays.copyOf(buffer, filled);
        } finally {
            Arrays.fill(buffer, 0, filled, (byte) 0); // the body key was in it
        }
    }
}
