package dev.vaultload.datasafe;

import static dev.vaultload.engine.Documents.content;
import static dev.vaultload.engine.Documents.readAll;
import static dev.vaultload.engine.Documents.write;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.vaultload.engine.Engine;
import dev.vaultload.engine.EngineOptions;
import dev.vaultload.engine.Password;
import dev.vaultload.engine.UserCredentials;
import dev.vaultload.fixture.OperationType;
import dev.vaultload.storage.InMemoryBlobStore;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * DATASAFE's REENCRYPT (a read and re-write) over the harness's store: the stored object's bytes are replaced, its
 * content kept. ROTATE_KEY is not offered ({@link DatasafeEngineFactory#keyLifecycleOperations}).
 */
class DatasafeKeyLifecycleTest {
    private static final String DOCUMENT = "notes/doc.txt";
    private static final String SHARED = "from-bob.txt";

    private final InMemoryBlobStore store = new InMemoryBlobStore();
    private final Engine datasafe = new DatasafeEngineFactory().open(store, EngineOptions.defaults());
    private final UserCredentials alice = new UserCredentials("alice", Password.of("alice-first-Q9!"));
    private final UserCredentials bob = new UserCredentials("bob", Password.of("bob-first-Z3#"));
    private final byte[] document = content(70_000, 1);
    private final byte[] shared = content(2_000, 2);

    private void populate() {
        datasafe.createUser(alice);
        datasafe.createUser(bob);
        write(datasafe.privateSpace(alice), DOCUMENT, document);
        write(datasafe.share(bob, List.of("alice"), SHARED), shared);
    }

    @Test
    void reencryptionReplacesTheStoredObjectAndKeepsTheContent() {
        populate();
        String key = datasafe.privateSpace(alice).ciphertextKey(DOCUMENT).orElseThrow();
        byte[] before = stored(key);

        datasafe.reencrypt(alice, DOCUMENT);

        assertFalse(java.util.Arrays.equals(before, stored(key)), "a new CMS envelope and body in the same object");
        assertArrayEquals(document, readAll(datasafe.privateSpace(alice).read(DOCUMENT)));
        assertEquals(List.of(DOCUMENT), datasafe.privateSpace(alice).list("").toList());
    }

    @Test
    void reencryptingAMissingDocumentFailsAndWritesNothing() {
        populate();
        long objects = store.list("").count();

        assertThrows(RuntimeException.class, () -> datasafe.reencrypt(alice, "notes/never-written.txt"));

        assertEquals(objects, store.list("").count());
    }

    @Test
    void onlyReencryptIsListed() {
        assertEquals(Set.of(OperationType.REENCRYPT), new DatasafeEngineFactory().keyLifecycleOperations(EngineOptions.defaults()));
    }

    private byte[] stored(String key) {
        try (InputStream in = store.get(key)) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
