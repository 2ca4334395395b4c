package dev.vaultload.s3ec;

import dev.vaultload.kms.KeyManagerException;
import dev.vaultload.kms.aws.AwsKmsClients;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;

/**
 * Times every call of the KmsClient S3EC's KMS keyring uses, failed or not, from before the SDK's execution to its
 * end, on the thread that makes it ({@link CallerKmsCalls#record}); and reads a failed call as the harness's
 * {@link KeyManagerException}, naming the KMS, the operation and the key. The SDK lets no interceptor change an
 * exception's type, so that reading rides on the SDK's exception as a suppressed one, which
 * {@code S3EcFailures.kms} finds after S3EC has wrapped it: a KMS failure is counted by its kind, not as the store's.
 * It is also recorded with the call, for the reader S3EC made it for, where S3EC drops the exception.
 */
final class TimedKmsCalls implements ExecutionInterceptor {
    private static final ExecutionAttribute<Long> START_NANOS = new ExecutionAttribute<>("vaultload.kmsCallStart");

    private final String kms;
    private final String keyId;

    /** @param kms the KMS for messages, e.g. {@code AWS KMS at http://127.0.0.1:4599} */
    TimedKmsCalls(String kms, String keyId) {
        this.kms = kms;
        this.keyId = keyId;
    }

    @Override
    public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
        attributes.putAttribute(START_NANOS, System.nanoTime());
    }

    @Override
    public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
        recordSince(attributes, null);
    }

    @Override
    public void onExecutionFailure(Context.FailedExecution context, ExecutionAttributes attributes) {
        KeyManagerException read = null;
        if (context.exception() instanceof SdkException failure) {
            KeyManagerException classified = AwsKmsClients.failure(failure, kms + ": "
                    + attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME) + " with key '" + keyId + "'");
            // without its cause, which is the exception it is attached to
            read = new KeyManagerException(classified.kind(), classified.getMessage());
            failure.addSuppressed(read);
        }
        recordSince(attributes, read);
    }

    /** @param failure the call's failure as the harness reads it; null when it succeeded */
    private static void recordSince(ExecutionAttributes attributes, KeyManagerException failure) {
        Long start = attributes.getAttribute(START_NANOS);
        if (start != null) {
            CallerKmsCalls.record(System.nanoTime() - start, failure);
        }
    }
}
