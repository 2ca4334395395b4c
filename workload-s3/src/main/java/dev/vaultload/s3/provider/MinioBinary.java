package dev.vaultload.s3.provider;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Finds the {@code minio} executable: MINIO_BINARY; else the pinned build of {@code scripts/start-minio.sh binary},
 * {@code ~/go/minio/PINNED_VERSION/minio}; else {@code minio} on PATH; else {@code ~/go/bin/minio} (where a plain go
 * install puts it). The script looks in the same order, building the pinned one where this finds none.
 */
final class MinioBinary {

    /**
     * The MinIO the script builds unless MINIO_VERSION says otherwise: MinIO's master of 2026-02-12 as the Go module
     * proxy names it. The script's pin must be this one (MinioScriptTest).
     */
    static final String PINNED_VERSION = "v0.0.0-20260212201848-7aac2a2c5b7c";

    private MinioBinary() {
    }

    static Optional<Path> locate(ProviderConfig config) {
        Optional<Path> configured = config.optional(S3Settings.MINIO_BINARY);
        if (configured.isPresent()) {
            Path binary = configured.get();
            if (!Files.isRegularFile(binary) || !Files.isExecutable(binary)) {
                throw S3Settings.MINIO_BINARY.invalid(binary.toString());
            }
            return configured;
        }
        Stream<Path> onPath = Optional.ofNullable(System.getenv("PATH")).stream()
                .flatMap(path -> Stream.of(path.split(File.pathSeparator)))
                .filter(directory -> !directory.isBlank())
                .map(directory -> Path.of(directory, "minio"));
        Stream<Path> goBin = Stream.of(home().resolve(Path.of("go", "bin", "minio")));
        return Stream.of(Stream.of(pinnedBuild()), onPath, goBin).flatMap(candidates -> candidates)
                .filter(Files::isExecutable).filter(Files::isRegularFile).findFirst();
    }

    /** Where the script builds (and caches) the pinned MinIO: its cache directory is {@code ~/go/minio/VERSION/}. */
    static Path pinnedBuild() {
        return home().resolve(Path.of("go", "minio", PINNED_VERSION, "minio"));
    }

    private static Path home() {
        return Path.of(System.getProperty("user.home"));
    }
}
