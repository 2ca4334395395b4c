package dev.vaultload.vault;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.EngineException;
import dev.vaultload.engine.RangeSlice;
import dev.vaultload.engine.ReadBytes;
import dev.vaultload.storage.BlobOutputStream;
import dev.vaultload.storage.BlobStore;
import dev.vaultload.storage.BlobStoreException;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.List;
import org.bouncycastle.cms.RecipientInfoGenerator;

/**
 * The stored form of a document (see docs/encryption-format.md): for the encrypting suites a fixed prelude
 * (magic "VLT1", suite id, CMS length), the CMS envelope carrying the body key, then the body streamed on the
 * JDK's cipher; for NONE the plaintext itself. Writing and reading are streaming with fixed buffers.
 */
final class DocumentCodec {

    static final byte[] MAGIC = {'V', 'L', 'T', '1'};
    private static final int PRELUDE_BYTES = MAGIC.length + 1 + Integer.BYTES;
    /** Plaintext bytes per AEAD chunk: large enough that per-chunk setup is noise, small enough for many streams. */
    static final int CHUNK_BYTES = 64 * 1024;
    /** Upper bound accepted for a stored CMS envelope (a share to many RSA recipients is a few KiB per recipient). */
    private static final int MAX_ENVELOPE_BYTES = 4 * 1024 * 1024;

    private final CipherSuite suite;
    private final SecureRandom random;
    private final CmsKeyEnvelope envelope;
    /** Where the documents' keys come from when a KMS holds them; null when each document has a random key. */
    private final KmsDocumentKeys kmsKeys;

    DocumentCodec(CipherSuite suite, SecureRandom random) {
        this(suite, random, null);
    }

    DocumentCodec(CipherSuite suite, SecureRandom random, KmsDocumentKeys kmsKeys) {
        this.suite = suite;
        this.random = random;
        this.envelope = new CmsKeyEnvelope(random);
        this.kmsKeys = kmsKeys;
    }

    /**
     * A stream that encrypts into {@code sink} and commits it on close; on any failure the sink is aborted.
     *
     * @param writerId the user writing, whose cached KMS data key the document's key derives from, if any
     */
    OutputStream encrypting(BlobOutputStream sink, List<RecipientInfoGenerator> recipients, String writerId) {
        if (suite == CipherSuite.NONE) {
            return new CommittingOutput(sink, sink);
        }
        try {
            StreamHeader header = newHeader(writerId);
            byte[] cms = envelope.seal(header, recipients);
            byte[] prelude = prelude(StreamHeader.suiteId(suite), cms.length);
            sink.write(prelude);
            sink.write(cms);
            OutputStream body = suite == CipherSuite.AES256_CBC
                    ? new CbcEncryptingStream(sink, header)
                    : new ChunkedAeadEncryptingStream(sink, header, Sha256.of(prelude, cms));
            return new CommittingOutput(body, sink);
        } catch (IOException | RuntimeException e) {
            sink.abort();
            throw e instanceof RuntimeException runtime ? runtime : new UncheckedIOException(e.getMessage(), (IOException) e);
        }
    }

    /**
     * The plaintext of a stored document, opened with {@code key}. The suite comes from the object itself, so a
     * vault reads documents of any encrypting suite; a vault with NONE reads objects as they are.
     */
    InputStream decrypting(InputStream stored, DocumentKey key) {
        if (suite == CipherSuite.NONE) {
            return stored;
        }
        Envelope envelope = openEnvelope(stored, key);
        return envelope.suite() == CipherSuite.AES256_CBC
                ? new CbcDecryptingStream(stored, envelope.header())
                : new ChunkedAeadDecryptingStream(stored, envelope.header(), envelope.digest(), 0);
    }

    /**
     * Bytes {@code firstByte} to {@code lastByte} (cut at the end) of the document stored under {@code objectKey},
     * fetching only what they need: the prelude and envelope ({@link DocumentHead}), then, for an AEAD body, a ranged
     * GET of the chunks that hold the range and one byte after them (which tells the last chunk from the others, as in
     * a whole read). Each chunk returned is authenticated as in a whole read (its index and last flag in its nonce);
     * the chunks before and after the range are neither fetched nor opened. A CBC body is one stream and is fetched
     * and decrypted from its start up to the range's end; NONE fetches the range of the stored bytes. A range that
     * starts at or past the document's end is refused, as S3 refuses it for a plain object.
     */
    InputStream decryptingRange(BlobStore store, String objectKey, DocumentKey key, long firstByte, long lastByte) {
        if (suite == CipherSuite.NONE) {
            try {
                return store.get(objectKey, firstByte, lastByte);
            } catch (BlobStoreException refused) {
                // S3's 416 is CLIENT; so is a refused credential, whose message (kept) says so
                if (refused.kind() == BlobStoreException.Kind.CLIENT) {
                    throw new EngineException(EngineException.Reason.RANGE_NOT_SATISFIABLE, refused.getMessage(), refused);
                }
                throw refused;
            }
        }
        DocumentHead head = DocumentHead.fetch(store, objectKey);
        int bodyStart = envelopeEnd(head.first());
        Envelope envelope = openEnvelope(head.bytes(0, bodyStart - 1).orElseThrow(), key);
        if (envelope.suite() == CipherSuite.AES256_CBC) {
            InputStream body = head.bytes(bodyStart, Long.MAX_VALUE).orElseGet(InputStream::nullInputStream);
            return RangeSlice.of(ReadBytes.countingDecrypted(new CbcDecryptingStream(body, envelope.header())),
                    firstByte, lastByte, false);
        }
        int chunkBytes = envelope.header().chunkSizeBytes();
        long sealedChunkBytes = chunkBytes + AeadChunkCipher.TAG_BYTES;
        long firstChunk = firstByte / chunkBytes;
        long chunksThrough = Math.min(lastByte / chunkBytes + 1, Long.MAX_VALUE / sealedChunkBytes - 1);
        InputStream chunks = head.bytes(bodyStart + firstChunk * sealedChunkBytes,
                        bodyStart + chunksThrough * sealedChunkBytes) // one byte past the last chunk needed
                .orElseThrow(() -> new EngineException(EngineException.Reason.RANGE_NOT_SATISFIABLE, "bytes " + firstByte
                        + "-" + lastByte + ": the document ends before chunk " + firstChunk + ", where byte " + firstByte
                        + " lies: the range starts past its end (S3 answers 416 InvalidRange for a plain object)"));
        return RangeSlice.ofPart(new ChunkedAeadDecryptingStream(chunks, envelope.header(), envelope.digest(), firstChunk),
                firstChunk * chunkBytes, firstByte, lastByte);
    }

    /** Where the body starts: after the prelude and the envelope whose length the prelude gives. */
    private static int envelopeEnd(byte[] first) {
        if (first.length < PRELUDE_BYTES || !Arrays.equals(first, 0, MAGIC.length, MAGIC, 0, MAGIC.length)) {
            throw new EngineException(EngineException.Reason.INTEGRITY, "not an encrypted Vaultload document");
        }
        int cmsLength = ByteBuffer.wrap(first, MAGIC.length + 1, Integer.BYTES).getInt();
        if (cmsLength < 1 || cmsLength > MAX_ENVELOPE_BYTES) {
            throw new EngineException(EngineException.Reason.INTEGRITY, "CMS envelope length out of range");
        }
        return PRELUDE_BYTES + cmsLength;
    }

    /** The suite an object was written with, its stream header, and the stored bytes before its body. */
    private record Envelope(CipherSuite suite, StreamHeader header, byte[] prelude, byte[] cms) {
        /** The SHA-256 of the prelude and envelope, which every AEAD chunk authenticates; a CBC body needs none. */
        byte[] digest() {
            return Sha256.of(prelude, cms);
        }
    }

    /** Magic, suite id, envelope length: the bytes before the CMS envelope. */
    private static byte[] prelude(int suiteId, int cmsLength) {
        return ByteBuffer.allocate(PRELUDE_BYTES).put(MAGIC).put((byte) suiteId).putInt(cmsLength).array();
    }

    /** Reads the prelude and opens the CMS envelope, leaving {@code stored} at the first byte of the body. */
    private Envelope openEnvelope(InputStream stored, DocumentKey key) {
        try {
            byte[] prelude = new byte[PRELUDE_BYTES];
            DataInputStream in = new DataInputStream(stored);
            in.readFully(prelude);
            if (!Arrays.equals(prelude, 0, MAGIC.length, MAGIC, 0, MAGIC.length)) {
                throw new EngineException(EngineException.Reason.INTEGRITY, "not an encrypted Vaultload document");
            }
            CipherSuite storedSuite = StreamHeader.suiteOf(prelude[MAGIC.length] & 0xff);
            int cmsLength = ByteBuffer.wrap(prelude, MAGIC.length + 1, Integer.BYTES).getInt();
            if (cmsLength < 1 || cmsLength > MAX_ENVELOPE_BYTES) {
                throw new EngineException(EngineException.Reason.INTEGRITY, "CMS envelope length out of range");
            }
            byte[] cms = new byte[cmsLength];
            in.readFully(cms);
            return new Envelope(storedSuite, withBodyKey(envelope.open(cms, storedSuite, key)), prelude, cms);
        } catch (EOFException e) {
            closeQuietly(stored);
            throw new EngineException(EngineException.Reason.INTEGRITY, "the document ends inside its envelope");
        } catch (IOException e) {
            closeQuietly(stored);
            throw new UncheckedIOException("reading the document envelope failed", e);
        } catch (RuntimeException e) {
            closeQuietly(stored);
            throw e;
        }
    }

    /** The header as opened, with its body key from the KMS when the KMS holds it. */
    private StreamHeader withBodyKey(StreamHeader opened) {
        if (opened.kmsKey() == null) {
            return opened;
        }
        if (kmsKeys == null) {
            throw new EngineException(EngineException.Reason.ACCESS_DENIED,
                    "the document's key is held by a key manager and this vault has none: set KMS_KEYS=DOCUMENT and KMS");
        }
        return opened.withStreamKey(kmsKeys.bodyKey(opened.kmsKey()));
    }

    private StreamHeader newHeader(String writerId) {
        byte[] nonce = new byte[suite == CipherSuite.AES256_CBC ? CbcCipher.IV_BYTES : AeadChunkCipher.NONCE_PREFIX_BYTES];
        random.nextBytes(nonce);
        if (kmsKeys != null) {
            KmsDocumentKeys.Issued issued = kmsKeys.newKey(writerId);
            return new StreamHeader(suite, CHUNK_BYTES, issued.bodyKey(), nonce, issued.stored());
        }
        byte[] key = new byte[32];
        random.nextBytes(key);
        return new StreamHeader(suite, CHUNK_BYTES, key, nonce);
    }

    private static void closeQuietly(InputStream in) {
        try {
            in.close();
        } catch (IOException ignored) {
            // the original failure is what the caller needs
        }
    }
}
