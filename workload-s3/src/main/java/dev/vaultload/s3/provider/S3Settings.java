package dev.vaultload.s3.provider;

import dev.vaultload.s3.S3ClientSettings;
import dev.vaultload.s3.S3Timeouts;
import dev.vaultload.s3.S3TransferSettings;
import dev.vaultload.settings.Setting;
import dev.vaultload.settings.SettingDeclarations;
import dev.vaultload.settings.SettingType;
import java.nio.file.Path;
import java.util.List;

/** The settings of the S3 providers (EMBEDDED, MINIO, CEPH, AMAZON), Datasafe's names where it had them. */
public final class S3Settings implements SettingDeclarations {
    private static final SettingType<String> ENDPOINT = SettingType.text("`host:port` (plain http, e.g. `127.0.0.1:7480`)"
            + " or `http(s)://host[:port]`");
    private static final SettingType<String> ENDPOINTS = SettingType.text("`host:port` or `http(s)://host[:port]`, or"
            + " several separated by commas, each with an optional `*WEIGHT` (e.g. `127.0.0.1:7480,127.0.0.1:7481*2`)");
    private static final SettingType<String> BUCKET_NAME = new SettingType<>("3-63 characters of a-z, 0-9, '.' and '-',"
            + " starting and ending with a letter or digit", S3Settings::bucketName);
    private static final SettingType<Integer> KEYS_PER_REQUEST =
            SettingType.integerWithin(1, S3TransferSettings.MAX_KEYS_PER_REQUEST);

    public static final Setting<String> AWS_ACCESS_KEY = Setting.optional("AWS_ACCESS_KEY",
            SettingType.text("an access key id"), "the SDK's default credential chain",
            "access key of a static key pair, set with `AWS_SECRET_KEY` (CEPH, AMAZON, MINIO with `MINIO_URL`)");
    public static final Setting<String> AWS_SECRET_KEY = Setting.secret("AWS_SECRET_KEY",
            "secret key of the static key pair (never printed)");
    public static final Setting<String> AWS_BUCKET = Setting.of("AWS_BUCKET", BUCKET_NAME, S3ProviderSettings.DEFAULT_BUCKET,
            "bucket of single-bucket runs (required for AMAZON)");
    public static final Setting<String> AWS_REGION = Setting.of("AWS_REGION",
            SettingType.text("a region name such as `eu-central-1`"), S3ClientSettings.DEFAULT_REGION, "signing region");
    public static final Setting<String> AWS_URL = Setting.optional("AWS_URL", ENDPOINTS, "AWS's own endpoint",
            "endpoint of the S3 service, required for CEPH; a list spreads the calls over endpoints of one cluster"
                    + " (RADOS Gateways without a load balancer), weighted round robin, with figures per endpoint");
    public static final Setting<Path> CA_PATH = Setting.optional("CA_PATH", SettingType.readableFile("a readable PEM file"),
            "the JDK's trust store",
            "PEM file of CA certificates to trust for https endpoints");
    public static final Setting<String> EMBEDDED_S3_BACKEND = Setting.of("EMBEDDED_S3_BACKEND",
            SettingType.oneOf(List.of(EmbeddedS3Server.FILESYSTEM, EmbeddedS3Server.TRANSIENT)), EmbeddedS3Server.FILESYSTEM,
            "what holds the EMBEDDED server's objects: `filesystem` a temporary directory, `transient` the heap (short runs only)")
            .forProviders(EmbeddedProviderFactory.NAME);
    public static final Setting<String> EMBEDDED_S3_URL = Setting.optional("EMBEDDED_S3_URL", ENDPOINT,
            "EMBEDDED starts its own server", "endpoint of an embedded server that `vaultload s3-server` started, shared by"
                    + " several processes (`scripts/shards-local.sh`); needs the key pair; its buckets must exist")
            .forProviders(EmbeddedProviderFactory.NAME);
    public static final Setting<String> RESULTS_S3_URL = Setting.optional("RESULTS_S3_URL", ENDPOINT, "`AWS_URL`",
            "endpoint of the results bucket of an s3:// `RESULTS_URL`, with the same key pair and region");
    public static final Setting<String> MINIO_URL = Setting.optional("MINIO_URL", ENDPOINTS, "MINIO starts its own server",
            "endpoint of an existing MinIO, or a list of its nodes as for `AWS_URL`; needs the key pair")
            .forProviders(MinioProviderFactory.NAME);
    public static final Setting<Path> MINIO_BINARY = Setting.optional("MINIO_BINARY",
            SettingType.path("an executable minio server"), "the pinned build of `scripts/start-minio.sh binary`"
                    + " (`~/go/minio/VERSION/minio`), else `minio` on PATH, else `~/go/bin/minio`",
            "the `minio` executable MINIO starts (`scripts/start-minio.sh binary` builds a pinned one)")
            .forProviders(MinioProviderFactory.NAME).asAmbient();
    public static final Setting<String> MINIO_IMAGE = Setting.of("MINIO_IMAGE",
            SettingType.text("an image name"), MinioContainer.DEFAULT_IMAGE,
            "image for Testcontainers, where a Docker engine answers")
            .forProviders(MinioProviderFactory.NAME);
    public static final Setting<Integer> MINIO_START_TIMEOUT_SECONDS = Setting.of("MINIO_START_TIMEOUT_SECONDS",
            SettingType.integerWithin(1, 3600), "30", "wait for `/minio/health/ready` of a started binary")
            .forProviders(MinioProviderFactory.NAME);
    public static final Setting<Integer> S3_MAX_CONNECTIONS = Setting.optional("S3_MAX_CONNECTIONS",
            SettingType.integerWithin(1, 10_000), "2 x the largest `THREADS` value, at least 16",
            "connections per HTTP pool: the SDK client's, and the direct GET's beside it on an endpoint override");
    public static final Setting<Integer> S3_MAX_ATTEMPTS = Setting.of("S3_MAX_ATTEMPTS", SettingType.integerWithin(1, 20),
            Integer.toString(S3ClientSettings.DEFAULT_MAX_ATTEMPTS), "attempts per call with the SDK's standard retry strategy");
    public static final Setting<Integer> S3_CONNECT_TIMEOUT_MILLIS = Setting.of("S3_CONNECT_TIMEOUT_MILLIS",
            SettingType.positiveInt(),
            Long.toString(S3Timeouts.DEFAULT.connectTimeoutMillis()), "TCP/TLS connect");
    public static final Setting<Integer> S3_SOCKET_TIMEOUT_MILLIS = Setting.of("S3_SOCKET_TIMEOUT_MILLIS",
            SettingType.positiveInt(),
            Long.toString(S3Timeouts.DEFAULT.socketTimeoutMillis()), "longest silence on a socket, also inside a GetObject stream");
    public static final Setting<Integer> S3_API_CALL_ATTEMPT_TIMEOUT_MILLIS = Setting.of("S3_API_CALL_ATTEMPT_TIMEOUT_MILLIS",
            SettingType.positiveInt(), Long.toString(S3Timeouts.DEFAULT.apiCallAttemptTimeoutMillis()), "one HTTP attempt");
    public static final Setting<Integer> S3_API_CALL_TIMEOUT_MILLIS = Setting.of("S3_API_CALL_TIMEOUT_MILLIS",
            SettingType.positiveInt(),
            Long.toString(S3Timeouts.DEFAULT.apiCallTimeoutMillis()), "one call with its retries");
    public static final Setting<Integer> S3_PART_SIZE_MIB = Setting.of("S3_PART_SIZE_MIB",
            SettingType.integerWithin(S3TransferSettings.MIN_PART_SIZE_BYTES >> 20,
                    S3TransferSettings.MAX_PART_SIZE_BYTES >> 20),
            Integer.toString(S3TransferSettings.DEFAULT.partSizeBytes() >> 20),
            "`openOutput` buffers this much, then uploads in parts of this size");
    public static final Setting<Integer> S3_LIST_PAGE_SIZE = Setting.of("S3_LIST_PAGE_SIZE", KEYS_PER_REQUEST,
            Integer.toString(S3TransferSettings.DEFAULT.listPageSize()), "keys per ListObjectsV2 page");
    public static final Setting<Integer> S3_DELETE_BATCH_SIZE = Setting.of("S3_DELETE_BATCH_SIZE", KEYS_PER_REQUEST,
            Integer.toString(S3TransferSettings.DEFAULT.deleteBatchSize()), "keys per DeleteObjects request");

    @Override
    public String topic() {
        return "S3 stores: EMBEDDED, MINIO, CEPH, AMAZON";
    }

    @Override
    public List<Setting<?>> settings() {
        return List.of(AWS_ACCESS_KEY, AWS_SECRET_KEY, AWS_BUCKET, AWS_REGION, AWS_URL, CA_PATH, EMBEDDED_S3_BACKEND,
                EMBEDDED_S3_URL, RESULTS_S3_URL,
                MINIO_URL, MINIO_BINARY, MINIO_IMAGE, MINIO_START_TIMEOUT_SECONDS, S3_MAX_CONNECTIONS, S3_MAX_ATTEMPTS,
                S3_CONNECT_TIMEOUT_MILLIS, S3_SOCKET_TIMEOUT_MILLIS, S3_API_CALL_ATTEMPT_TIMEOUT_MILLIS,
                S3_API_CALL_TIMEOUT_MILLIS, S3_PART_SIZE_MIB, S3_LIST_PAGE_SIZE, S3_DELETE_BATCH_SIZE);
    }

    private static String bucketName(String text) {
        if (!text.matches("[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]")) {
            throw new IllegalArgumentException(text);
        }
        return text;
    }
}
