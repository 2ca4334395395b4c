package dev.vaultload.s3ec;

import static dev.vaultload.engine.Documents.content;
import static dev.vaultload.engine.Documents.readAll;
import static dev.vaultload.engine.Documents.write;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.Engine;
import dev.vaultload.engine.EngineException;
import dev.vaultload.engine.EngineOptions;
import dev.vaultload.engine.Password;
import dev.vaultload.engine.Space;
import dev.vaultload.engine.UserCredentials;
import dev.vaultload.fixture.OperationType;
import dev.vaultload.storage.StorageProvider;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * ROTATE_KEY and REENCRYPT of this module's engines on MinIO (over TLS for SSE_C: see {@link TestServers}): after a
 * rotation every document and share opens with the next password and none with the old; a re-encryption keeps the
 * content and replaces the ciphertext, seen in the object's bytes through S3 for S3EC and on MinIO's drive for the
 * SSE engines, whose server decrypts on GET.
 */
class KeyLifecycleTest {
    private static final String SMALL = "notes/small.txt";
    /** Above MinIO's inline limit (128 KiB): its ciphertext is a part file of its own on the drive. */
    private static final String LARGE = "notes/large.bin";
    private static final String SHARED = "from-bob.txt";

    private static StorageProvider provider;
    private static Map<String, String> settings;

    private final String run = Long.toHexString(System.nanoTime());
    private final UserCredentials alice = new UserCredentials("alice-" + run, Password.of("alice-first-Q9!"));
    private final UserCredentials bob = new UserCredentials("bob-" + run, Password.of("bob-first-Z3#"));
    private final UserCredentials aliceAfter = new UserCredentials(alice.userId(), Password.of("alice-next-W5$"));
    private final byte[] small = content(100, 1);
    private final byte[] large = content(300_000, 2);
    private final byte[] shared = content(2_000, 3);

    @BeforeAll
    static void startMinio() {
        provider = TestServers.minio();
        settings = new HashMap<>(provider.directAccess());
        if (System.getenv("CA_PATH") != null) {
            settings.put("CA_PATH", System.getenv("CA_PATH"));
        }
    }

    @AfterAll
    static void stopMinio() {
        if (provider != null) {
            provider.close();
        }
    }

    private static Engine engine(String name) {
        S3Access access = S3Access.read("TEST", settings::get);
        EngineOptions options = new EngineOptions(CipherSuite.AES256_GCM, 1_000, settings::get);
        return name.equals(S3EcEngineFactory.NAME) ? S3EcEngineFactory.open(access, options)
                : SseEngineFactory.open(SseMode.valueOf(name), access, options);
    }

    /** Alice's two documents and one share from bob in her inbox. */
    private Engine populated(String name) {
        Engine engine = engine(name);
        engine.createUser(alice);
        engine.createUser(bob);
        write(engine.privateSpace(alice), SMALL, small);
        write(engine.privateSpace(alice), LARGE, large);
        write(engine.share(bob, List.of(alice.userId()), SHARED), shared);
        return engine;
    }

    @ParameterizedTest
    @ValueSource(strings = {"S3EC", "SSE_C"})
    void afterARotationTheNextPasswordOpensEverythingAndTheOldNothing(String name) {
        Engine engine = populated(name);
        engine.privateSpace(alice).read(SMALL); // the old password's keys are warm: the rotation must retire them

        engine.rotateKey(alice, aliceAfter.password());

        for (String path : List.of(SMALL, LARGE)) {
            assertFalse(opens(engine, () -> engine.privateSpace(alice), path), name + ": the old password opens " + path);
        }
        assertFalse(opens(engine, () -> engine.inbox(alice), SHARED), name + ": the old password opens the share");
        assertArrayEquals(small, readAll(engine.privateSpace(aliceAfter).read(SMALL)));
        assertArrayEquals(large, readAll(engine.privateSpace(aliceAfter).read(LARGE)));
        assertArrayEquals(shared, readAll(engine.inbox(aliceAfter).read(SHARED)), "a share from before the rotation");
        byte[] later = content(500, 4);
        write(engine.share(bob, List.of(alice.userId()), "later.txt"), later);
        assertArrayEquals(later, readAll(engine.inbox(aliceAfter).read("later.txt")), "a share after the rotation");
        engine.destroyUser(aliceAfter);
        engine.destroyUser(bob);
    }

    @ParameterizedTest
    @ValueSource(strings = {"S3EC", "SSE_C"})
    void aRotationWithAPasswordThatIsNotTheCurrentOneIsRefusedAndChangesNothing(String name) {
        Engine engine = populated(name);

        EngineException refused = assertThrows(EngineException.class,
                () -> engine.rotateKey(new UserCredentials(alice.userId(), Password.of("a-guess")), aliceAfter.password()));

        assertEquals(EngineException.Reason.WRONG_PASSWORD, refused.reason());
        assertArrayEquals(small, readAll(engine.privateSpace(alice).read(SMALL)));
        assertArrayEquals(shared, readAll(engine.inbox(alice).read(SHARED)));
        engine.destroyUser(alice);
        engine.destroyUser(bob);
    }

    @Test
    void s3ecReencryptionReplacesTheObjectsCiphertextSeenThroughS3() {
        Engine engine = populated(S3EcEngineFactory.NAME);
        String key = engine.privateSpace(alice).ciphertextKey(LARGE).orElseThrow();
        byte[] before = plainGet(key);

        engine.reencrypt(alice, LARGE);

        assertFalse(MessageDigest.isEqual(before, plainGet(key)), "new ciphertext");
        assertArrayEquals(large, readAll(engine.privateSpace(alice).read(LARGE)));
        engine.destroyUser(alice);
        engine.destroyUser(bob);
    }

    @ParameterizedTest
    @ValueSource(strings = {"SSE_S3", "SSE_KMS", "SSE_C"})
    void sseReencryptionReplacesTheCiphertextOnTheDriveAndKeepsTheContent(String name) {
        Engine engine = populated(name);
        String key = engine.privateSpace(alice).storeKey(LARGE).orElseThrow();
        assertEquals(Optional.empty(), engine.privateSpace(alice).ciphertextKey(LARGE),
                "the server decrypts on GET: no ciphertext to compare through S3");
        String before = partFilesDigest(key);

        engine.reencrypt(alice, LARGE);

        assertFalse(before.equals(partFilesDigest(key)), name + ": MinIO's drive holds new ciphertext");
        assertArrayEquals(large, readAll(engine.privateSpace(alice).read(LARGE)));
        assertEquals(Set.of(SMALL, LARGE), Set.copyOf(engine.privateSpace(alice).list("").toList()));
        engine.destroyUser(alice);
        engine.destroyUser(bob);
    }

    @ParameterizedTest
    @ValueSource(strings = {"S3EC", "SSE_S3", "SSE_KMS", "SSE_C"})
    void reencryptingAMissingDocumentFailsAndWritesNothing(String name) {
        Engine engine = populated(name);

        assertThrows(RuntimeException.class, () -> engine.reencrypt(alice, "notes/never-written.txt"));

        assertEquals(Set.of(SMALL, LARGE), Set.copyOf(engine.privateSpace(alice).list("").toList()));
        engine.destroyUser(alice);
        engine.destroyUser(bob);
    }

    @Test
    void eachEngineListsWhatItCarriesOut() {
        EngineOptions onMinio = new EngineOptions(CipherSuite.AES256_GCM, 1_000, Map.of("STORAGE_PROVIDERS", "MINIO")::get);
        EngineOptions onCeph = new EngineOptions(CipherSuite.AES256_GCM, 1_000, Map.of("STORAGE_PROVIDERS", "CEPH")::get);
        Set<OperationType> both = Set.of(OperationType.ROTATE_KEY, OperationType.REENCRYPT);

        assertEquals(both, new S3EcEngineFactory().keyLifecycleOperations(onMinio));
        assertEquals(both, new SseEngineFactory.SseC().keyLifecycleOperations(onMinio));
        assertEquals(Set.of(OperationType.REENCRYPT), new SseEngineFactory.SseC().keyLifecycleOperations(onCeph));
        assertEquals(Set.of(OperationType.REENCRYPT), new SseEngineFactory.SseS3().keyLifecycleOperations(onMinio));
        assertEquals(Set.of(OperationType.REENCRYPT), new SseEngineFactory.SseKms().keyLifecycleOperations(onMinio));
    }

    /** Whether the whole document reads with what {@code space} opened; a refusal anywhere opens nothing. */
    private static boolean opens(Engine engine, java.util.function.Supplier<Space> space, String path) {
        try {
            readAll(space.get().read(path));
            return true;
        } catch (EngineException refused) {
            assertTrue(refused.reason() == EngineException.Reason.WRONG_PASSWORD
                    || refused.reason() == EngineException.Reason.ACCESS_DENIED, refused.reason() + " " + refused.getMessage());
            return false;
        }
    }

    private static byte[] plainGet(String key) {
        S3Access access = S3Access.read("TEST", settings::get);
        return S3Endpoints.client(access).getObjectAsBytes(request -> request.bucket(access.bucket()).key(key)).asByteArray();
    }

    /** SHA-256 over the object's part files on MinIO's drive (its data, not the metadata beside it). */
    private static String partFilesDigest(String key) {
        String baseDir = System.getenv("MINIO_BASE_DIR");
        org.junit.jupiter.api.Assumptions.assumeTrue(baseDir != null, "MINIO_BASE_DIR not set: where is MinIO's drive?");
        Path objectDir = Path.of(baseDir, "data", settings.get("AWS_BUCKET")).resolve(key);
        try (Stream<Path> files = Files.walk(objectDir)) {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            List<Path> parts = files.filter(file -> file.getFileName().toString().startsWith("part.")).sorted().toList();
            assertFalse(parts.isEmpty(), "no part file under " + objectDir);
            for (Path part : parts) {
                digest.update(Files.readAllBytes(part));
            }
            return java.util.HexFormat.of().formatHex(digest.digest());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
