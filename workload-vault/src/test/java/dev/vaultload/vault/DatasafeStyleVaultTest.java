package dev.vaultload.vault;

import static dev.vaultload.engine.Documents.content;
import static dev.vaultload.engine.Documents.listed;
import static dev.vaultload.engine.Documents.readAll;
import static dev.vaultload.engine.Documents.write;
import static dev.vaultload.vault.VaultTestSupport.settings;
import static dev.vaultload.vault.VaultTestSupport.user;
import static dev.vaultload.vault.VaultTestSupport.utf8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.Engine;
import dev.vaultload.engine.EngineException;
import dev.vaultload.engine.Password;
import dev.vaultload.engine.PrivateSpace;
import dev.vaultload.engine.UserCredentials;
import dev.vaultload.storage.BlobNotFoundException;
import dev.vaultload.storage.InMemoryBlobStore;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** What is particular to VAULTLOAD beyond {@link VaultEngineContractTest}: chunking, paths, users, threads, the simple adapter. */
class DatasafeStyleVaultTest {

    private final InMemoryBlobStore store = new InMemoryBlobStore();

    private Engine vault(CipherSuite cipher) {
        return new DatasafeStyleVault(store, settings(cipher));
    }

    /** The private space of a user created on a vault of {@code cipher}. */
    private PrivateSpace newUsersSpace(CipherSuite cipher) {
        Engine vault = vault(cipher);
        UserCredentials alice = user("alice");
        vault.createUser(alice);
        return vault.privateSpace(alice);
    }

    @ParameterizedTest
    @EnumSource(CipherSuite.class)
    void documentsRoundTripAtEveryChunkBoundary(CipherSuite cipher) {
        PrivateSpace space = newUsersSpace(cipher);
        int chunk = DocumentCodec.CHUNK_BYTES;
        // 8, 16, 32 KiB: where the AEAD streams' buffers stop being enough and double (ChunkBuffers)
        for (int size : new int[] {0, 1, 15, 16, 17, 8175, 8176, 8177, 8192, 16_384, 16_385, 32_767, 32_769, chunk - 1,
                chunk, chunk + 1, 2 * chunk, 3 * chunk + 5, 1_000_003}) {
            byte[] content = content(size, size);
            write(space, "sizes/" + size, content);
            assertArrayEquals(content, readAll(space.read("sizes/" + size)), cipher + " size " + size);
        }
    }

    @ParameterizedTest
    @EnumSource(CipherSuite.class)
    void rangesAtChunkBoundariesReadTheirBytes(CipherSuite cipher) {
        PrivateSpace space = newUsersSpace(cipher);
        int chunk = DocumentCodec.CHUNK_BYTES;
        byte[] content = content(3 * chunk, 3);
        write(space, "three-chunks", content);
        for (long[] range : new long[][] {{chunk - 1, chunk}, {chunk, 2L * chunk - 1}, {2L * chunk, 3L * chunk - 1},
                {3L * chunk - 1, 5L * chunk}}) {
            byte[] expected = Arrays.copyOfRange(content, (int) range[0], (int) Math.min(range[1] + 1, content.length));
            assertArrayEquals(expected, readAll(space.read("three-chunks", range[0], range[1])),
                    cipher + " bytes " + range[0] + "-" + range[1]);
        }
    }

    @Test
    void aRangedReadOpensOnlyItsChunksAndStillCatchesAChangeInThem() throws IOException {
        PrivateSpace space = newUsersSpace(CipherSuite.AES256_GCM);
        int chunk = DocumentCodec.CHUNK_BYTES;
        byte[] content = content(3 * chunk, 4);
        write(space, "doc", content);
        String key = space.storeKey("doc").orElseThrow();
        byte[] stored = store.get(key).readAllBytes();
        // the body follows the prelude (magic, suite id, u32 envelope length) and the envelope
        int bodyStart = DocumentCodec.MAGIC.length + 1 + 4 + ByteBuffer.wrap(stored, DocumentCodec.MAGIC.length + 1, 4).getInt();
        int firstTagEnd = bodyStart + chunk + AeadChunkCipher.TAG_BYTES - 1;
        stored[firstTagEnd] ^= 1;
        store.put(key, new ByteArrayInputStream(stored), stored.length);

        byte[] third = Arrays.copyOfRange(content, 2 * chunk, 3 * chunk);
        assertArrayEquals(third, readAll(space.read("doc", 2L * chunk, 3L * chunk - 1)), "chunk 0 is never opened");
        EngineException changed = assertThrows(EngineException.class, () -> readAll(space.read("doc", 10, 20)));
        assertEquals(EngineException.Reason.INTEGRITY, changed.reason());
        assertThrows(EngineException.class, () -> readAll(space.read("doc")), "a whole read opens every chunk");
    }

    @ParameterizedTest
    @EnumSource(CipherSuite.class)
    void singleByteWritesAndReadsWork(CipherSuite cipher) throws IOException {
        Engine vault = vault(cipher);
        UserCredentials alice = user("alice");
        vault.createUser(alice);
        byte[] content = content(70_000, 3);
        try (OutputStream out = vault.privateSpace(alice).write("one/by/one")) {
            for (byte b : content) {
                out.write(b);
            }
        }
        try (var in = vault.privateSpace(alice).read("one/by/one")) {
            for (byte expected : content) {
                assertEquals(expected & 0xff, in.read());
            }
            assertEquals(-1, in.read());
        }
    }

    @ParameterizedTest
    @EnumSource(CipherSuite.class)
    void readsOfMixedSizesSeeTheSameBytes(CipherSuite cipher) throws IOException {
        Engine vault = vault(cipher);
        UserCredentials alice = user("alice");
        vault.createUser(alice);
        byte[] content = content(1_000_003, 5);
        write(vault.privateSpace(alice), "mixed", content);
        // small reads take buffered plaintext, large ones whole slices straight into the caller's array
        int[] readBytes = {1, 100, 16 * 1024 + 32, 300 * 1024, 7, 64 * 1024};
        byte[] read = new byte[content.length];
        try (var in = vault.privateSpace(alice).read("mixed")) {
            int filled = 0;
            for (int i = 0, n; (n = in.read(read, filled, Math.min(readBytes[i % readBytes.length], read.length - filled))) > 0; i++) {
                filled += n;
            }
            assertEquals(content.length, filled, cipher.name());
            assertEquals(-1, in.read(new byte[10], 0, 10));
        }
        assertArrayEquals(content, read, cipher.name());
    }

    @Test
    void missingDocumentIsBlobNotFound() {
        Engine vault = vault(CipherSuite.AES256_GCM);
        UserCredentials alice = user("alice");
        vault.createUser(alice);
        assertThrows(BlobNotFoundException.class, () -> vault.privateSpace(alice).read("nothing/here"));
        assertThrows(BlobNotFoundException.class, () -> vault.inbox(alice).read("nothing"));
    }

    @Test
    void passwordsAndUserIdsAreChecked() {
        Engine vault = vault(CipherSuite.AES256_GCM);
        UserCredentials alice = user("alice");
        vault.createUser(alice);
        assertEquals(EngineException.Reason.UNKNOWN_USER,
                assertThrows(EngineException.class, () -> vault.privateSpace(user("nobody"))).reason());
        assertEquals(EngineException.Reason.WRONG_PASSWORD, assertThrows(EngineException.class,
                () -> vault.privateSpace(new UserCredentials("alice", Password.of("guess")))).reason());
        // a fresh vault (empty cache) must judge the password from the keystore itself
        assertEquals(EngineException.Reason.WRONG_PASSWORD, assertThrows(EngineException.class,
                () -> vault(CipherSuite.AES256_GCM).privateSpace(new UserCredentials("alice", Password.of("guess")))).reason());
        assertEquals(EngineException.Reason.INVALID_PATH, assertThrows(EngineException.class,
                () -> vault.createUser(user("a/b"))).reason());
    }

    @Test
    void invalidPathsAreRejected() {
        Engine vault = vault(CipherSuite.AES256_GCM);
        UserCredentials alice = user("alice");
        vault.createUser(alice);
        PrivateSpace space = vault.privateSpace(alice);
        for (String bad : List.of("../x", "a/../b", "/abs", "a//b", "", "a/", "..", "a/./b", "a\u0000b")) {
            assertEquals(EngineException.Reason.INVALID_PATH, assertThrows(EngineException.class, () -> space.write(bad), bad).reason());
            assertEquals(EngineException.Reason.INVALID_PATH, assertThrows(EngineException.class, () -> space.read(bad), bad).reason());
            assertEquals(EngineException.Reason.INVALID_PATH, assertThrows(EngineException.class,
                    () -> vault.share(alice, List.of("alice"), bad), bad).reason());
        }
        for (String bad : List.of("../", "/", "/a/", "a//")) {
            assertEquals(EngineException.Reason.INVALID_PATH, assertThrows(EngineException.class, () -> space.list(bad), bad).reason());
            assertEquals(EngineException.Reason.INVALID_PATH, assertThrows(EngineException.class, () -> space.delete(bad), bad).reason());
        }
    }

    @Test
    void defaultKdfIterationsAreOwaspStrength() {
        assertTrue(VaultSettings.defaults().kdfIterations() >= 210_000);
        assertEquals(CipherSuite.AES256_GCM, VaultSettings.defaults().cipher());
        assertEquals(KeyPairAlgorithm.X25519, VaultSettings.defaults().keyPairAlgorithm());
    }

    @Test
    void keysOfAUserAllStartWithTheUserId() {
        Engine vault = vault(CipherSuite.AES256_GCM);
        UserCredentials alice = user("alice");
        UserCredentials bob = user("bob");
        vault.createUser(alice);
        vault.createUser(bob);
        write(vault.privateSpace(alice), "x/y", new byte[10]);
        try (var out = vault.share(alice, List.of("bob"), "from/alice")) {
            out.write(1);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        try (Stream<String> keys = store.list("")) {
            keys.forEach(key -> assertTrue(key.startsWith("alice/") || key.startsWith("bob/"), key));
        }
        assertTrue(store.exists("bob/inbox/from/alice"));
        assertTrue(store.exists("alice/keystore") && store.exists("alice/pubkey") && store.exists("alice/profile"));
    }

    @Test
    void aListedKeyWhoseEncryptedPathDoesNotOpenIsNamedInTheFailure() {
        Engine vault = vault(CipherSuite.AES256_GCM);
        UserCredentials alice = user("alice");
        vault.createUser(alice);
        write(vault.privateSpace(alice), "x/y", new byte[10]);
        String planted;
        try (Stream<String> keys = store.list("alice/private/")) {
            planted = keys.findFirst().orElseThrow() + "-planted";
        }
        store.put(planted, new ByteArrayInputStream(new byte[1]), 1);

        EngineException failure = assertThrows(EngineException.class, () -> {
            try (Stream<String> paths = vault.privateSpace(alice).list("")) {
                paths.forEach(path -> { });
            }
        });

        assertEquals(EngineException.Reason.INTEGRITY, failure.reason());
        assertEquals(Optional.of(planted), EngineException.storeKeyIn(failure), failure.getMessage());
    }

    @Test
    void destroyUserChecksThePassword() {
        Engine vault = vault(CipherSuite.AES256_GCM);
        UserCredentials alice = user("alice");
        vault.createUser(alice);
        write(vault.privateSpace(alice), "doc", new byte[10]);
        assertEquals(EngineException.Reason.WRONG_PASSWORD, assertThrows(EngineException.class,
                () -> vault.destroyUser(new UserCredentials("alice", Password.of("guess")))).reason());
        assertArrayEquals(new byte[10], readAll(vault.privateSpace(alice).read("doc")));
    }

    @Test
    void manyThreadsOnManyUsersAndOneUser() throws Exception {
        Engine vault = vault(CipherSuite.AES256_GCM);
        List<UserCredentials> users = List.of(user("u0"), user("u1"), user("u2"));
        users.forEach(vault::createUser);
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<?>> futures = new java.util.ArrayList<>();
            for (int t = 0; t < 8; t++) {
                int thread = t;
                futures.add(pool.submit(() -> {
                    UserCredentials u = users.get(thread % users.size());
                    for (int i = 0; i < 30; i++) {
                        byte[] content = content(10_000 + i, thread * 1000L + i);
                        String path = "t" + thread + "/doc" + i;
                        write(vault.privateSpace(u), path, content);
                        assertArrayEquals(content, readAll(vault.privateSpace(u).read(path)));
                    }
                    return null;
                }));
            }
            for (Future<?> future : futures) {
                future.get();
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(90, listed(vault.privateSpace(users.get(0)), "").size());
    }

    @Test
    void simpleVaultCoversThePrivateSpace() {
        SimpleVault simple = new SimpleVault(vault(CipherSuite.AES256_GCM));
        UserCredentials alice = user("alice");
        simple.createUser(alice);
        simple.storeDocument(alice, "dir/a.txt", utf8("hello"));
        assertTrue(simple.documentExists(alice, "dir/a.txt"));
        assertEquals("hello", new String(readAll(simple.readDocument(alice, "dir/a.txt"))));
        assertEquals(List.of("dir/a.txt"), simple.list(alice, "dir/"));
        assertEquals(1, simple.deleteDocument(alice, "dir/a.txt"));
        assertFalse(simple.documentExists(alice, "dir/a.txt"));
        simple.destroyUser(alice);
    }
}
