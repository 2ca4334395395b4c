package dev.vaultload.kms.aws;

import dev.vaultload.kms.KeyManagerException;
import dev.vaultload.kms.KmsSettings;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.kms.KmsClient;
import software.amazon.awssdk.services.kms.KmsClientBuilder;

/**
 * The SDK's {@link KmsClient} as the AWS_KMS settings describe it, for the {@code AWS_KMS} binding and for an engine
 * that hands the client to a library of its own (S3EC's KMS keyring): AWS in AWS_KMS_REGION with the SDK's default
 * credential chain, or with AWS_KMS_URL an emulator such as local-kms, signed with placeholder credentials.
 */
public final class AwsKmsClients {
    /** More than any pressure run's threads: a thread never waits for a pooled connection. */
    private static final int MAX_CONNECTIONS = 1024;
    /** Emulators check no signature, but the SDK signs every call. */
    private static final AwsBasicCredentials PLACEHOLDER = AwsBasicCredentials.create("vaultload", "vaultload");

    private AwsKmsClients() {
    }

    /**
     * A client that makes one attempt per call (a refusal counts as the KMS gave it) within KMS_TIMEOUT, running
     * {@code interceptors} around each call.
     */
    public static KmsClient open(Function<String, String> settings, List<ExecutionInterceptor> interceptors) {
        Optional<URI> url = KmsSettings.AWS_KMS_URL.find(settings);
        Duration timeout = KmsSettings.KMS_TIMEOUT.read(settings);
        AwsCredentialsProvider credentials = url.isPresent() ? StaticCredentialsProvider.create(PLACEHOLDER)
                : DefaultCredentialsProvider.builder().build();
        KmsClientBuilder client = KmsClient.builder().region(region(settings)).credentialsProvider(credentials)
                .httpClientBuilder(ApacheHttpClient.builder().maxConnections(MAX_CONNECTIONS)
                        .connectionTimeout(timeout).socketTimeout(timeout))
                .overrideConfiguration(configuration -> configuration.retryStrategy(AwsRetryStrategy.doNotRetry())
                        .apiCallTimeout(timeout).executionInterceptors(interceptors));
        url.ifPresent(client::endpointOverride);
        return client.build();
    }

    /** The KMS the settings name, e.g. {@code AWS KMS at http://127.0.0.1:4599}: for messages, never in a series key. */
    public static String description(Function<String, String> settings) {
        return "AWS KMS at " + KmsSettings.AWS_KMS_URL.find(settings).map(URI::toString)
                .orElse("AWS " + region(settings));
    }

    /** A failed call of this client as the harness classifies it; {@code what} names the KMS, operation and key. */
    public static KeyManagerException failure(SdkException failure, String what) {
        return AwsKmsFailures.translate(failure, what);
    }

    private static Region region(Function<String, String> settings) {
        return Region.of(KmsSettings.AWS_KMS_REGION.read(settings));
    }
}
