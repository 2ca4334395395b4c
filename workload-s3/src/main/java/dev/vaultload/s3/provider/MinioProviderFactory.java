package dev.vaultload.s3.provider;

import dev.vaultload.s3.S3Credentials;
import dev.vaultload.storage.StorageFootprint;
import dev.vaultload.storage.StorageProviderFactory;
import java.util.List;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Function;

/**
 * MINIO, from the first of: an existing server at MINIO_URL (with AWS_ACCESS_KEY/AWS_SECRET_KEY; its bucket must
 * exist); a container through Testcontainers (MINIO_IMAGE) where a Docker engine answers; a {@code minio} binary
 * ({@link MinioBinary}) started as {@link MinioProcess} starts every local MinIO (with the KMS key {@code
 * vaultload-key}), on free 127.0.0.1 ports with a temporary data directory, ready within MINIO_START_TIMEOUT_SECONDS
 * (default 30). A MinIO the suite started is stopped on close and gets its buckets created. An explicit MINIO_URL
 * comes first: it is what the user asked for, and it skips the Docker probe.
 */
public final class MinioProviderFactory implements StorageProviderFactory {

    public static final String NAME = "MINIO";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public StorageFootprint footprint(StorageFootprint.Load load, Function<String, String> configSource) {
        StorageFootprint parts = S3ProviderSettings.partBuffers(load, configSource);
        // a MinIO this provider starts keeps the documents in its scratch directory; an existing one, where it runs
        return new ProviderConfig(configSource).optional(S3Settings.MINIO_URL).isPresent() ? parts
                : parts.andOnDisk(load, LocalServers.scratchParent());
    }

    @Override
    public S3StorageProvider start(Function<String, String> configSource) {
        ProviderConfig config = new ProviderConfig(configSource);
        S3ProviderSettings settings = S3ProviderSettings.read(config, S3ProviderSettings.DEFAULT_BUCKET);
        Optional<List<S3Endpoints.Weighted>> existing = config.optional(S3Settings.MINIO_URL)
                .map(url -> S3Endpoints.parseList(S3Settings.MINIO_URL.name(), url));
        if (existing.isPresent()) {
            S3Credentials credentials = S3ProviderSettings.credentials(config).orElseThrow(() -> new IllegalArgumentException(
                    "Invalid " + S3Settings.MINIO_URL.name() + ": set without " + S3Settings.AWS_ACCESS_KEY.name()
                            + " and " + S3Settings.AWS_SECRET_KEY.name() + "; expected both beside it"
                            + " (scripts/start-minio.sh prints them)"));
            return S3StorageProvider.startAcross(NAME, settings, existing.get(), credentials);
        }
        Optional<Path> binary = MinioBinary.locate(config);
        Duration startTimeout = Duration.ofSeconds(config.valueOrDefault(S3Settings.MINIO_START_TIMEOUT_SECONDS));
        String image = config.valueOrDefault(S3Settings.MINIO_IMAGE);
        if (MinioContainer.dockerAvailable()) {
            return S3StorageProvider.startOn(NAME, settings, MinioContainer.start(image));
        }
        Path minio = binary.orElseThrow(() -> new IllegalArgumentException("MINIO found no server to use: set MINIO_URL"
                + " to an existing one, run a Docker engine, or provide a minio binary: MINIO_BINARY, the pinned build"
                + " of scripts/start-minio.sh binary (" + MinioBinary.pinnedBuild() + "), PATH or ~/go/bin/minio"));
        return S3StorageProvider.startOn(NAME, settings, MinioProcess.start(minio, startTimeout));
    }
}
