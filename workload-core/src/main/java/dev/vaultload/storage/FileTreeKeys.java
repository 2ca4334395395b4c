package dev.vaultload.storage;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryIteratorException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * The keys of the regular files below a directory, one directory open at a time so that millions of keys
 * stream in constant memory per directory level. Unlike {@code Files.walk}, a directory deleted by another
 * thread while the walk runs is skipped instead of failing the listing. Temporary files are not keys.
 */
final class FileTreeKeys implements Iterator<String>, AutoCloseable {

    private final Path root;
    private final Deque<Path> pendingDirectories = new ArrayDeque<>();
    private DirectoryStream<Path> openDirectory;
    private Iterator<Path> entries;
    private String next;

    FileTreeKeys(Path root, Path start) {
        this.root = root;
        pendingDirectories.push(start);
    }

    @Override
    public boolean hasNext() {
        while (next == null) {
            if (entries != null && entries.hasNext()) {
                accept(nextEntry());
            } else if (!openNextDirectory()) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        String key = next;
        next = null;
        return key;
    }

    @Override
    public void close() {
        closeDirectory();
        pendingDirectories.clear();
    }

    private Path nextEntry() {
        try {
            return entries.next();
        } catch (DirectoryIteratorException e) {
            throw new UncheckedIOException(e.getCause());
        }
    }

    private void accept(Path entry) {
        if (entry.getFileName().toString().startsWith(BlobKeys.TEMP_PREFIX)) {
            return;
        }
        if (Files.isDirectory(entry)) {
            pendingDirectories.push(entry);
        } else if (Files.isRegularFile(entry)) {
            next = root.relativize(entry).toString().replace(entry.getFileSystem().getSeparator(), "/");
        }
    }

    private boolean openNextDirectory() {
        closeDirectory();
        while (!pendingDirectories.isEmpty()) {
            Path directory = pendingDirectories.pop();
            try {
                openDirectory = Files.newDirectoryStream(directory);
                entries = openDirectory.iterator();
                return true;
            } catch (NoSuchFileException | NotDirectoryException e) {
                // deleted (or replaced) since it was seen: nothing to list there
            } catch (IOException e) {
                throw new UncheckedIOException("listing " + directory + " failed", e);
            }
        }
        return false;
    }

    private void closeDirectory() {
        entries = null;
        if (openDirectory != null) {
            try {
                openDirectory.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            openDirectory = null;
        }
    }
}
