package dev.vaultload.faults;

import dev.vaultload.s3.S3Credentials;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * A MinIO server on 127.0.0.1 that a fault can kill by pid and start again on the same port and data
 * directory, as an operator restarting a crashed server would.
 */
public final class RestartableMinio implements AutoCloseable {
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(30);

    private final Path binary;
    private final Path dataDirectory;
    private final int port;
    private final S3Credentials credentials =
            new S3Credentials("vl" + UUID.randomUUID().toString().substring(0, 8), UUID.randomUUID().toString());
    private Process process;

    /**
     * @param binary        the minio executable
     * @param dataDirectory its data, kept across restarts; its log goes next to it ({@code minio.log}, appended at each start)
     */
    public RestartableMinio(Path binary, Path dataDirectory) {
        this.binary = binary;
        this.dataDirectory = dataDirectory;
        this.port = LoopbackPorts.free();
    }

    public URI endpoint() {
        return URI.create("http://127.0.0.1:" + port);
    }

    public S3Credentials credentials() {
        return credentials;
    }

    /** Starts the server and waits until it is ready; again after {@link #kill()}, on the same port and data. */
    public synchronized void start() {
        ProcessBuilder builder = new ProcessBuilder(List.of(binary.toString(), "server", dataDirectory.toString(),
                "--address", "127.0.0.1:" + port, "--console-address", "127.0.0.1:" + LoopbackPorts.free()))
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(dataDirectory.resolveSibling("minio.log").toFile()));
        builder.environment().put("MINIO_ROOT_USER", credentials.accessKeyId());
        builder.environment().put("MINIO_ROOT_PASSWORD", credentials.secretKey());
        builder.environment().put("MINIO_UPDATE", "off");
        try {
            process = builder.start();
            awaitReady();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + binary, e);
        }
    }

    /** SIGKILL by pid: no chance to finish anything in flight. */
    public synchronized void kill() {
        ProcessHandle.of(process.pid()).ifPresent(ProcessHandle::destroyForcibly);
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** SIGKILL on inject; heal starts the server again on the same port and data and waits until it is ready. */
    public Fault minioKilled() {
        return SwitchedFault.of("MinIO killed (SIGKILL)", this::kill, this::start);
    }

    @Override
    public synchronized void close() {
        if (process != null) {
            kill();
        }
    }

    private void awaitReady() {
        HttpClient http = HttpClient.newHttpClient();
        HttpRequest ready = HttpRequest.newBuilder(endpoint().resolve("/minio/health/ready")).build();
        long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            try {
                if (http.send(ready, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return;
                }
            } catch (IOException e) {
                // not listening yet
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        throw new IllegalStateException("MinIO at " + endpoint() + " not ready within " + READY_TIMEOUT);
    }
}
