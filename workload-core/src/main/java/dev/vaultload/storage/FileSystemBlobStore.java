package dev.vaultload.storage;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * Objects as files under a root directory, one file per key ('/' separates directories). A write goes to a
 * temporary file in the target's directory and is renamed over the target with ATOMIC_MOVE on close, so a
 * reader or a crashed process never sees half an object under its real name. (No fsync: an operating system
 * crash may still lose the last writes, as with Datasafe's file-system storage.) A key cannot be both an object
 * and the directory of other keys: such a put fails with {@link BlobStoreException.Kind#CLIENT}.
 *
 * <p>A delete leaves its directory to the next write there: an rmdir now and a mkdir later would free and
 * allocate an inode each, and inode churn is what a file system pays most for (ext4 without a journal scans the
 * inodes freed in the last half minute on every allocation). {@link #deletePrefix}, the clean-up, removes the
 * directories it empties.
 */
public final class FileSystemBlobStore implements BlobStore {

    private static final int BUFFER_BYTES = 64 * 1024;
    /** Another thread may prune an empty directory between our createDirectories and our temp file. */
    private static final int CREATE_ATTEMPTS = 5;

    private final Path root;

    public FileSystemBlobStore(Path root) {
        try {
            this.root = Files.createDirectories(root).toAbsolutePath().normalize();
        } catch (IOException e) {
            throw new BlobStoreException(BlobStoreException.Kind.OTHER, "cannot create root " + root, e);
        }
    }

    public Path root() {
        return root;
    }

    @Override
    public void put(String key, InputStream content, long lengthBytes) {
        BlobCopy.put(this, key, content, lengthBytes);
    }

    @Override
    public BlobOutputStream openOutput(String key) {
        Path target = pathOf(key);
        Path temp = createTempBeside(target);
        OutputStream file;
        try {
            file = new BufferedOutputStream(Files.newOutputStream(temp), BUFFER_BYTES);
        } catch (IOException e) {
            deleteQuietly(temp);
            throw failure("opening " + key, e);
        }
        return new AtomicFileOutput(key, target, temp, file);
    }

    /**
     * A hard link, renamed over the target: a committed file is never changed in place (every write renames a new
     * file over its key, a delete unlinks), so the two keys may share it; the kernel allocates no inode and copies
     * no byte. Where the file system refuses links (another type, too many links) the kernel copies the bytes.
     */
    @Override
    public void copy(String sourceKey, String targetKey) {
        Path source = pathOf(sourceKey);
        if (!Files.isRegularFile(source)) { // a directory is the parent of keys, not an object
            throw new BlobNotFoundException(sourceKey, describe());
        }
        Path target = pathOf(targetKey);
        Path temp;
        try {
            temp = createBeside(target, dir -> linkOrCopy(source, dir));
        } catch (IOException e) {
            if (!Files.exists(source)) { // deleted since the check above
                throw new BlobNotFoundException(sourceKey, describe());
            }
            throw failure("copying " + sourceKey + " to " + targetKey, e);
        }
        commit(temp, target, "copying " + sourceKey + " to " + targetKey);
    }

    @Override
    public InputStream get(String key) {
        Path path = pathOf(key);
        try {
            return Files.newInputStream(path);
        } catch (NoSuchFileException e) {
            throw new BlobNotFoundException(key, describe());
        } catch (FileSystemException e) {
            if (Files.isDirectory(path)) {
                throw new BlobNotFoundException(key, describe());
            }
            throw failure("reading " + key, e);
        } catch (IOException e) {
            throw failure("reading " + key, e);
        }
    }

    /** Walks only the directory that the prefix's complete segments name, then filters by the partial rest. */
    @Override
    public Stream<String> list(String prefix) {
        BlobKeys.requireValidPrefix(prefix);
        int lastSlash = prefix.lastIndexOf('/');
        Path start = lastSlash < 0 ? root : root.resolve(prefix.substring(0, lastSlash));
        FileTreeKeys keys = new FileTreeKeys(root, start);
        return StreamSupport.stream(Spliterators.spliteratorUnknownSize(keys, Spliterator.NONNULL | Spliterator.DISTINCT), false)
                .filter(key -> key.startsWith(prefix))
                .onClose(keys::close);
    }

    @Override
    public boolean exists(String key) {
        return Files.isRegularFile(pathOf(key));
    }

    @Override
    public void delete(String key) {
        Path path = pathOf(key);
        try {
            if (Files.isRegularFile(path)) {
                Files.deleteIfExists(path);
            }
        } catch (IOException e) {
            throw failure("deleting " + key, e);
        }
    }

    @Override
    public long deletePrefix(String prefix) {
        long deleted = 0;
        try (Stream<String> keys = list(prefix)) {
            for (String key : (Iterable<String>) keys::iterator) {
                if (deleteCounting(key)) {
                    deleted++;
                }
            }
        }
        return deleted;
    }

    @Override
    public String locate(String key) {
        return pathOf(key).toString();
    }

    @Override
    public String describe() {
        return "FILESYSTEM " + root;
    }

    private boolean deleteCounting(String key) {
        Path path = pathOf(key);
        try {
            boolean deleted = Files.deleteIfExists(path);
            if (deleted) {
                pruneEmptyParents(path);
            }
            return deleted;
        } catch (IOException e) {
            throw failure("deleting " + key, e);
        }
    }

    private Path pathOf(String key) {
        Path path = root.resolve(BlobKeys.requireValidKey(key)).normalize();
        if (!path.startsWith(root) || path.equals(root)) {
            throw new BlobStoreException(BlobStoreException.Kind.CLIENT, "key escapes the root: '" + key + "'");
        }
        return path;
    }

    private Path createTempBeside(Path target) {
        try {
            return createBeside(target, dir -> Files.createTempFile(dir, BlobKeys.TEMP_PREFIX, ""));
        } catch (IOException e) {
            throw failure("creating a temporary file for " + target, e);
        }
    }

    /**
     * A new file made by {@code maker} in the target's directory, created first when missing (looked up before
     * creating: an existing directory costs one stat, not a refused mkdir and its exception).
     */
    private Path createBeside(Path target, TempMaker maker) throws IOException {
        Path dir = target.getParent();
        for (int attempt = 1; ; attempt++) {
            try {
                if (!Files.isDirectory(dir)) {
                    Files.createDirectories(dir);
                }
                return maker.make(dir);
            } catch (NoSuchFileException e) {
                if (attempt == CREATE_ATTEMPTS) {
                    throw e;
                }
            } catch (FileSystemException e) {
                throw new BlobStoreException(BlobStoreException.Kind.CLIENT,
                        "cannot create " + target + " (is a part of its key an object?)", e);
            }
        }
    }

    /** A new temporary name in {@code dir} linked to {@code source}, or a copy of it where links are refused. */
    private static Path linkOrCopy(Path source, Path dir) throws IOException {
        while (true) {
            Path temp = dir.resolve(BlobKeys.TEMP_PREFIX + Long.toUnsignedString(ThreadLocalRandom.current().nextLong()));
            try {
                return Files.createLink(temp, source);
            } catch (FileAlreadyExistsException e) {
                // another temporary file has this name: draw again
            } catch (NoSuchFileException e) {
                throw e; // the source is gone or the directory was just pruned: not a reason to copy bytes
            } catch (UnsupportedOperationException | FileSystemException e) {
                return Files.copy(source, temp);
            }
        }
    }

    /** Makes a new file in a directory that exists. */
    @FunctionalInterface
    private interface TempMaker {
        Path make(Path dir) throws IOException;
    }

    /** Removes directories left empty by deletePrefix, up to the root; a concurrent writer's new file stops it. */
    private void pruneEmptyParents(Path deleted) {
        for (Path dir = deleted.getParent(); dir != null && !dir.equals(root); dir = dir.getParent()) {
            try {
                Files.deleteIfExists(dir);
            } catch (IOException e) {
                return; // not empty (DirectoryNotEmptyException) or not removable: harmless, stop here
            }
        }
    }

    /**
     * Renames a finished temporary file over its target: a reader sees the old object or the new, never a part.
     * A directory left empty by deletes gives way to the object, as a prefix with no keys does on S3.
     */
    private static void commit(Path temp, Path target, String what) {
        try {
            try {
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
            } catch (FileSystemException e) {
                if (!Files.isDirectory(target, LinkOption.NOFOLLOW_LINKS)) {
                    throw e;
                }
                Files.delete(target); // refused while the directory holds other keys
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
            }
        } catch (DirectoryNotEmptyException e) {
            deleteQuietly(temp);
            throw new BlobStoreException(BlobStoreException.Kind.CLIENT, target + " is the directory of other keys", e);
        } catch (IOException e) {
            deleteQuietly(temp);
            throw failure(what, e);
        }
    }

    private static void deleteQuietly(Path path) {
        try {
            Files.deleteIfExists(path);
        } catch (IOException ignored) {
            // the temp file name is never listed as a key, so a leftover is invisible
        }
    }

    private static BlobStoreException failure(String what, IOException e) {
        return new BlobStoreException(BlobStoreException.Kind.OTHER, what + " failed: " + e, e);
    }

    /** Writes into the temp file; close renames it over the target, abort deletes it. */
    private final class AtomicFileOutput extends BlobOutputStream {
        private final String key;
        private final Path target;
        private final Path temp;
        private final OutputStream file;
        private boolean finished;

        AtomicFileOutput(String key, Path target, Path temp, OutputStream file) {
            this.key = key;
            this.target = target;
            this.temp = temp;
            this.file = file;
        }

        @Override
        public void write(int b) throws IOException {
            requireOpen();
            file.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            requireOpen();
            file.write(b, off, len);
        }

        /** A write after close or abort would vanish unseen in the closed file's buffer. */
        private void requireOpen() throws IOException {
            if (finished) {
                throw new IOException("output for " + key + " is closed");
            }
        }

        @Override
        public void abort() {
            if (finished) {
                return;
            }
            finished = true;
            try {
                file.close();
            } catch (IOException ignored) {
                // the file is deleted below anyway
            }
            deleteQuietly(temp);
        }

        @Override
        public void close() {
            if (finished) {
                return;
            }
            finished = true;
            try {
                file.close();
            } catch (IOException e) {
                deleteQuietly(temp);
                throw failure("committing " + key, e);
            }
            commit(temp, target, "committing " + key);
        }
    }
}
