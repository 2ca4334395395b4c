package dev.vaultload.s3.provider;

import dev.vaultload.s3.S3ClientSettings;
import dev.vaultload.s3.S3Timeouts;
import dev.vaultload.s3.S3TransferSettings;
import dev.vaultload.settings.Setting;
import dev.vaultload.settings.SettingDeclarations;
import java.util.List;

/** The settings of the S3 providers (EMBEDDED, MINIO, CEPH, AMAZON), Datasafe's names where it had them. */
public final class S3Settings implements SettingDeclarations {
    public static final Setting AWS_ACCESS_KEY = Setting.optional("AWS_ACCESS_KEY", "the SDK's default credential chain",
            "access key of a static key pair, set with `AWS_SECRET_KEY` (CEPH, AMAZON, MINIO with `MINIO_URL`)");
    public static final Setting AWS_SECRET_KEY = Setting.secret("AWS_SECRET_KEY",
            "secret key of the static key pair; never printed");
    public static final Setting AWS_BUCKET = Setting.of("AWS_BUCKET", S3ProviderSettings.DEFAULT_BUCKET,
            "bucket of single-bucket runs (required for AMAZON)");
    public static final Setting AWS_REGION = Setting.of("AWS_REGION", S3ClientSettings.DEFAULT_REGION, "signing region");
    public static final Setting AWS_URL = Setting.optional("AWS_URL", "AWS's own endpoint",
            "`host:port` (plain http, e.g. `127.0.0.1:7480`) or `http(s)://host[:port]`; required for CEPH");
    public static final Setting CA_PATH = Setting.optional("CA_PATH", "the JDK's trust store",
            "PEM file of CA certificates to trust for https endpoints");
    public static final Setting EMBEDDED_S3_BACKEND = Setting.of("EMBEDDED_S3_BACKEND", EmbeddedS3Server.FILESYSTEM,
            "`filesystem` (a temporary directory) or `transient` (heap: short runs only) behind the EMBEDDED server");
    public static final Setting MINIO_URL = Setting.optional("MINIO_URL", "MINIO starts its own server",
            "an existing MinIO, same forms as `AWS_URL`; needs the key pair");
    public static final Setting MINIO_BINARY = Setting.optional("MINIO_BINARY", "`minio` on PATH, else `~/go/bin/minio`",
            "the `minio` executable MINIO starts (`scripts/start-minio.sh binary` builds a pinned one)");
    public static final Setting MINIO_IMAGE = Setting.of("MINIO_IMAGE", MinioContainer.DEFAULT_IMAGE,
            "image for Testcontainers, where a Docker engine answers");
    public static final Setting MINIO_START_TIMEOUT_SECONDS = Setting.of("MINIO_START_TIMEOUT_SECONDS", "30",
            "wait for `/minio/health/ready` of a started binary");
    public static final Setting S3_MAX_CONNECTIONS = Setting.optional("S3_MAX_CONNECTIONS",
            "2 x the largest `THREADS` value, at least 16", "HTTP connection pool");
    public static final Setting S3_MAX_ATTEMPTS = Setting.of("S3_MAX_ATTEMPTS",
            Integer.toString(S3ClientSettings.DEFAULT_MAX_ATTEMPTS), "attempts per call with the SDK's standard retry strategy (1-20)");
    public static final Setting S3_CONNECT_TIMEOUT_MILLIS = Setting.of("S3_CONNECT_TIMEOUT_MILLIS",
            Long.toString(S3Timeouts.DEFAULT.connectTimeoutMillis()), "TCP/TLS connect");
    public static final Setting S3_SOCKET_TIMEOUT_MILLIS = Setting.of("S3_SOCKET_TIMEOUT_MILLIS",
            Long.toString(S3Timeouts.DEFAULT.socketTimeoutMillis()), "longest silence on a socket, also inside a GetObject stream");
    public static final Setting S3_API_CALL_ATTEMPT_TIMEOUT_MILLIS = Setting.of("S3_API_CALL_ATTEMPT_TIMEOUT_MILLIS",
            Long.toString(S3Timeouts.DEFAULT.apiCallAttemptTimeoutMillis()), "one HTTP attempt");
    public static final Setting S3_API_CALL_TIMEOUT_MILLIS = Setting.of("S3_API_CALL_TIMEOUT_MILLIS",
            Long.toString(S3Timeouts.DEFAULT.apiCallTimeoutMillis()), "one call with its retries");
    public static final Setting S3_PART_SIZE_MIB = Setting.of("S3_PART_SIZE_MIB",
            Integer.toString(S3TransferSettings.DEFAULT.partSizeBytes() >> 20),
            "`openOutput` buffers this much, then uploads in parts of this size (5-1024)");
    public static final Setting S3_LIST_PAGE_SIZE = Setting.of("S3_LIST_PAGE_SIZE",
            Integer.toString(S3TransferSettings.DEFAULT.listPageSize()), "keys per ListObjectsV2 page");
    public static final Setting S3_DELETE_BATCH_SIZE = Setting.of("S3_DELETE_BATCH_SIZE",
            Integer.toString(S3TransferSettings.DEFAULT.deleteBatchSize()), "keys per DeleteObjects request");

    @Override
    public List<Setting> settings() {
        return List.of(AWS_ACCESS_KEY, AWS_SECRET_KEY, AWS_BUCKET, AWS_REGION, AWS_URL, CA_PATH, EMBEDDED_S3_BACKEND,
                MINIO_URL, MINIO_BINARY, MINIO_IMAGE, MINIO_START_TIMEOUT_SECONDS, S3_MAX_CONNECTIONS, S3_MAX_ATTEMPTS,
                S3_CONNECT_TIMEOUT_MILLIS, S3_SOCKET_TIMEOUT_MILLIS, S3_API_CALL_ATTEMPT_TIMEOUT_MILLIS,
                S3_API_CALL_TIMEOUT_MILLIS, S3_PART_SIZE_MIB, S3_LIST_PAGE_SIZE, S3_DELETE_BATCH_SIZE);
    }
}
