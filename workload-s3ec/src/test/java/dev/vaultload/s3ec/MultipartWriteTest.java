package dev.vaultload.s3ec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.Engine;
import dev.vaultload.engine.EngineOptions;
import dev.vaultload.engine.Password;
import dev.vaultload.engine.UserCredentials;
import dev.vaultload.storage.InMemoryBlobStore;
import dev.vaultload.storage.StorageProvider;
import dev.vaultload.storage.StoreRequest;
import dev.vaultload.storage.StoreTraffic;
import dev.vaultload.storage.TimedBlobStore;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import software.amazon.awssdk.services.s3.model.HeadObjectRequest;

/**
 * From ENGINE_MULTIPART_MIB on, a document is written with a multipart upload (the stored object's ETag names its
 * parts: S3EC's client multipart, the SSE engines' own with SSE-C's key on every part), for a private document and a
 * share to two recipients alike; smaller documents with one PUT. Every document reads back whole, and every request of
 * a multipart WRITE is charged to the thread that wrote, with the parts' bytes.
 */
class MultipartWriteTest {

    @ParameterizedTest(name = "{0} on {1}")
    @CsvSource({"S3EC, EMBEDDED", "SSE_C, MINIO", "SSE_KMS, MINIO", "SSE_KMS, CEPH", "SSE_C, CEPH"})
    void largeDocumentsGoThroughMultipartUploads(String engineName, String server) throws IOException {
        try (StorageProvider provider = switch (server) {
            case "MINIO" -> TestServers.minio();
            case "CEPH" -> TestServers.ceph();
            default -> TestServers.embedded();
        }) {
            Map<String, String> settings = new HashMap<>(provider.directAccess());
            settings.put("ENGINE_MULTIPART_MIB", "5");
            if (System.getenv("CA_PATH") != null && server.equals("MINIO")) {
                settings.put("CA_PATH", System.getenv("CA_PATH"));
            }
            S3Access access = S3Access.read("TEST", settings::get);
            EngineOptions options = new EngineOptions(CipherSuite.AES256_GCM, 1_000, settings::get);
            Engine engine = engineName.equals("S3EC") ? S3EcEngineFactory.open(access, options)
                    : SseEngineFactory.open(SseMode.valueOf(engineName), access, options);
            String run = Long.toHexString(System.nanoTime());
            List<UserCredentials> users = List.of(user("mp-a-" + run), user("mp-b-" + run), user("mp-c-" + run));
            users.forEach(engine::createUser);
            byte[] large = new byte[11 * 1024 * 1024 + 7];
            new Random(1).nextBytes(large);
            TimedBlobStore storeBoundary = new TimedBlobStore(new InMemoryBlobStore()); // reads this thread's tally
            storeBoundary.resetThread();
            write(engine.privateSpace(users.get(0)).write("big"), large);
            StoreTraffic traffic = storeBoundary.takeThreadTraffic();
            write(engine.privateSpace(users.get(0)).write("small"), new byte[4096]);
            write(engine.share(users.get(0), List.of(users.get(1).userId(), users.get(2).userId()), "big-share"), large);

            assertTrue(etag(access, "users/" + users.get(0).userId() + "/private/big", users.get(0), engineName).endsWith("-3\""));
            // every request charged to the writing thread, the parts too (S3EC uploads them on threads of its own)
            assertEquals(5, traffic.requests(StoreRequest.PUT), "initiate, 3 parts, complete");
            assertTrue(traffic.sentBytes() >= large.length, "the parts' bytes, " + traffic.sentBytes());
            assertTrue(etag(access, "users/" + users.get(1).userId() + "/inbox/big-share", users.get(1), engineName).contains("-"));
            assertFalse(etag(access, "users/" + users.get(0).userId() + "/private/small", users.get(0), engineName).contains("-"));
            assertArrayEquals(large, read(engine.privateSpace(users.get(0)).read("big")));
            assertArrayEquals(large, read(engine.inbox(users.get(1)).read("big-share")));
            assertArrayEquals(large, read(engine.inbox(users.get(2)).read("big-share")));
            users.forEach(engine::destroyUser);
        }
    }

    private static UserCredentials user(String id) {
        return new UserCredentials(id, Password.of("password of " + id));
    }

    private static void write(OutputStream out, byte[] bytes) throws IOException {
        try (out) {
            out.write(bytes);
        }
    }

    private static byte[] read(InputStream in) throws IOException {
        try (in) {
            return in.readAllBytes();
        }
    }

    private static String etag(S3Access access, String key, UserCredentials owner, String engineName) {
        HeadObjectRequest.Builder head = HeadObjectRequest.builder().bucket(access.bucket()).key(key);
        if (engineName.equals("SSE_C")) {
            SseMode.SSE_C.apply(head, CustomerKeys.of(owner));
        }
        return S3Endpoints.client(access).headObject(head.build()).eTag();
    }
}
