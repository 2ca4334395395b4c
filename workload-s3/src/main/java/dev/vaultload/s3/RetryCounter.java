package dev.vaultload.s3;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;

/**
 * Counts the retries the SDK makes, per S3 operation name ({@code PutObject}, {@code UploadPart}, ...): every HTTP
 * attempt of a call after its first. Thread-safe; the counters only grow.
 */
final class RetryCounter implements ExecutionInterceptor {

    /** Set on a call's attributes by its first attempt; a constant key, not state. */
    private static final ExecutionAttribute<Boolean> ATTEMPTED = new ExecutionAttribute<>("vaultload.attempted");

    private final Map<String, LongAdder> retriesByOperation = new ConcurrentHashMap<>();

    @Override
    public void beforeTransmission(Context.BeforeTransmission context, ExecutionAttributes attributes) {
        if (attributes.getAttribute(ATTEMPTED) == null) {
            attributes.putAttribute(ATTEMPTED, Boolean.TRUE);
            return;
        }
        countRetry(attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME));
    }

    /** One more retry of {@code operation}, by a caller that retries outside the SDK's pipeline. */
    void countRetry(String operation) {
        retriesByOperation.computeIfAbsent(operation, name -> new LongAdder()).increment();
    }

    /** Retries so far of one operation, e.g. {@code retries("GetObject")}; 0 if it never retried. */
    long retries(String operation) {
        LongAdder retries = retriesByOperation.get(operation);
        return retries == null ? 0 : retries.sum();
    }

    /** A snapshot of all operations that retried, sorted by name. */
    Map<String, Long> snapshot() {
        Map<String, Long> snapshot = new TreeMap<>();
        retriesByOperation.forEach((operation, retries) -> snapshot.put(operation, retries.sum()));
        return snapshot;
    }
}
