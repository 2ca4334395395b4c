package dev.vaultload.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileSystemBlobStoreTest extends BlobStoreContract {

    @TempDir
    Path root;

    @Override
    protected BlobStore openStore() {
        return new FileSystemBlobStore(root);
    }

    @Test
    void pendingWriteIsOnlyATempFileBesideTheTarget() throws IOException {
        try (var out = store.openOutput("u1/dir/doc")) {
            out.write(new byte[100]);
            try (Stream<Path> files = Files.list(root.resolve("u1/dir"))) {
                List<String> names = files.map(p -> p.getFileName().toString()).toList();
                assertEquals(1, names.size());
                assertTrue(names.get(0).startsWith(".vltmp-"), names.toString());
            }
            assertEquals(List.of(), listed(""));
        }
        assertEquals(List.of("u1/dir/doc"), listed(""));
    }

    @Test
    void abortRemovesTheTempFile() throws IOException {
        var out = store.openOutput("u1/dir/doc");
        out.write(new byte[100]);
        out.abort();
        try (Stream<Path> files = Files.walk(root)) {
            assertFalse(files.anyMatch(Files::isRegularFile));
        }
    }

    @Test
    void theDirectoryOfOtherKeysIsNoObjectToCopy() throws IOException {
        put("u1/dir/doc", utf8("x"));

        assertThrows(BlobNotFoundException.class, () -> store.copy("u1/dir", "u2/copy"));

        assertEquals(List.of("u1/dir/doc"), listed(""));
        try (Stream<Path> files = Files.walk(root)) {
            assertFalse(files.anyMatch(path -> path.getFileName().toString().startsWith(".vltmp-")), "no temp file left");
        }
    }

    @Test
    void copyLinksTheFileAndEachKeyKeepsItsBytesWhenTheOtherIsRewritten() throws IOException {
        put("u1/doc", utf8("first"));
        store.copy("u1/doc", "u2/inbox/doc");
        assertEquals(2, Files.getAttribute(root.resolve("u2/inbox/doc"), "unix:nlink"), "one file, two keys");

        put("u1/doc", utf8("second"));
        assertEquals("first", new String(read("u2/inbox/doc"), java.nio.charset.StandardCharsets.UTF_8));
        put("u2/inbox/doc", utf8("third"));
        assertEquals("second", new String(read("u1/doc"), java.nio.charset.StandardCharsets.UTF_8));
        try (Stream<Path> files = Files.walk(root)) {
            assertFalse(files.anyMatch(path -> path.getFileName().toString().startsWith(".vltmp-")), "no temp file left");
        }
    }

    @Test
    void deleteKeepsTheDirectoryAndAnObjectMayStillTakeItsName() {
        put("u1/a/b/c", utf8("x"));
        store.delete("u1/a/b/c");
        assertTrue(Files.isDirectory(root.resolve("u1/a/b")), "left for the next write");

        put("u1/a/b", utf8("y"));
        assertEquals(List.of("u1/a/b"), listed(""));
        store.copy("u1/a/b", "u2/x/y");
        store.delete("u2/x/y");
        store.copy("u1/a/b", "u2/x");
        assertEquals(List.of("u1/a/b", "u2/x"), listed(""));
    }

    @Test
    void anObjectCannotTakeTheNameOfADirectoryOfOtherKeys() {
        put("u1/a/b", utf8("x"));
        BlobStoreException e = assertThrows(BlobStoreException.class, () -> put("u1/a", utf8("y")));
        assertEquals(BlobStoreException.Kind.CLIENT, e.kind());
        assertEquals(List.of("u1/a/b"), listed(""));
    }

    @Test
    void deletePrefixRemovesTheDirectoriesItEmptiesButNotTheRoot() {
        put("u1/a/b/c", utf8("x"));
        put("u2/d", utf8("x"));
        assertEquals(1, store.deletePrefix("u1/"));
        assertFalse(Files.exists(root.resolve("u1")));
        assertEquals(1, store.deletePrefix(""));
        assertFalse(Files.exists(root.resolve("u2")));
        assertTrue(Files.isDirectory(root));
    }

    @Test
    void symlinkOrDotKeysCannotLeaveTheRoot() {
        assertThrows(BlobStoreException.class, () -> store.get("../outside"));
        assertThrows(BlobStoreException.class, () -> store.list("../"));
        assertThrows(BlobStoreException.class, () -> store.deletePrefix("a/../../"));
    }

    @Test
    void providerUsesConfiguredRootAndRemovesOnlyItsOwnTempRoot() throws IOException {
        var factory = new FileSystemStorageProviderFactory();
        Path configured = root.resolve("configured");
        try (StorageProvider provider = factory.start(name -> name.equals("FILESYSTEM_ROOT") ? configured.toString() : null)) {
            BlobStore bucket = provider.openBucket(provider.defaultBucket());
            bucket.put("u/k", new java.io.ByteArrayInputStream(new byte[3]), 3);
            assertTrue(Files.exists(configured.resolve("vaultload/u/k")));
        }
        assertTrue(Files.exists(configured.resolve("vaultload/u/k")));

        Path temp;
        try (StorageProvider provider = factory.start(name -> null)) {
            FileSystemBlobStore bucket = (FileSystemBlobStore) provider.openBucket("b1");
            temp = bucket.root().getParent();
            bucket.put("u/k", new java.io.ByteArrayInputStream(new byte[3]), 3);
            assertThrows(IllegalArgumentException.class, () -> provider.openBucket("../x"));
        }
        assertFalse(Files.exists(temp));
    }
}
