package dev.vaultload.vault;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.EngineException;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * What the CMS envelope carries (its encrypted content): the parameters of the document's body stream.
 * Encoded as: u8 version (2), u8 suite id, u32 chunk size in bytes, u8 key length, key, u8 nonce length, nonce; a
 * document whose key a KMS holds ({@link KmsKeys#DOCUMENT}) as: u8 version (3), u8 suite id, u32 chunk size, u16
 * wrapped data key length, wrapped data key, u8 salt length, salt, u8 nonce length, nonce: no key of its own.
 *
 * @param streamKey random per document: AES-256 or ChaCha20 key of the body; derived from {@code kmsKey} when the KMS
 *                  holds it, null in a decoded version 3 header until it is ({@link #withStreamKey})
 * @param nonce     AEAD suites: the 7-byte nonce prefix of the chunks; CBC: the 16-byte IV
 * @param kmsKey    where a KMS holds the key: its wrapped data key and this document's salt; null otherwise
 */
record StreamHeader(CipherSuite suite, int chunkSizeBytes, byte[] streamKey, byte[] nonce, KmsKey kmsKey) {

    /**
     * 2 since AEAD chunks authenticate the envelope's digest; a version 1 body does not, and its chunks would fail
     * authentication under version 2's rule, so it is refused by name.
     */
    private static final int VERSION = 2;
    /** A header whose body key a KMS holds: version 2's rules, the key replaced by where to get it. */
    private static final int KMS_VERSION = 3;
    /** Longest wrapped data key accepted: KES's and AWS KMS's are a few hundred bytes. */
    private static final int MAX_WRAPPED_KEY_BYTES = 4096;

    /** A document key held by a KMS: the data key as the KMS wrapped it and the salt this document's key derives with. */
    record KmsKey(byte[] wrappedDataKey, byte[] salt) {
        @Override
        public String toString() {
            return "KmsKey[" + wrappedDataKey.length + "-byte wrapped data key]";
        }
    }

    StreamHeader(CipherSuite suite, int chunkSizeBytes, byte[] streamKey, byte[] nonce) {
        this(suite, chunkSizeBytes, streamKey, nonce, null);
    }

    /** This header with its body key, once obtained from {@link #kmsKey}. */
    StreamHeader withStreamKey(byte[] key) {
        return new StreamHeader(suite, chunkSizeBytes, key, nonce, kmsKey);
    }
    /** Upper bound accepted from a stored header, so a corrupted one cannot make a reader allocate gigabytes. */
    static final int MAX_CHUNK_BYTES = 16 * 1024 * 1024;

    byte[] encode() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(64);
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeByte(kmsKey == null ? VERSION : KMS_VERSION);
            out.writeByte(suiteId(suite));
            out.writeInt(chunkSizeBytes);
            if (kmsKey == null) {
                out.writeByte(streamKey.length);
                out.write(streamKey);
            } else {
                out.writeShort(kmsKey.wrappedDataKey().length);
                out.write(kmsKey.wrappedDataKey());
                out.writeByte(kmsKey.salt().length);
                out.write(kmsKey.salt());
            }
            out.writeByte(nonce.length);
            out.write(nonce);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    static StreamHeader decode(byte[] encoded) {
        try (DataInputStream in = new DataInputStream(new java.io.ByteArrayInputStream(encoded))) {
            int version = in.readUnsignedByte();
            if (version != VERSION && version != KMS_VERSION) {
                throw corrupt("stream header version " + version + " (this reader knows " + VERSION + " and "
                        + KMS_VERSION + ")");
            }
            CipherSuite suite = suiteOf(in.readUnsignedByte());
            int chunkSize = in.readInt();
            if (chunkSize < 1 || chunkSize > MAX_CHUNK_BYTES) {
                throw corrupt("chunk size out of range");
            }
            byte[] key = null;
            KmsKey kmsKey = null;
            if (version == VERSION) {
                key = in.readNBytes(in.readUnsignedByte());
            } else {
                int wrappedLength = in.readUnsignedShort();
                if (wrappedLength < 1 || wrappedLength > MAX_WRAPPED_KEY_BYTES) {
                    throw corrupt("wrapped data key length out of range");
                }
                kmsKey = new KmsKey(in.readNBytes(wrappedLength), in.readNBytes(in.readUnsignedByte()));
            }
            byte[] nonce = in.readNBytes(in.readUnsignedByte());
            boolean keyed = key != null ? key.length == 32 : kmsKey.salt().length == KmsDocumentKeys.SALT_BYTES;
            if (!keyed || in.available() != 0) {
                throw corrupt("malformed stream header");
            }
            return new StreamHeader(suite, chunkSize, key, nonce, kmsKey);
        } catch (IOException e) {
            throw corrupt("truncated stream header");
        }
    }

    /** The id of a suite in stored objects; fixed forever, whatever the enum order. */
    static int suiteId(CipherSuite suite) {
        return switch (suite) {
            case AES256_GCM -> 1;
            case AES256_CBC -> 2;
            case CHACHA20_POLY1305 -> 3;
            case NONE -> throw new IllegalArgumentException("NONE has no stored format");
        };
    }

    static CipherSuite suiteOf(int id) {
        return switch (id) {
            case 1 -> CipherSuite.AES256_GCM;
            case 2 -> CipherSuite.AES256_CBC;
            case 3 -> CipherSuite.CHACHA20_POLY1305;
            default -> throw corrupt("unknown cipher suite id " + id);
        };
    }

    private static EngineException corrupt(String what) {
        return new EngineException(EngineException.Reason.INTEGRITY, "document stream header: " + what);
    }

    @Override
    public String toString() {
        return "StreamHeader[suite=" + suite + ", chunkSizeBytes=" + chunkSizeBytes + (kmsKey == null ? "" : ", " + kmsKey) + "]";
    }
}
