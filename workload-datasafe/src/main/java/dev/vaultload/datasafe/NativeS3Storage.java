package dev.vaultload.datasafe;

import com.amazonaws.auth.AWSStaticCredentialsProvider;
import com.amazonaws.auth.BasicAWSCredentials;
import com.amazonaws.client.builder.AwsClientBuilder;
import com.amazonaws.services.s3.AmazonS3;
import com.amazonaws.services.s3.AmazonS3ClientBuilder;
import de.adorsys.datasafe.storage.api.StorageService;
import de.adorsys.datasafe.storage.impl.s3.S3StorageService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;

/**
 * DATASAFE_STORAGE=NATIVE: Datasafe's own S3 adapter (AWS SDK v1), as teams deploy it, on the endpoint, bucket and
 * key pair of the run's S3 provider (its direct access: AWS_URL, AWS_REGION, AWS_BUCKET, AWS_ACCESS_KEY,
 * AWS_SECRET_KEY). It bypasses the harness's store, so there is no store/engine time split and no multi-bucket
 * routing; keys are the same as through the adapter.
 */
final class NativeS3Storage {
    private NativeS3Storage() {
    }

    static StorageService open(Function<String, String> settings) {
        String bucket = settings.apply("AWS_BUCKET");
        if (bucket == null) {
            throw new IllegalArgumentException("Invalid DATASAFE_STORAGE='NATIVE': expected an S3 storage provider"
                    + " (EMBEDDED, MINIO, CEPH, AMAZON), which names the bucket");
        }
        String region = settings.apply("AWS_REGION");
        AmazonS3ClientBuilder client = AmazonS3ClientBuilder.standard().enablePathStyleAccess();
        String endpoint = settings.apply("AWS_URL");
        if (endpoint == null) {
            client.withRegion(region);
        } else {
            client.withEndpointConfiguration(new AwsClientBuilder.EndpointConfiguration(endpoint, region));
        }
        String accessKey = settings.apply("AWS_ACCESS_KEY");
        if (accessKey != null) {
            client.withCredentials(new AWSStaticCredentialsProvider(
                    new BasicAWSCredentials(accessKey, settings.apply("AWS_SECRET_KEY"))));
        }
        return new S3StorageService(client.build(), bucket, uploadThreads());
    }

    /** Datasafe uploads a large document's parts on these; daemon threads, so they never hold the JVM. */
    private static ExecutorService uploadThreads() {
        return Executors.newCachedThreadPool(Thread.ofPlatform().daemon().name("datasafe-upload-", 0).factory());
    }
}
