package dev.vaultload.s3ec;

import dev.vaultload.storage.ClientStoreTraffic;
import dev.vaultload.storage.StoreRequest;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;
import software.amazon.awssdk.http.SdkHttpHeaders;

/**
 * Counts every S3 request these engines' clients make (S3EC's through the clients it wraps), answered or failed, for
 * the operation that made it ({@link ClientStoreTraffic}): its kind, the bytes it sent and received (the bodies'
 * Content-Length) and the time to its answer. The caller's tally is taken when the request starts, on the caller's
 * thread, since an asynchronous client answers on one of its own. A multipart upload's requests count as a PUT each.
 */
final class StoreRequestCounter implements ExecutionInterceptor {
    private static final ExecutionAttribute<ClientStoreTraffic.Tally> CALLER =
            new ExecutionAttribute<>("vaultload.storeRequestCaller");
    private static final ExecutionAttribute<Long> START_NANOS = new ExecutionAttribute<>("vaultload.storeRequestStart");
    private static final Map<String, StoreRequest> KINDS = Map.ofEntries(
            Map.entry("PutObject", StoreRequest.PUT), Map.entry("CreateMultipartUpload", StoreRequest.PUT),
            Map.entry("UploadPart", StoreRequest.PUT), Map.entry("CompleteMultipartUpload", StoreRequest.PUT),
            Map.entry("AbortMultipartUpload", StoreRequest.PUT), Map.entry("GetObject", StoreRequest.GET),
            Map.entry("HeadObject", StoreRequest.HEAD), Map.entry("HeadBucket", StoreRequest.HEAD),
            Map.entry("ListObjectsV2", StoreRequest.LIST), Map.entry("ListObjects", StoreRequest.LIST),
            Map.entry("CopyObject", StoreRequest.COPY), Map.entry("UploadPartCopy", StoreRequest.COPY),
            Map.entry("DeleteObject", StoreRequest.DELETE), Map.entry("DeleteObjects", StoreRequest.DELETE));

    @Override
    public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
        attributes.putAttribute(CALLER, ClientStoreTraffic.current());
        attributes.putAttribute(START_NANOS, System.nanoTime());
    }

    @Override
    public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
        record(attributes, Optional.of(context.httpRequest()), Optional.of(context.httpResponse()));
    }

    @Override
    public void onExecutionFailure(Context.FailedExecution context, ExecutionAttributes attributes) {
        record(attributes, context.httpRequest(), context.httpResponse());
    }

    private static void record(ExecutionAttributes attributes, Optional<? extends SdkHttpHeaders> request,
                               Optional<? extends SdkHttpHeaders> response) {
        StoreRequest kind = KINDS.get(attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME));
        ClientStoreTraffic.Tally caller = attributes.getAttribute(CALLER);
        Long startNanos = attributes.getAttribute(START_NANOS);
        if (kind != null && caller != null && startNanos != null) {
            caller.record(kind, request.map(StoreRequestCounter::length).orElse(0L),
                    response.map(StoreRequestCounter::length).orElse(0L), System.nanoTime() - startNanos);
        }
    }

    private static long length(SdkHttpHeaders message) {
        return message.firstMatchingHeader("Content-Length").map(Long::parseLong).orElse(0L);
    }
}
