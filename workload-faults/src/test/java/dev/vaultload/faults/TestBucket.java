package dev.vaultload.faults;

import dev.vaultload.s3.S3Credentials;
import java.net.URI;
import java.time.Duration;
import java.util.Random;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * One bucket through a plain AWS SDK v2 S3 client with retries off, so that a test sees what each fault does to
 * a single call; a bounded attempt timeout, so that no call hangs.
 */
record TestBucket(S3Client client, String name) implements AutoCloseable {

    static TestBucket open(URI endpoint, S3Credentials credentials, String bucket, Duration attemptTimeout) {
        S3Client client = S3Client.builder()
                .endpointOverride(endpoint)
                .forcePathStyle(true)
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(
                        AwsBasicCredentials.create(credentials.accessKeyId(), credentials.secretKey())))
                // as S3Connection: Ceph RGW rejects the SDK's default trailing checksums
                .requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
                .responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED)
                .overrideConfiguration(override -> override
                        .retryStrategy(AwsRetryStrategy.doNotRetry())
                        .apiCallAttemptTimeout(attemptTimeout))
                .build();
        return new TestBucket(client, bucket);
    }

    /** Deterministic bytes, different for each size. */
    static byte[] content(int sizeBytes) {
        byte[] content = new byte[sizeBytes];
        new Random(sizeBytes).nextBytes(content);
        return content;
    }

    /** How long a call took, in milliseconds. */
    static long millis(Runnable call) {
        long startNanos = System.nanoTime();
        call.run();
        return (System.nanoTime() - startNanos) / 1_000_000;
    }

    void create() {
        client.createBucket(request -> request.bucket(name));
    }

    void put(String key, byte[] content) {
        client.putObject(request -> request.bucket(name).key(key), RequestBody.fromBytes(content));
    }

    byte[] get(String key) {
        return client.getObjectAsBytes(request -> request.bucket(name).key(key)).asByteArray();
    }

    long sizeBytes(String key) {
        return client.headObject(request -> request.bucket(name).key(key)).contentLength();
    }

    @Override
    public void close() {
        client.close();
    }
}
