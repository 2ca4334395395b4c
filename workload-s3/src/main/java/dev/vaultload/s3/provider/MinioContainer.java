package dev.vaultload.s3.provider;

import java.net.URI;

import dev.vaultload.s3.S3Credentials;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.MinIOContainer;

/** MinIO in a container through Testcontainers, where a Docker engine answers. */
final class MinioContainer implements S3Server {

    static final String DEFAULT_IMAGE = "minio/minio:RELEASE.2023-09-04T19-57-37Z";

    private final MinIOContainer container;
    private final S3Credentials credentials;

    private MinioContainer(MinIOContainer container, S3Credentials credentials) {
        this.container = container;
        this.credentials = credentials;
    }

    /** Asks Testcontainers; takes about a second when no engine answers. */
    static boolean dockerAvailable() {
        return DockerClientFactory.instance().isDockerAvailable();
    }

    static MinioContainer start(String image) {
        S3Credentials credentials = LocalServers.randomCredentials();
        MinIOContainer container = new MinIOContainer(image)
                .withUserName(credentials.accessKeyId())
                .withPassword(credentials.secretKey());
        container.start();
        return new MinioContainer(container, credentials);
    }

    @Override
    public URI endpoint() {
        return URI.create(container.getS3URL());
    }

    @Override
    public S3Credentials credentials() {
        return credentials;
    }

    @Override
    public void close() {
        container.stop();
    }
}
