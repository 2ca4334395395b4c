package dev.vaultload.s3.provider;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import javax.net.ssl.SSLContext;

import dev.vaultload.s3.S3Credentials;
import dev.vaultload.storage.BlobStoreException;
import dev.vaultload.storage.BlobStoreException.Kind;
import dev.vaultload.storage.Directories;
import dev.vaultload.storage.HaltCleanup;
import dev.vaultload.storage.TrustedCertificates;

/**
 * A MinIO server started from a binary on 127.0.0.1, as {@link MinioCommand} runs it (the flags, keys and KMS key
 * scripts/start-minio.sh gives its server too), ready once {@code /minio/health/ready} answers 200. The MINIO provider
 * starts one in a scratch directory that {@link #close()} deletes; the fault tools start one on a data directory of
 * theirs and {@link #kill()} and {@link #start()} it again on the same port, data, keys and KMS key (MinIO seals
 * encrypted objects, its stored configuration and its IAM data under that key: after a restart with another it
 * cannot read them).
 */
public final class MinioProcess implements S3Server {

    /** The KMS key every MinIO started from a binary has, this class's and the script's: SSE_KMS_KEY_ID's default. */
    public static final String KMS_KEY_NAME = "vaultload-key";

    private static final Duration STOP_GRACE = Duration.ofSeconds(5);
    private static final Duration READY_POLL = Duration.ofMillis(100);

    private final MinioCommand command;
    private final Duration startTimeout;
    private final Runnable afterStop;
    private Process process;
    private boolean closed;

    private MinioProcess(MinioCommand command, Duration startTimeout, Runnable afterStop) {
        this.command = command;
        this.startTimeout = startTimeout;
        this.afterStop = afterStop;
    }

    /** Starts a server in a new scratch directory, on free ports with fresh keys; {@link #close()} deletes it all. */
    static MinioProcess start(Path binary, Duration startTimeout) {
        return startInScratch(binary, false, startTimeout);
    }

    /** As {@link #start(Path, Duration)}, serving https with a certificate of its own ({@link #caCertificate()}). */
    static MinioProcess startWithTls(Path binary, Duration startTimeout) {
        return startInScratch(binary, true, startTimeout);
    }

    /**
     * A server on {@code dataDirectory} (its log and certificates go next to it), on free ports with fresh keys, not
     * started yet; {@link #close()} stops it and leaves the directory.
     */
    public static MinioProcess on(Path binary, Path dataDirectory, Duration startTimeout) {
        return new MinioProcess(MinioCommand.fresh(binary, dataDirectory, false), startTimeout, () -> { });
    }

    private static MinioProcess startInScratch(Path binary, boolean tls, Duration startTimeout) {
        Path scratch = LocalServers.createScratchDirectory("vaultload-minio-");
        MinioCommand command = MinioCommand.fresh(binary, scratch.resolve("data"), tls);
        MinioProcess server = new MinioProcess(command, startTimeout, () -> Directories.deleteTree(scratch));
        try {
            if (tls) {
                LoopbackCertificate.writeTo(command.certsDirectory());
            }
            server.start();
            return server;
        } catch (RuntimeException e) {
            server.close();
            throw e;
        }
    }

    /** Starts the server, again after {@link #kill()}, and waits until it is ready, at most the start timeout. */
    public synchronized void start() {
        if (closed || (process != null && process.isAlive())) {
            throw new IllegalStateException(command + " is " + (closed ? "closed" : "running"));
        }
        try {
            process = HaltCleanup.child(command.processBuilder().start());
        } catch (IOException e) {
            throw new BlobStoreException(Kind.OTHER, "cannot run MinIO binary " + command.binary() + ": " + e.getMessage(), e);
        }
        try {
            awaitReady();
        } catch (RuntimeException e) {
            kill(); // so that a later start can take the port
            throw e;
        }
    }

    /** SIGKILL: the server gets no chance to finish anything in flight. */
    public synchronized void kill() {
        if (process != null) {
            awaitExit(process.destroyForcibly());
        }
    }

    @Override
    public URI endpoint() {
        return command.endpoint();
    }

    @Override
    public S3Credentials credentials() {
        return command.credentials();
    }

    /** The certificate to trust (CA_PATH) when the server serves https. */
    Optional<Path> caCertificate() {
        return command.tls() ? Optional.of(command.certificate()) : Optional.empty();
    }

    /** SIGTERM, SIGKILL after a grace period; then the scratch directory goes, if the server has one. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            if (process != null) {
                process.destroy();
                if (!awaitExit(process)) {
                    awaitExit(process.destroyForcibly());
                }
            }
        } finally {
            afterStop.run();
        }
    }

    private static boolean awaitExit(Process process) {
        try {
            return process.waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private void awaitReady() {
        URI readiness = endpoint().resolve("/minio/health/ready");
        long deadlineNanos = System.nanoTime() + startTimeout.toNanos();
        try (HttpClient http = readinessClient()) {
            while (System.nanoTime() < deadlineNanos) {
                if (!process.isAlive()) {
                    throw new BlobStoreException(Kind.SERVER, "MinIO at " + endpoint() + " exited with status "
                            + process.exitValue() + " while starting: " + logTail());
                }
                if (answersReady(http, readiness)) {
                    return;
                }
                Thread.sleep(READY_POLL);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BlobStoreException(Kind.OTHER, "interrupted while waiting for MinIO at " + endpoint(), e);
        }
        throw new BlobStoreException(Kind.TIMEOUT, "MinIO at " + endpoint() + " was not ready within "
                + startTimeout.toSeconds() + " s (MINIO_START_TIMEOUT_SECONDS): " + logTail());
    }

    /** Trusts the server's own certificate when it serves https, as its clients do through CA_PATH. */
    private HttpClient readinessClient() {
        HttpClient.Builder builder = HttpClient.newBuilder().connectTimeout(READY_POLL.multipliedBy(10));
        caCertificate().ifPresent(certificate -> {
            try {
                SSLContext context = SSLContext.getInstance("TLS");
                context.init(null, TrustedCertificates.fromPem(certificate), null);
                builder.sslContext(context);
            } catch (GeneralSecurityException e) {
                throw new BlobStoreException(Kind.OTHER, "cannot trust " + certificate + ": " + e.getMessage(), e);
            }
        });
        return builder.build();
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
            List<String> lines = Files.readAllLines(command.logFile());
            return String.join(" | ", lines.subList(Math.max(0, lines.size() - 5), lines.size()));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }
}
