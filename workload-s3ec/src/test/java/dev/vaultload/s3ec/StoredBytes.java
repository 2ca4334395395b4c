package dev.vaultload.s3ec;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * What a server keeps on its disks, searched for a marker: MinIO's drive directory (xl.meta with inline data for
 * small objects, part.N files for larger ones; a 32-byte hash per 1 MiB block leaves a short marker whole), Ceph's
 * RADOS objects of the RGW's data pool, read with {@code rados get} (head objects, multipart and shadow parts).
 */
interface StoredBytes {

    /** Whether any stored byte sequence of an object whose name or path contains {@code scope} holds {@code marker}. */
    boolean contains(String scope, String marker);

    /**
     * The bucket's directory on MinIO's drive: MINIO_DATA_DIR, else MINIO_BASE_DIR/data as scripts/start-minio.sh lays
     * it out (not the whole drive: MinIO's own temporary files come and go under .minio.sys).
     */
    static StoredBytes minioDrive(String bucket) {
        String dataDir = System.getenv("MINIO_DATA_DIR");
        String baseDir = System.getenv("MINIO_BASE_DIR");
        assumeTrue(dataDir != null || baseDir != null, "MINIO_DATA_DIR or MINIO_BASE_DIR not set: where is MinIO's drive?");
        Path drive = (dataDir != null ? Path.of(dataDir) : Path.of(baseDir, "data")).resolve(bucket);
        return (scope, marker) -> {
            byte[] needle = marker.getBytes(StandardCharsets.US_ASCII);
            try (Stream<Path> files = Files.walk(drive)) {
                return files.filter(Files::isRegularFile).filter(file -> file.toString().contains(scope))
                        .anyMatch(file -> holds(read(file), needle));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        };
    }

    /** Ceph's RGW data pool through {@code rados} with CEPH_BASE_DIR/ceph.conf (scripts/start-ceph.sh's layout). */
    static StoredBytes cephRados() {
        String baseDir = System.getenv("CEPH_BASE_DIR");
        assumeTrue(baseDir != null, "CEPH_BASE_DIR not set: where is the cluster's ceph.conf?");
        String conf = Path.of(baseDir, "ceph.conf").toString();
        String pool = "default.rgw.buckets.data";
        return (scope, marker) -> {
            byte[] needle = marker.getBytes(StandardCharsets.US_ASCII);
            for (String object : run(List.of("rados", "-c", conf, "-p", pool, "ls")).lines().toList()) {
                if (object.contains(scope)) {
                    try {
                        Path copy = Files.createTempFile("vaultload-rados-", ".bin");
                        try {
                            run(List.of("rados", "-c", conf, "-p", pool, "get", object, copy.toString()));
                            if (holds(Files.readAllBytes(copy), needle)) {
                                return true;
                            }
                        } finally {
                            Files.delete(copy);
                        }
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }
            }
            return false;
        };
    }

    private static byte[] read(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean holds(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }

    private static String run(List<String> command) {
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
                throw new IllegalStateException(String.join(" ", command) + " failed: " + output);
            }
            return output;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
