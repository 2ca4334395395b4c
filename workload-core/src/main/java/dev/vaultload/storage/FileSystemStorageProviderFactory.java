package dev.vaultload.storage;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Function;

/**
 * FILESYSTEM: one {@link FileSystemBlobStore} per bucket, in a sub-directory of {@value #ROOT_SETTING}. Without
 * that property a fresh temporary directory is used and removed on close; a configured root is never removed.
 */
public final class FileSystemStorageProviderFactory implements StorageProviderFactory {

    public static final String NAME = "FILESYSTEM";
    /**
     * The setting naming the root directory. Declared with its help in the run's settings: the storage package comes
     * before the settings package, so it reads the value by name, as every provider gets it.
     */
    public static final String ROOT_SETTING = "FILESYSTEM_ROOT";

    @Override
    public String name() {
        return NAME;
    }

    /** Documents stream to and from files: only the disk under FILESYSTEM_ROOT (else the temporary directory) holds them. */
    @Override
    public StorageFootprint footprint(StorageFootprint.Load load, Function<String, String> config) {
        String configured = config.apply(ROOT_SETTING);
        return StorageFootprint.onDisk(load, Path.of(configured == null || configured.isBlank()
                ? System.getProperty("java.io.tmpdir") : configured.trim()));
    }

    @Override
    public StorageProvider start(Function<String, String> config) {
        String configured = config.apply(ROOT_SETTING);
        String configuredRoot = configured == null || configured.isBlank() ? null : configured.trim();
        Path root;
        try {
            root = configuredRoot == null ? HaltCleanup.scratch(Files.createTempDirectory("vaultload-fs-"))
                    : Files.createDirectories(Path.of(configuredRoot));
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException(ROOT_SETTING + "=" + configuredRoot
                    + " is not a usable directory: " + e, e);
        }
        return new FileSystemProvider(root, configuredRoot == null);
    }

    private record FileSystemProvider(Path root, boolean removeOnClose) implements StorageProvider {

        @Override
        public String name() {
            return NAME;
        }

        @Override
        public BlobStore openBucket(String bucket) {
            return new FileSystemBlobStore(root.resolve(StorageBuckets.requireValidBucket(bucket)));
        }

        @Override
        public String defaultBucket() {
            return StorageBuckets.DEFAULT_BUCKET;
        }

        @Override
        public void close() {
            if (removeOnClose) {
                Directories.deleteTree(root);
            }
        }

    }
}
