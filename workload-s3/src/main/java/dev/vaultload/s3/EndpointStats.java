package dev.vaultload.s3;

import dev.vaultload.storage.EndpointRequests;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.ConcurrentHistogram;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;

/**
 * The requests one {@link S3Connection} sent to its endpoint: each HTTP attempt of the SDK's calls (as an interceptor)
 * and of the direct ones ({@link DirectRequests} reports them), the ones that failed (no answer, or a status >= 400
 * other than 404: a missing object is an answer to an exists check or a read of what may be gone, not a failure of
 * the endpoint), and the time to each answer's headers. Thread-safe; the counters only grow.
 */
final class EndpointStats implements ExecutionInterceptor {

    /** When the current attempt was sent; a constant key, not state. */
    private static final ExecutionAttribute<Long> SENT_NANOS = new ExecutionAttribute<>("vaultload.sentNanos");

    private final String endpoint;
    private final LongAdder requests = new LongAdder();
    private final LongAdder succeededRequests = new LongAdder();
    private final ConcurrentHistogram latencyMicros = new ConcurrentHistogram(3);

    EndpointStats(String endpoint) {
        this.endpoint = endpoint;
    }

    @Override
    public void beforeTransmission(Context.BeforeTransmission context, ExecutionAttributes attributes) {
        attributes.putAttribute(SENT_NANOS, sent());
    }

    @Override
    public void afterTransmission(Context.AfterTransmission context, ExecutionAttributes attributes) {
        Long sentNanos = attributes.getAttribute(SENT_NANOS);
        if (sentNanos != null) {
            answered(sentNanos, context.httpResponse().statusCode());
        }
    }

    /** A request goes out now; returns its start for {@link #answered}. */
    long sent() {
        requests.increment();
        return System.nanoTime();
    }

    /** The request sent at {@code sentNanos} was answered with {@code status}. */
    void answered(long sentNanos, int status) {
        latencyMicros.recordValue(Math.max(0, TimeUnit.NANOSECONDS.toMicros(System.nanoTime() - sentNanos)));
        if (status < 400 || status == 404) {
            succeededRequests.increment();
        }
    }

    /** The figures so far, for an endpoint that takes {@code weight} shares of the operations. */
    EndpointRequests snapshot(int weight) {
        long succeeded = succeededRequests.sum(); // before the requests: a request is counted before it succeeds
        long sent = requests.sum();
        return new EndpointRequests(endpoint, weight, sent, sent - succeeded, latencyMicros.copy());
    }
}
