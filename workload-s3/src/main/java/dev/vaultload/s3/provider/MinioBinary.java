package dev.vaultload.s3.provider;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;

/** Finds the {@code minio} executable: MINIO_BINARY, else PATH, else {@code ~/go/bin/minio} (where go install puts it). */
final class MinioBinary {

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
        Stream<Path> goBin = Stream.of(Path.of(System.getProperty("user.home"), "go", "bin", "minio"));
        return Stream.concat(onPath, goBin).filter(Files::isExecutable).filter(Files::isRegularFile).findFirst();
    }
}
