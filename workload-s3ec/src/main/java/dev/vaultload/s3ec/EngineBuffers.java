package dev.vaultload.s3ec;

import dev.vaultload.engine.DocumentBuffering;
import dev.vaultload.engine.EngineOptions;
import java.util.OptionalLong;
import java.util.function.LongUnaryOperator;
import software.amazon.encryption.s3.S3EncryptionClientUtilities;

/** What S3EC and the SSE engines hold of a document in the heap, for the check before a run ({@link DocumentBuffering}). */
final class EngineBuffers {
    /** The tag GCM appends to the content: S3EC's read buffer holds the content and its tag. */
    private static final int GCM_TAG_BYTES = 16;
    private static final String SPOOLED = "holds a written document below ENGINE_MULTIPART_MIB in memory until it is"
            + " complete (S3's PUT needs its length first)";

    private EngineBuffers() {
    }

    /** SSE_*: a written document in memory below the multipart threshold ({@link Spool}), in a file from there on. */
    static DocumentBuffering spooled(EngineOptions options) {
        return new DocumentBuffering(spool(options), OptionalLong.empty(), SPOOLED);
    }

    /**
     * S3EC: as {@link #spooled}, and a read's whole object in S3EC's buffer, which authenticates it before returning a
     * byte (the client is built without delayed authentication) and refuses an object larger than the buffer.
     */
    static DocumentBuffering s3ec(EngineOptions options) {
        long readBufferBytes = S3EncryptionClientUtilities.DEFAULT_BUFFER_SIZE_BYTES;
        LongUnaryOperator written = spool(options);
        return new DocumentBuffering(sizeBytes -> Math.max(written.applyAsLong(sizeBytes),
                Math.min(sizeBytes + GCM_TAG_BYTES, readBufferBytes)), OptionalLong.of(readBufferBytes - GCM_TAG_BYTES), SPOOLED + " and a read's whole object in S3EC's buffer, to authenticate"
                + " it before returning a byte");
    }

    private static LongUnaryOperator spool(EngineOptions options) {
        long multipartBytes = S3EcEngineFactory.multipartBytes(options);
        return sizeBytes -> sizeBytes < multipartBytes ? sizeBytes : 0;
    }
}
