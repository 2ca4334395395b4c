package dev.vaultload.s3ec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.Documents;
import dev.vaultload.engine.Engine;
import dev.vaultload.engine.EngineOptions;
import dev.vaultload.engine.KeyManagerClock;
import dev.vaultload.engine.Password;
import dev.vaultload.engine.UserCredentials;
import dev.vaultload.kms.KeyManagerException;
import dev.vaultload.kms.KmsServers;
import dev.vaultload.kms.KmsSettings;
import dev.vaultload.kms.aws.AwsKmsKeyManagerFactory;
import dev.vaultload.storage.BlobStoreException;
import dev.vaultload.storage.StorageProvider;
import java.io.IOException;
import java.io.OutputStream;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * S3EC with S3EC_KEYRING=KMS through the real local-kms of scripts/start-local-kms.sh (skipped without it unless
 * VAULTLOAD_REQUIRE_KMS=true), on the embedded S3 server. The calls are counted as the harness counts them, in
 * {@link KeyManagerClock} on the thread that runs the operation, although S3EC unwraps a read's data key on an I/O
 * thread of its async client.
 */
class S3EcKmsTest {
    private static StorageProvider provider;
    private static S3Access access;
    private final UserCredentials alice = user("alice");

    @BeforeAll
    static void startStore() {
        provider = TestServers.embedded();
        access = S3Access.read("TEST", provider.directAccess()::get).withBucket("s3ec-kms-" + ProcessHandle.current().pid());
        S3Endpoints.client(access).createBucket(request -> request.bucket(access.bucket()));
    }

    @AfterAll
    static void stopStore() {
        provider.close();
    }

    @Test
    void everyWriteGeneratesAndEveryReadDecryptsOneDataKey() {
        Engine engine = engine(Map.of());
        assertEquals(0, calls(() -> engine.createUser(alice)), "a user keeps no key: CREATE_USER calls no KMS");
        byte[] content = Documents.content(200_000, 1);

        assertEquals(1, calls(() -> Documents.write(engine.privateSpace(alice), "a", content)), "one GenerateDataKey per WRITE");
        assertEquals(1, calls(() -> Documents.write(engine.privateSpace(alice), "b", content)));
        assertEquals(1, calls(() -> assertArrayEquals(content, read(engine, "a"))), "one Decrypt per READ");
        assertEquals(1, calls(() -> assertArrayEquals(content, read(engine, "b"))));
        assertEquals("AWS_KMS S3EC keyring", engine.description().keyManager());
    }

    @Test
    void aShareGeneratesOneDataKeyPerRecipient() throws IOException {
        Engine engine = engine(Map.of());
        UserCredentials bob = user("bob");
        UserCredentials carol = user("carol");
        List.of(alice, bob, carol).forEach(engine::createUser);
        byte[] content = Documents.content(5000, 2);

        assertEquals(2, calls(() -> {
            try (OutputStream out = engine.share(alice, List.of(bob.userId(), carol.userId()), "shared/doc")) {
                out.write(content);
            } catch (IOException e) {
                throw new AssertionError(e);
            }
        }), "S3EC wraps a data key for one keyring: one object, so one GenerateDataKey, per recipient");
        assertEquals(1, calls(() -> assertArrayEquals(content, Documents.readAll(engine.inbox(carol).read("shared/doc")))));
    }

    @Test
    void aMultipartWriteCarriesItsContextAndReadsBack() {
        Engine engine = engine(Map.of(AwsEngineSettings.ENGINE_MULTIPART_MIB.name(), "1"));
        engine.createUser(alice);
        byte[] content = Documents.content(1024 * 1024 + 1, 3);

        assertEquals(1, calls(() -> Documents.write(engine.privateSpace(alice), "large", content)));
        assertEquals(1, calls(() -> assertArrayEquals(content, read(engine, "large"))));
    }

    @Test
    void aKeyTheKmsDoesNotKnowIsTheKmsRefusalCountedAsClient() {
        Engine engine = engine(Map.of(KmsSettings.AWS_KMS_KEY_ID.name(), "alias/vaultload-no-such-key"));
        engine.createUser(alice);

        BlobStoreException refused = assertThrows(BlobStoreException.class,
                () -> Documents.write(engine.privateSpace(alice), "a", Documents.content(10, 4)));
        assertInstanceOf(KeyManagerException.class, refused);
        assertEquals(BlobStoreException.Kind.CLIENT, refused.kind());
        assertTrue(refused.getMessage().contains("GenerateDataKey with key 'alias/vaultload-no-such-key'"),
                refused.getMessage());
    }

    /** S3EC with the KMS keyring on this class's bucket, a user prefix of its own for each engine. */
    private static Engine engine(Map<String, String> more) {
        Map<String, String> settings = new HashMap<>(provider.directAccess());
        settings.put(AwsEngineSettings.S3EC_KEYRING.name(), S3EcKeyring.KMS.name());
        settings.putAll(more);
        Function<String, String> kms = KmsServers.settings(AwsKmsKeyManagerFactory.NAME);
        return S3EcEngineFactory.open(access, new EngineOptions(CipherSuite.AES256_GCM, 1_000,
                KmsServers.with(kms, settings)));
    }

    private byte[] read(Engine engine, String path) {
        return Documents.readAll(engine.privateSpace(alice).read(path));
    }

    private static UserCredentials user(String name) {
        return new UserCredentials(name + "-" + System.nanoTime(), Password.of("pw-of-" + name + "-Zq8!"));
    }

    /** The key-manager calls {@code work} made on this thread. */
    private static long calls(Runnable work) {
        KeyManagerClock.takeCalls();
        work.run();
        return KeyManagerClock.takeCalls();
    }
}
