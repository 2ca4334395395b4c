package dev.vaultload.content;

import dev.vaultload.fixture.ContentId;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.LongSupplier;

/**
 * Deterministic document bytes for a (content id, size): the same pair always gives the same bytes, so a
 * fixture names content by id only and every READ can be checked against {@link #expectedSha256} without
 * keeping what was written. Bytes are produced on demand (a few arithmetic operations per 8 bytes), never buffered
 * whole; content of one id is a prefix of the same id's larger sizes. Thread-safe.
 */
public final class ContentGenerator {
    /** Chunk size of {@link #writeTo} and of checksum computation. */
    static final int CHUNK_BYTES = 64 * 1024;
    /** Every WRITE generates its content: into the thread's chunk, not a new zeroed one each time. */
    private static final ThreadLocal<byte[]> CHUNK = ThreadLocal.withInitial(() -> new byte[CHUNK_BYTES]);

    /**
     * Generated fixtures draw ids from a small pool and a run uses a few sizes; an imported trace has an id per
     * document written, so past this many the digests of further ids are computed on each read, not kept.
     */
    private static final int CACHED_DIGESTS = 65_536;

    /** A clock that stands still: the writes nobody times. */
    private static final LongSupplier UNTIMED = () -> 0;

    private final ConcurrentMap<ChecksumKey, byte[]> sha256ByContent = new ConcurrentHashMap<>();

    /** The content as a stream of exactly {@code sizeBytes} bytes. */
    public InputStream open(ContentId contentId, long sizeBytes) {
        requireSize(sizeBytes);
        return new ContentStream(seedOf(contentId), sizeBytes);
    }

    /** Writes the content into {@code out} in {@value #CHUNK_BYTES}-byte chunks; does not close {@code out}. */
    public void writeTo(ContentId contentId, long sizeBytes, OutputStream out) throws IOException {
        writeRangeTo(contentId, 0, sizeBytes, out);
    }

    /**
     * As {@link #writeTo(ContentId, long, OutputStream)}, timing the generation of the bytes (not their writing into
     * {@code out}) on {@code clock}: with the thread's CPU clock, what making the document cost the harness.
     *
     * @return the time {@code clock} counted while the bytes were generated
     */
    public long writeTo(ContentId contentId, long sizeBytes, OutputStream out, LongSupplier clock) throws IOException {
        return write(contentId, 0, sizeBytes, out, clock);
    }

    /** Writes {@code lengthBytes} of the content from {@code firstByte} on: the bytes a ranged read expects. */
    public void writeRangeTo(ContentId contentId, long firstByte, long lengthBytes, OutputStream out) throws IOException {
        write(contentId, firstByte, lengthBytes, out, UNTIMED);
    }

    private long write(ContentId contentId, long firstByte, long lengthBytes, OutputStream out, LongSupplier clock)
            throws IOException {
        requireSize(firstByte);
        requireSize(lengthBytes);
        long seed = seedOf(contentId);
        byte[] chunk = CHUNK.get();
        long generatingNanos = 0;
        for (long positionBytes = firstByte, end = firstByte + lengthBytes; positionBytes < end; ) {
            int length = (int) Math.min(chunk.length, end - positionBytes);
            long before = clock.getAsLong();
            ContentBytes.fill(seed, positionBytes, chunk, 0, length);
            generatingNanos += clock.getAsLong() - before;
            out.write(chunk, 0, length);
            positionBytes += length;
        }
        return generatingNanos;
    }

    /** SHA-256 of the content (a fresh copy), computed once per (id, size) and cached. */
    public byte[] expectedSha256(ContentId contentId, long sizeBytes) {
        requireSize(sizeBytes);
        ChecksumKey key = new ChecksumKey(contentId.id(), sizeBytes);
        byte[] sha256 = sha256ByContent.get(key);
        if (sha256 == null) {
            // Computed outside the map so that concurrent first reads of other ids do not wait on this one.
            sha256 = sha256Of(contentId, sizeBytes);
            if (sha256ByContent.size() < CACHED_DIGESTS) {
                sha256ByContent.putIfAbsent(key, sha256);
            }
        }
        return sha256.clone();
    }

    /**
     * SHA-256 of {@code lengthBytes} of the content from {@code firstByte} on; a range from byte 0 is a smaller size
     * of the same content (cached), any other is computed each time.
     */
    public byte[] expectedSha256(ContentId contentId, long firstByte, long lengthBytes) {
        return firstByte == 0 ? expectedSha256(contentId, lengthBytes) : sha256Of(contentId, firstByte, lengthBytes);
    }

    private byte[] sha256Of(ContentId contentId, long sizeBytes) {
        return sha256Of(contentId, 0, sizeBytes);
    }

    private byte[] sha256Of(ContentId contentId, long firstByte, long lengthBytes) {
        MessageDigest digest = ContentDigests.sha256();
        try (DigestSink sink = new DigestSink(digest)) {
            writeRangeTo(contentId, firstByte, lengthBytes, sink);
        } catch (IOException e) {
            throw new IllegalStateException("a digest sink does not fail", e);
        }
        return digest.digest();
    }

    /** The generator seed of an id: the first 8 bytes of the SHA-256 of its UTF-8 text. */
    private static long seedOf(ContentId contentId) {
        byte[] hash = ContentDigests.sha256().digest(contentId.id().getBytes(StandardCharsets.UTF_8));
        return ByteBuffer.wrap(hash).getLong();
    }

    private static void requireSize(long sizeBytes) {
        if (sizeBytes < 0) {
            throw new IllegalArgumentException("sizeBytes must be >= 0, not " + sizeBytes);
        }
    }

    private record ChecksumKey(String contentId, long sizeBytes) {
    }

    /** An OutputStream that only feeds a digest. */
    private static final class DigestSink extends OutputStream {
        private final MessageDigest digest;

        DigestSink(MessageDigest digest) {
            this.digest = digest;
        }

        @Override
        public void write(int b) {
            digest.update((byte) b);
        }

        @Override
        public void write(byte[] bytes, int offset, int length) {
            digest.update(bytes, offset, length);
        }
    }
}
