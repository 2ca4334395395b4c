package dev.vaultload.s3.provider;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.vaultload.s3.S3Credentials;
import dev.vaultload.storage.BlobStoreException;
import dev.vaultload.storage.BlobStoreException.Kind;
import dev.vaultload.storage.Directories;

/**
 * A MinIO server process started from a binary on free 127.0.0.1 ports, with fresh keys and a temporary data
 * directory; {@link #close()} stops it (SIGTERM, then SIGKILL after a grace period) and deletes the directory.
 */
final class MinioProcess implements S3Server {

    private static final Duration STOP_GRACE = Duration.ofSeconds(5);
    private static final Duration READY_POLL = Duration.ofMillis(100);

    private final Process process;
    private final Path baseDirectory;
    private final URI endpoint;
    private final S3Credentials credentials;
    private boolean stopped;

    private MinioProcess(Process process, Path baseDirectory, URI endpoint, S3Credentials credentials) {
        this.process = process;
        this.baseDirectory = baseDirectory;
        this.endpoint = endpoint;
        this.credentials = credentials;
    }

    /** Starts the server and waits until {@code /minio/health/ready} answers 200, at most {@code startTimeout}. */
    static MinioProcess start(Path binary, Duration startTimeout) {
        Path baseDirectory = LocalServers.createScratchDirectory("vaultload-minio-");
        int port = LocalServers.freeLoopbackPort();
        int consolePort = LocalServers.freeLoopbackPort();
        S3Credentials credentials = LocalServers.randomCredentials();
        ProcessBuilder builder = new ProcessBuilder(List.of(binary.toString(), "server", baseDirectory.resolve("data").toString(),
                "--address", "127.0.0.1:" + port, "--console-address", "127.0.0.1:" + consolePort))
                .redirectErrorStream(true)
                .redirectOutput(baseDirectory.resolve("minio.log").toFile());
        builder.environment().put("MINIO_ROOT_USER", credentials.accessKeyId());
        builder.environment().put("MINIO_ROOT_PASSWORD", credentials.secretKey());
        builder.environment().put("MINIO_UPDATE", "off");
        MinioProcess server;
        try {
            server = new MinioProcess(builder.start(), baseDirectory, URI.create("http://127.0.0.1:" + port), credentials);
        } catch (IOException e) {
            Directories.deleteTree(baseDirectory);
            throw new BlobStoreException(Kind.OTHER, "cannot run MinIO binary " + binary + ": " + e.getMessage(), e);
        }
        try {
            server.awaitReady(startTimeout);
            return server;
        } catch (RuntimeException e) {
            server.close();
            throw e;
        }
    }

    @Override
    public URI endpoint() {
        return endpoint;
    }

    @Override
    public S3Credentials credentials() {
        return credentials;
    }

    /** The server's process id, e.g. to kill it in a test. */
    long pid() {
        return process.pid();
    }

    @Override
    public synchronized void close() {
        if (stopped) {
            return;
        }
        stopped = true;
        try {
            process.destroy();
            if (!process.waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        } finally {
            Directories.deleteTree(baseDirectory);
        }
    }

    private void awaitReady(Duration startTimeout) {
        URI readiness = endpoint.resolve("/minio/health/ready");
        long deadlineNanos = System.nanoTime() + startTimeout.toNanos();
        try (HttpClient http = HttpClient.newBuilder().connectTimeout(READY_POLL.multipliedBy(10)).build()) {
            while (System.nanoTime() < deadlineNanos) {
                if (!process.isAlive()) {
                    throw new BlobStoreException(Kind.SERVER, "MinIO at " + endpoint + " exited with status "
                            + process.exitValue() + " while starting: " + logTail());
                }
                if (answersReady(http, readiness)) {
                    return;
                }
                Thread.sleep(READY_POLL);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BlobStoreException(Kind.OTHER, "interrupted while waiting for MinIO at " + endpoint, e);
        }
        throw new BlobStoreException(Kind.TIMEOUT, "MinIO at " + endpoint + " was not ready within "
                + startTimeout.toSeconds() + " s (MINIO_START_TIMEOUT_SECONDS): " + logTail());
    }

    private static boolean answersReady(HttpClient http, URI readiness) throws InterruptedException {
        try {
            HttpRequest request = HttpRequest.newBuilder(readiness).timeout(READY_POLL.multipliedBy(10)).GET().build();
            return http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
        } catch (IOException notYetListening) {
            return false;
        }
    }

    private String logTail() {
        try {
            List<String> lines = Files.readAllLines(baseDirectory.resolve("minio.log"));
            return String.join(" | ", lines.subList(Math.max(0, lines.size() - 5), lines.size()));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }
}
