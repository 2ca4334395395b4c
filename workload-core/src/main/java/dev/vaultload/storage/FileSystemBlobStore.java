package dev.vaultload.storage;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * Objects as files under a root directory, one file per key ('/' separates directories). A write goes to a
 * temporary file in the target's directory and is renamed over the target with ATOMIC_MOVE on close, so a
 * reader or a crashed process never sees half an object under its real name. (No fsync: an operating system
 * crash may still lose the last writes, as with Datasafe's file-system storage.) A key cannot be both an object
 * and the directory of other keys: such a put fails with {@link BlobStoreException.Kind#CLIENT}.
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

    /** The kernel copies the file (copy_file_range on Linux) into a temp file, renamed over the target. */
    @Override
    public void copy(String sourceKey, String targetKey) {
        Path source = pathOf(sourceKey);
        if (!Files.isRegularFile(source)) { // a directory is the parent of keys, not an object
            throw new BlobNotFoundException(sourceKey, describe());
        }
        Path target = pathOf(targetKey);
        Path temp = createTempBeside(target);
        try {
            Files.copy(source, temp, StandardCopyOption.REPLACE_EXISTING);
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (NoSuchFileException e) {
            deleteQuietly(temp);
            throw new BlobNotFoundException(sourceKey, describe());
        } catch (IOException e) {
            deleteQuietly(temp);
            throw failure("copying " + sourceKey + " to " + targetKey, e);
        }
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
            if (Files.isRegularFile(path) && Files.deleteIfExists(path)) {
                pruneEmptyParents(path);
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
        for (int attempt = 1; ; attempt++) {
            try {
                Files.createDirectories(target.getParent());
                return Files.createTempFile(target.getParent(), BlobKeys.TEMP_PREFIX, "");
            } catch (NoSuchFileException e) {
                if (attempt == CREATE_ATTEMPTS) {
                    throw failure("creating a temporary file for " + target, e);
                }
            } catch (FileSystemException e) {
                throw new BlobStoreException(BlobStoreException.Kind.CLIENT,
                        "cannot create " + target + " (is a part of its key an object?)", e);
            } catch (IOException e) {
                throw failure("creating a temporary file for " + target, e);
            }
        }
    }

    /** Removes directories left empty by a delete, up to the root; a concurrent writer's new file stops it. */
    private void pruneEmptyParents(Path deleted) {
        for (Path dir = deleted.getParent(); dir != null && !dir.equals(root); dir = dir.getParent()) {
            try {
                Files.deleteIfExists(dir);
            } catch (IOException e) {
                return; // not empty (DirectoryNotEmptyException) or not removable: harmless, stop here
            }
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
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException e) {
                deleteQuietly(temp);
                throw failure("committing " + key, e);
            }
        }
    }
}
