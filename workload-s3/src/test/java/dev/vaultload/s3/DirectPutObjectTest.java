package dev.vaultload.s3;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.Random;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * The direct PutObject against a scripted HTTP server on 127.0.0.1 (the S3 contract tests run it against the embedded
 * server, MinIO and Ceph): what it sends, how it retries, what an error becomes.
 */
class DirectPutObjectTest {
    private ScriptedS3Server server;
    private DirectPutObject put;

    @BeforeEach
    void start() throws IOException {
        server = new ScriptedS3Server();
        put = new DirectPutObject(server.requests());
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void sendsTheBufferedBodyUnsignedWithItsCrc32c() {
        byte[] content = randomBytes(3 * PartBuffer.BLOCK_BYTES + 17);
        server.willAnswer(200, "");

        put.put("bucket", "alice/a b.bin", buffered(content));

        ScriptedS3Server.Received request = server.received().getFirst();
        assertEquals("PUT", request.method());
        assertEquals("/bucket/alice/a%20b.bin", request.path());
        assertEquals("UNSIGNED-PAYLOAD", request.payloadHash());
        assertEquals(crc32cBase64(content), request.checksum());
        assertEquals(Integer.toString(content.length), request.contentLength());
        assertArrayEquals(content, request.body());
    }

    @Test
    void anEmptyObjectIsAnEmptyBodyWithTheEmptyChecksum() {
        server.willAnswer(200, "");

        put.put("bucket", "empty", new PartBuffer());

        assertEquals(0, server.received().getFirst().body().length);
        assertEquals("0", server.received().getFirst().contentLength());
        assertEquals(crc32cBase64(new byte[0]), server.received().getFirst().checksum());
    }

    @Test
    void aRetrySendsTheWholeBodyAgain() {
        byte[] content = randomBytes(PartBuffer.BLOCK_BYTES + 1);
        server.willAnswer(503, ScriptedS3Server.error("SlowDown", "Please reduce your request rate."));
        server.willAnswer(200, "");

        put.put("bucket", "key", buffered(content));

        assertEquals(2, server.received().size());
        assertArrayEquals(content, server.received().get(1).body());
        assertEquals(1, server.retries.retries(DirectPutObject.OPERATION));
    }

    @Test
    void aRefusedChecksumIsTheSdksS3ExceptionAndIsNotRetried() {
        server.willAnswer(400, ScriptedS3Server.error("XAmzContentChecksumMismatch", "The provided 'x-amz-checksum' header does not match what was computed."));

        S3Exception refused = assertThrows(S3Exception.class, () -> put.put("bucket", "key", buffered(randomBytes(10))));

        assertEquals(400, refused.statusCode());
        assertEquals("XAmzContentChecksumMismatch", refused.awsErrorDetails().errorCode());
        assertEquals(1, server.received().size(), "a client error is final");
    }

    static PartBuffer buffered(byte[] content) {
        PartBuffer buffer = new PartBuffer();
        buffer.write(content, 0, content.length);
        return buffer;
    }

    static String crc32cBase64(byte[] content) {
        CRC32C crc = new CRC32C();
        crc.update(content);
        return Base64.getEncoder().encodeToString(ByteBuffer.allocate(4).putInt((int) crc.getValue()).array());
    }

    private static byte[] randomBytes(int length) {
        byte[] bytes = new byte[length];
        new Random(length).nextBytes(bytes);
        return bytes;
    }
}
