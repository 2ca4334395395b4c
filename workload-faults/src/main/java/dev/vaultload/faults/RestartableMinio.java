package dev.vaultload.faults;

import dev.vaultload.s3.S3Credentials;
import dev.vaultload.s3.provider.MinioProcess;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;

/**
 * A MinIO server on 127.0.0.1 that a fault can kill by pid and start again on the same port and data
 * directory, as an operator restarting a crashed server would. It is the MINIO provider's {@link MinioProcess}: the
 * same flags, environment and KMS key as every local MinIO.
 */
public final class RestartableMinio implements AutoCloseable {
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(30);

    private final MinioProcess minio;

    /**
     * @param binary        the minio executable
     * @param dataDirectory its data, kept across restarts and at close; its log goes next to it ({@code minio.log},
     *                      appended at each start), and so does MinIO's {@code certs/} directory
     */
    public RestartableMinio(Path binary, Path dataDirectory) {
        this.minio = MinioProcess.on(binary, dataDirectory, READY_TIMEOUT);
    }

    public URI endpoint() {
        return minio.endpoint();
    }

    public S3Credentials credentials() {
        return minio.credentials();
    }

    /** Starts the server and waits until it is ready; again after {@link #kill()}, on the same port and data. */
    public void start() {
        minio.start();
    }

    /** SIGKILL by pid: no chance to finish anything in flight. */
    public void kill() {
        minio.kill();
    }

    /** SIGKILL on inject; heal starts the server again on the same port and data and waits until it is ready. */
    public Fault minioKilled() {
        return SwitchedFault.of("MinIO killed (SIGKILL)", this::kill, this::start);
    }

    @Override
    public void close() {
        minio.close();
    }
}
