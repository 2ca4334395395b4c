package dev.vaultload.s3.provider;

import java.net.URI;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.vaultload.s3.S3Credentials;

/**
 * The command line and environment of a local MinIO server, the same for every MinIO Vaultload starts from a binary
 * (the MINIO provider's, the fault tools'):
 * <pre>
 *   minio server DATA --address 127.0.0.1:PORT --console-address 127.0.0.1:CONSOLE_PORT --certs-dir CERTS
 *   MINIO_ROOT_USER, MINIO_ROOT_PASSWORD   a fresh key pair
 *   MINIO_UPDATE=off
 *   MINIO_KMS_SECRET_KEY=vaultload-key:KEY  a random 256-bit key, the one SSE_S3 and SSE_KMS encrypt under
 * </pre>
 * scripts/start-minio.sh starts its server with the same flags and environment: a change here must be made there
 * too, and MinioScriptTest fails until it is. The log ({@code minio.log}) and the certificates ({@code certs/},
 * always given, or MinIO would take {@code ~/.minio/certs}) lie next to the data directory, as in the script.
 */
record MinioCommand(Path binary, Path dataDirectory, int port, int consolePort, S3Credentials credentials,
                    String kmsSecretKey, boolean tls) {

    /** Fresh keys, a fresh KMS key and free 127.0.0.1 ports for a server on {@code dataDirectory}. */
    static MinioCommand fresh(Path binary, Path dataDirectory, boolean tls) {
        byte[] kmsKey = new byte[32];
        new SecureRandom().nextBytes(kmsKey);
        return new MinioCommand(binary, dataDirectory, LocalServers.freeLoopbackPort(), LocalServers.freeLoopbackPort(),
                LocalServers.randomCredentials(), MinioProcess.KMS_KEY_NAME + ":" + Base64.getEncoder().encodeToString(kmsKey),
                tls);
    }

    URI endpoint() {
        return URI.create((tls ? "https" : "http") + "://127.0.0.1:" + port);
    }

    Path logFile() {
        return dataDirectory.resolveSibling("minio.log");
    }

    Path certsDirectory() {
        return dataDirectory.resolveSibling("certs");
    }

    /** The server's certificate, its own CA (public.crt, where MinIO reads it). */
    Path certificate() {
        return certsDirectory().resolve("public.crt");
    }

    List<String> arguments() {
        return List.of(binary.toString(), "server", dataDirectory.toString(),
                "--address", "127.0.0.1:" + port,
                "--console-address", "127.0.0.1:" + consolePort,
                "--certs-dir", certsDirectory().toString());
    }

    /** What the server gets on top of this process's environment. */
    Map<String, String> environment() {
        Map<String, String> environment = new LinkedHashMap<>();
        environment.put("MINIO_ROOT_USER", credentials.accessKeyId());
        environment.put("MINIO_ROOT_PASSWORD", credentials.secretKey());
        environment.put("MINIO_UPDATE", "off");
        environment.put("MINIO_KMS_SECRET_KEY", kmsSecretKey);
        return environment;
    }

    /** The server's process, its output appended to the log (a restart adds to it). */
    ProcessBuilder processBuilder() {
        ProcessBuilder builder = new ProcessBuilder(arguments())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(logFile().toFile()));
        builder.environment().putAll(environment());
        return builder;
    }

    /** Without the keys: the KMS key must not reach a message any more than the secret key. */
    @Override
    public String toString() {
        return "MinioCommand[" + endpoint() + ", data " + dataDirectory + "]";
    }
}
