package dev.vaultload.s3ec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.Engine;
import dev.vaultload.engine.EngineOptions;
import dev.vaultload.engine.Password;
import dev.vaultload.engine.UserCredentials;
import dev.vaultload.storage.StorageProvider;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;

/**
 * From ENGINE_MULTIPART_MIB on, S3EC writes with the client's multipart upload (the stored object's ETag names its
 * parts), for a private document and a share alike; smaller documents with one PUT. Every document reads back whole.
 */
class S3EcMultipartTest {
    private static StorageProvider provider;
    private static S3Access access;

    @BeforeAll
    static void start() {
        provider = TestServers.embedded();
        access = S3Access.read("TEST", provider.directAccess()::get);
    }

    @AfterAll
    static void stop() {
        provider.close();
    }

    @Test
    void largeDocumentsGoThroughTheClientsMultipartUpload() throws IOException {
        Engine engine = S3EcEngineFactory.open(access, new EngineOptions(CipherSuite.AES256_GCM, 1_000,
                Map.of("ENGINE_MULTIPART_MIB", "5")::get));
        UserCredentials alice = new UserCredentials("mp-alice", Password.of("alice's password"));
        UserCredentials bob = new UserCredentials("mp-bob", Password.of("bob's password"));
        engine.createUser(alice);
        engine.createUser(bob);
        byte[] large = new byte[11 * 1024 * 1024 + 7];
        new Random(1).nextBytes(large);
        byte[] small = new byte[4096];
        try (OutputStream out = engine.privateSpace(alice).write("big")) {
            out.write(large);
        }
        try (OutputStream out = engine.privateSpace(alice).write("small")) {
            out.write(small);
        }
        try (OutputStream out = engine.share(alice, List.of("mp-bob"), "big-share")) {
            out.write(large);
        }
        assertTrue(etag("users/mp-alice/private/big").endsWith("-3\""), etag("users/mp-alice/private/big"));
        assertTrue(etag("users/mp-bob/inbox/big-share").contains("-"), etag("users/mp-bob/inbox/big-share"));
        assertEquals(false, etag("users/mp-alice/private/small").contains("-"));
        try (InputStream in = engine.privateSpace(alice).read("big")) {
            assertArrayEquals(large, in.readAllBytes());
        }
        try (InputStream in = engine.inbox(bob).read("big-share")) {
            assertArrayEquals(large, in.readAllBytes());
        }
        engine.destroyUser(alice);
        engine.destroyUser(bob);
    }

    private static String etag(String key) {
        HeadObjectResponse head = S3Endpoints.client(access).headObject(request -> request.bucket(access.bucket()).key(key));
        return head.eTag();
    }
}
