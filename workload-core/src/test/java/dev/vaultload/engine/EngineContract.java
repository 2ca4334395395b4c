package dev.vaultload.engine;

import static dev.vaultload.engine.Documents.content;
import static dev.vaultload.engine.Documents.listed;
import static dev.vaultload.engine.Documents.readAll;
import static dev.vaultload.engine.Documents.write;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.stats.ErrorClass;
import dev.vaultload.stats.ErrorClassifier;
import dev.vaultload.storage.BlobNotFoundException;
import dev.vaultload.storage.BlobStore;
import dev.vaultload.storage.InMemoryBlobStore;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * What every {@link Engine} must do, as jclouds' BaseBlobStoreIntegrationTest does for stores: each engine's test
 * extends it, opens the engine over the contract's store and states the engine's {@link EngineGuarantees}. The
 * contract reaches under the engine into that store to scan, tamper with and misroute its objects.
 *
 * <p>Failures it expects: a missing document is the store's {@link BlobNotFoundException} or
 * {@link EngineException.Reason#INTEGRITY} (both lost data to the harness); every other refusal is an
 * {@link EngineException} of the named reason.
 */
public abstract class EngineContract {

    /** The store under the engine; tests read and change its objects behind the engine's back. */
    protected final BlobStore store = newStore();
    /** The engine under test, over {@link #store}. */
    protected Engine engine;

    /**
     * A fresh, empty store per test: in memory, or for an engine with an S3 client of its own the bucket it writes to
     * (called while the test instance is built, before its fields are set).
     */
    protected BlobStore newStore() {
        return new InMemoryBlobStore();
    }

    /** The engine under test over {@code store}, with fast keystores: tests create many users. */
    protected abstract Engine openEngine(BlobStore store);

    /** What the engine promises about the stored objects; the contract holds it to exactly these. */
    protected abstract EngineGuarantees guarantees();

    @BeforeEach
    void open() {
        engine = openEngine(store);
    }

    @Test
    void usersAreCreatedOnceAndUnknownUsersAreRefused() {
        UserCredentials alice = created("alice").getFirst();
        write(engine.privateSpace(alice), "doc", utf8("kept"));
        assertReason(EngineException.Reason.USER_EXISTS, () -> engine.createUser(alice));
        assertArrayEquals(utf8("kept"), readAll(engine.privateSpace(alice).read("doc")));
        assertReason(EngineException.Reason.UNKNOWN_USER, () -> engine.privateSpace(user("nobody")));
        assertReason(EngineException.Reason.UNKNOWN_USER, () -> engine.inbox(user("nobody")));
    }

    @Test
    void rangesReadTheirBytesWithinAndAcrossChunksAndUpToTheEnd() {
        PrivateSpace space = engine.privateSpace(created("alice").getFirst());
        byte[] content = content(200_003, 9);
        write(space, "ranged", content);
        long[][] ranges = {{0, 0}, {0, 99}, {65_530, 65_545}, {70_000, 140_000}, {131_072, 199_999}, {200_000, 300_000},
                {200_002, 200_002}, {0, 200_002}};
        for (long[] range : ranges) {
            byte[] expected = Arrays.copyOfRange(content, (int) range[0], (int) Math.min(range[1] + 1, content.length));
            assertArrayEquals(expected, readAll(space.read("ranged", range[0], range[1])),
                    "bytes " + range[0] + "-" + range[1]);
        }
        assertThrows(IllegalArgumentException.class, () -> space.read("ranged", 5, 4));
        assertMissing(() -> readAll(space.read("absent", 0, 10)));
    }

    /** S3 answers 416 InvalidRange for a range of a plain object that starts at or past its end: so must an engine. */
    @Test
    void rangesFromTheEndOnAreRefusedAsS3RefusesThem() {
        PrivateSpace space = engine.privateSpace(created("alice").getFirst());
        write(space, "ranged", content(200_003, 9));
        long[][] ranges = {{200_003, 200_003}, {200_010, 300_000}, {262_144, 262_200}, {10_000_000, 10_000_001}};
        for (long[] range : ranges) {
            RuntimeException refused = assertThrows(RuntimeException.class, () -> readAll(space.read("ranged", range[0],
                    range[1])), "bytes " + range[0] + "-" + range[1]);
            assertEquals(ErrorClass.CLIENT, ErrorClassifier.classify(refused), refused.toString());
            assertTrue(refused.getMessage().contains("416"), "the refusal says what S3 answers: " + refused.getMessage());
        }
    }

    @Test
    void documentsRoundTripAtEverySizeAndAreReplaced() {
        PrivateSpace space = engine.privateSpace(created("alice").getFirst());
        for (int sizeBytes : new int[] {0, 1, 4_096, 65_536, 200_003}) {
            byte[] content = content(sizeBytes, sizeBytes);
            write(space, "sizes/" + sizeBytes, content);
            assertArrayEquals(content, readAll(space.read("sizes/" + sizeBytes)), "size " + sizeBytes);
        }
        byte[] replacement = content(70_000, 1);
        write(space, "sizes/0", replacement);
        assertArrayEquals(replacement, readAll(space.read("sizes/0")));
        assertMissing(() -> readAll(space.read("sizes/2")));
    }

    @Test
    void listCoversSegmentCompletePrefixes() {
        PrivateSpace space = spaceWith("a/b", "a/b/c", "a/bc", "a/d/e", "f");
        assertEquals(Set.of("a/b", "a/b/c", "a/bc", "a/d/e", "f"), listed(space, ""));
        assertEquals(Set.of("a/b", "a/b/c", "a/bc", "a/d/e"), listed(space, "a/"));
        assertEquals(Set.of("a/b", "a/b/c"), listed(space, "a/b"));
        assertEquals(Set.of("a/b/c"), listed(space, "a/b/"));
        assertEquals(Set.of("a/bc"), listed(space, "a/bc"));
        assertEquals(Set.of(), listed(space, "x/"));
        assertTrue(space.exists("a/bc"));
        assertFalse(space.exists("a/x"));
    }

    @Test
    void deleteCoversSegmentCompletePrefixesAndCounts() {
        PrivateSpace space = spaceWith("a/b", "a/b/c", "a/bc", "a/d/e", "f");
        assertEquals(2, space.delete("a/b"));
        assertEquals(Set.of("a/bc", "a/d/e", "f"), listed(space, ""));
        assertEquals(1, space.delete("a/d/"));
        assertEquals(0, space.delete("x/"));
        assertEquals(2, space.delete(""));
        assertEquals(Set.of(), listed(space, ""));
        assertMissing(() -> readAll(space.read("f")));
    }

    @Test
    void anUnclosedWriteLeavesNoDocument() throws IOException {
        PrivateSpace space = engine.privateSpace(created("alice").getFirst());
        OutputStream out = space.write("never");
        out.write(new byte[200_000]);
        // the writer never closes (a crash): nothing is visible
        assertFalse(space.exists("never"));
        assertEquals(Set.of(), listed(space, ""));
    }

    @Test
    void aShareLandsInEveryRecipientsInboxAndNowhereElse() {
        List<UserCredentials> users = created("sender", "r1", "r2", "outsider");
        UserCredentials sender = users.getFirst();
        byte[] content = content(150_000, 4);
        write(engine.share(sender, List.of("r1", "r2"), "shared/report"), content);
        for (UserCredentials recipient : users.subList(1, 3)) {
            assertArrayEquals(content, readAll(engine.inbox(recipient).read("shared/report")), recipient.userId());
            assertEquals(Set.of("shared/report"), listed(engine.inbox(recipient), ""), recipient.userId());
        }
        assertEquals(Set.of(), listed(engine.inbox(sender), ""));
        assertEquals(Set.of(), listed(engine.privateSpace(sender), ""));
        assertEquals(Set.of(), listed(engine.inbox(users.get(3)), ""));
        assertReason(EngineException.Reason.UNKNOWN_USER, () -> engine.share(sender, List.of("nobody"), "p"));
    }

    @Test
    void anInboxReadsListsAndDeletesItsOwnCopies() {
        List<UserCredentials> users = created("sender", "r1", "r2");
        UserCredentials sender = users.getFirst();
        byte[] content = content(1_000, 5);
        write(engine.share(sender, List.of("r1", "r2"), "shared/a"), content);
        write(engine.share(sender, List.of("r1"), "shared/b/c"), content(10, 6));
        write(engine.share(sender, List.of("r1"), "other"), content(10, 7));
        Space inbox = engine.inbox(users.get(1));
        assertEquals(Set.of("shared/a", "shared/b/c"), listed(inbox, "shared/"));
        assertEquals(Set.of("shared/b/c"), listed(inbox, "shared/b/"));
        assertEquals(Set.of("other"), listed(inbox, "other"));
        assertTrue(inbox.exists("shared/a"));
        assertEquals(2, inbox.delete("shared/"));
        assertEquals(Set.of("other"), listed(inbox, ""));
        assertMissing(() -> readAll(inbox.read("shared/a")));
        assertArrayEquals(content, readAll(engine.inbox(users.get(2)).read("shared/a")), "r2's copy is its own");
    }

    /**
     * Another user never sees a private document through the engine; and when the store hands it to them under
     * their own name (a misrouted copy), an engine bound to owners refuses it with ACCESS_DENIED.
     */
    @Test
    void aUserCannotReadAnotherUsersPrivateDocument() {
        List<UserCredentials> users = created("alice", "mallory");
        PrivateSpace mallorys = engine.privateSpace(users.get(1));
        byte[] secret = utf8("alice's secret");
        String alicesKey = onlyNewKey(() -> write(engine.privateSpace(users.getFirst()), "secret", secret));
        assertEquals(Set.of(), listed(mallorys, ""));
        assertMissing(() -> readAll(mallorys.read("secret")));
        String mallorysKey = onlyNewKey(() -> write(mallorys, "secret", utf8("placeholder")));
        store.copy(alicesKey, mallorysKey);
        assertRefusedOrRead(secret, () -> mallorys.read("secret"));
    }

    /** As for private documents: a share copied at the store into an outsider's inbox does not open for them. */
    @Test
    void aShareOpensOnlyForItsRecipients() {
        List<UserCredentials> users = created("sender", "recipient", "outsider");
        byte[] content = content(1_000, 8);
        String recipients = onlyNewKey(() -> write(engine.share(users.getFirst(), List.of("recipient"), "report"), content));
        String outsiders = onlyNewKey(() -> write(engine.share(users.getFirst(), List.of("outsider"), "report"), utf8("x")));
        store.copy(recipients, outsiders);
        assertRefusedOrRead(content, () -> engine.inbox(users.get(2)).read("report"));
    }

    @Test
    void aFlippedStoredByteIsDetectedOrReachesTheReader() {
        PrivateSpace space = engine.privateSpace(created("alice").getFirst());
        byte[] content = content(100_000, 2);
        String key = onlyNewKey(() -> write(space, "doc", content));
        byte[] tampered = stored(key);
        tampered[tampered.length / 2] ^= 0x01;
        replaceContent(key, tampered);
        if (guarantees().tamperingDetected()) {
            assertReason(EngineException.Reason.INTEGRITY, () -> readAll(space.read("doc")));
        } else {
            byte[] garbled = readAll(space.read("doc"));
            assertEquals(content.length, garbled.length);
            assertFalse(Arrays.equals(content, garbled), "garbled silently: only the reader's checksum notices");
        }
    }

    /** Scans every key and every stored byte for the paths and contents the engine was given. */
    @Test
    void theStoreHoldsNoPlaintextTheEngineHides() {
        List<UserCredentials> users = created("alice", "bob");
        byte[] secret = utf8("TOP-SECRET-PLAINTEXT ".repeat(5_000));
        List<String> keys = users.stream().map(user -> onlyNewKey(
                () -> write(engine.privateSpace(user), "confidentialfolder/salaryreport", secret))).toList();
        write(engine.share(users.getFirst(), List.of("bob"), "sharedfolder/sharedreport"),
                utf8("SHARED-SECRET-PLAINTEXT ".repeat(5_000)));
        assertFoundUnlessHidden(guarantees().contentHidden(), "TOP-SECRET", "SHARED-SECRET");
        assertFoundUnlessHidden(guarantees().privatePathsHidden(), "confidentialfolder", "salaryreport");
        assertFoundUnlessHidden(guarantees().inboxPathsHidden(), "sharedfolder", "sharedreport");
        if (guarantees().privatePathsHidden()) {
            assertNotEquals(lastSegment(keys.get(0)), lastSegment(keys.get(1)), "the same path is stored per user");
        }
    }

    @Test
    void destroyUserRemovesEverythingOfTheUserAndNothingElse() {
        UserCredentials bob = created("bob").getFirst();
        write(engine.privateSpace(bob), "kept", content(10, 9));
        Set<String> before = keys();
        UserCredentials alice = created("alice").getFirst();
        write(engine.privateSpace(alice), "dir/doc", content(70_000, 10));
        write(engine.share(bob, List.of("alice"), "from/bob"), content(10, 11));
        byte[] toBob = content(10, 12);
        Set<String> bobsShare = newKeys(() -> write(engine.share(alice, List.of("bob"), "from/alice"), toBob));
        engine.destroyUser(alice);
        Set<String> expected = new HashSet<>(before);
        expected.addAll(bobsShare);
        assertEquals(expected, keys());
        assertReason(EngineException.Reason.UNKNOWN_USER, () -> engine.privateSpace(alice));
        assertArrayEquals(toBob, readAll(engine.inbox(bob).read("from/alice")));
        engine.createUser(alice);
        assertEquals(Set.of(), listed(engine.privateSpace(alice), ""));
        assertEquals(Set.of(), listed(engine.inbox(alice), ""));
    }

    /** A user of this contract: a password that appears nowhere else. */
    protected static UserCredentials user(String id) {
        return new UserCredentials(id, Password.of("pw-of-" + id + "-Zq8!"));
    }

    private List<UserCredentials> created(String... ids) {
        List<UserCredentials> users = Stream.of(ids).map(EngineContract::user).toList();
        users.forEach(engine::createUser);
        return users;
    }

    private PrivateSpace spaceWith(String... paths) {
        PrivateSpace space = engine.privateSpace(created("alice").getFirst());
        for (String path : paths) {
            write(space, path, utf8(path));
        }
        return space;
    }

    private void assertRefusedOrRead(byte[] planted, Supplier<InputStream> read) {
        if (guarantees().boundToOwner()) {
            assertReason(EngineException.Reason.ACCESS_DENIED, () -> readAll(read.get()));
        } else {
            assertArrayEquals(planted, readAll(read.get()));
        }
    }

    /** Hidden: in no key and no object; else in some key or object. */
    private void assertFoundUnlessHidden(boolean hidden, String... plaintexts) {
        for (String plaintext : plaintexts) {
            boolean found = keys().stream().anyMatch(key -> key.contains(plaintext)
                    || new String(stored(key), StandardCharsets.ISO_8859_1).contains(plaintext));
            assertEquals(!hidden, found, (hidden ? "hidden but found: " : "not hidden but not found: ") + plaintext);
        }
    }

    private static void assertMissing(Executable read) {
        Throwable failure = assertThrows(RuntimeException.class, read);
        assertTrue(failure instanceof BlobNotFoundException
                || failure instanceof EngineException e && e.reason() == EngineException.Reason.INTEGRITY,
                "a missing document is lost data: " + failure);
    }

    private static void assertReason(EngineException.Reason reason, Executable call) {
        assertEquals(reason, assertThrows(EngineException.class, call).reason());
    }

    private Set<String> keys() {
        try (Stream<String> keys = store.list("")) {
            return Set.copyOf(keys.toList());
        }
    }

    /** The keys {@code action} adds to the store. */
    private Set<String> newKeys(Runnable action) {
        Set<String> before = keys();
        action.run();
        Set<String> added = new HashSet<>(keys());
        added.removeAll(before);
        return added;
    }

    private String onlyNewKey(Runnable action) {
        Set<String> added = newKeys(action);
        assertEquals(1, added.size(), added.toString());
        return added.iterator().next();
    }

    protected byte[] stored(String key) {
        return readAll(store.get(key));
    }

    /** Replaces the object's bytes; a store that keeps more than bytes with an object (S3's metadata) keeps that too. */
    protected void replaceContent(String key, byte[] bytes) {
        store.put(key, new ByteArrayInputStream(bytes), bytes.length);
    }

    private static String lastSegment(String key) {
        return key.substring(key.lastIndexOf('/') + 1);
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
