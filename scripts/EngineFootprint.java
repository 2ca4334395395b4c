import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.Engine;
import dev.vaultload.engine.EngineOptions;
import dev.vaultload.engine.Engines;
import dev.vaultload.engine.Password;
import dev.vaultload.engine.UserCredentials;
import dev.vaultload.storage.BlobStore;
import dev.vaultload.storage.StorageProvider;
import dev.vaultload.storage.StorageProviders;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * Bytes each engine stores per document on the run's S3 provider (scripts/engine-footprint.sh runs it on
 * vaultload.jar): one private document per engine and size, the objects it added found by listing the bucket before
 * and after, their S3 sizes and user metadata (x-amz-meta-*, where a HEAD without keys answers), and with
 * MINIO_DATA_DIR the bytes under the objects' directories on MinIO's drive. Prints one line per engine and size.
 */
public class EngineFootprint {
    public static void main(String[] args) throws IOException {
        String[] engines = System.getenv().getOrDefault("ENGINES", "VAULTLOAD,DATASAFE,S3EC,SSE_S3,SSE_KMS,SSE_C").split(",");
        String[] sizesKib = System.getenv().getOrDefault("FILE_SIZES", "100,10240").split(",");
        String drive = System.getenv("MINIO_DATA_DIR");
        try (StorageProvider provider = StorageProviders.named(System.getenv().getOrDefault("STORAGE_PROVIDERS", "MINIO")).start(System::getenv)) {
            Map<String, String> access = provider.directAccess();
            BlobStore bucket = provider.openBucket(provider.defaultBucket());
            S3Client s3 = S3Client.builder().endpointOverride(URI.create(access.get("AWS_URL"))).forcePathStyle(true)
                    .region(Region.of(access.get("AWS_REGION")))
                    .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(access.get("AWS_ACCESS_KEY"), access.get("AWS_SECRET_KEY"))))
                    .httpClientBuilder(software.amazon.awssdk.http.apache.ApacheHttpClient.builder().tlsTrustManagersProvider(
                            System.getenv("CA_PATH") == null ? null : () -> dev.vaultload.storage.TrustedCertificates.fromPem(Path.of(System.getenv("CA_PATH")))))
                    .build();
            System.out.printf("%-10s %9s %14s %14s %14s %10s %12s%n", "engine", "size_kib", "objects", "object_bytes",
                    "meta_bytes", "disk_bytes", "per_byte");
            for (String engineName : engines) {
                Engine engine = Engines.named(engineName).open(bucket, new EngineOptions(CipherSuite.AES256_GCM,
                        EngineOptions.DEFAULT_KDF_ITERATIONS, name -> access.getOrDefault(name, System.getenv(name))));
                UserCredentials user = new UserCredentials("footprint-" + engineName.toLowerCase() + "-" + System.nanoTime(), Password.of("footprint password"));
                engine.createUser(user);
                for (String sizeKib : sizesKib) {
                    int sizeBytes = Integer.parseInt(sizeKib.trim()) * 1024;
                    Map<String, Long> before = sizes(s3, access.get("AWS_BUCKET"));
                    byte[] content = new byte[sizeBytes];
                    new Random(sizeBytes).nextBytes(content);
                    try (OutputStream out = engine.privateSpace(user).write("footprint/doc-" + sizeKib.trim())) {
                        out.write(content);
                    }
                    Map<String, Long> after = sizes(s3, access.get("AWS_BUCKET"));
                    Set<String> added = new HashSet<>(after.keySet());
                    added.removeAll(before.keySet());
                    long objectBytes = added.stream().mapToLong(after::get).sum();
                    long metaBytes = 0;
                    for (String key : added) {
                        try {
                            metaBytes += s3.headObject(r -> r.bucket(access.get("AWS_BUCKET")).key(key)).metadata().entrySet().stream()
                                    .mapToLong(e -> "x-amz-meta-".length() + e.getKey().length() + e.getValue().length()).sum();
                        } catch (RuntimeException needsKey) {
                            metaBytes = -1; // SSE-C: a HEAD without the customer key is refused; no user metadata is written
                        }
                    }
                    long diskBytes = drive == null ? -1 : added.stream().mapToLong(key -> du(Path.of(drive, access.get("AWS_BUCKET"), key))).sum();
                    System.out.printf("%-10s %9s %14d %14d %14d %10d %12.4f%n", engineName, sizeKib.trim(), added.size(), objectBytes,
                            metaBytes, diskBytes, (double) (drive == null ? objectBytes + Math.max(0, metaBytes) : diskBytes) / sizeBytes);
                }
                engine.destroyUser(user);
            }
        }
    }

    private static Map<String, Long> sizes(S3Client s3, String bucket) {
        Map<String, Long> sizes = new java.util.HashMap<>();
        s3.listObjectsV2Paginator(r -> r.bucket(bucket)).contents().forEach((S3Object o) -> sizes.put(o.key(), o.size()));
        return sizes;
    }

    private static long du(Path directory) {
        try (Stream<Path> files = Files.walk(directory)) {
            return files.filter(Files::isRegularFile).mapToLong(file -> file.toFile().length()).sum();
        } catch (IOException e) {
            return -1;
        }
    }
}
