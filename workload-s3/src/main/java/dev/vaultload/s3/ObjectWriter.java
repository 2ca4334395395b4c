package dev.vaultload.s3;

import java.util.ArrayList;
import java.util.List;

import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.CompletedPart;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;

/**
 * The S3 requests that write one object from in-memory chunks: a single PutObject, or a multipart upload
 * (create, parts, complete) that is aborted on failure so no incomplete upload is left behind. Not thread-safe.
 */
final class ObjectWriter {

    private static final UnchunkedSigning UNCHUNKED_SIGNING = new UnchunkedSigning();

    private final S3Client client;
    private final ObjectPutter putter;
    private final String bucket;
    private final String key;
    private final S3ErrorTranslator errors;
    private final List<CompletedPart> parts = new ArrayList<>();
    private String uploadId;

    ObjectWriter(S3Client client, ObjectPutter putter, String bucket, String key, S3ErrorTranslator errors) {
        this.client = client;
        this.putter = putter;
        this.bucket = bucket;
        this.key = key;
        this.errors = errors;
    }

    /** The SDK's PutObject of a whole buffered object; an empty one signed unchunked (see {@link UnchunkedSigning}). */
    static void sdkPut(S3Client client, String bucket, String key, PartBuffer content) {
        if (content.sizeBytes() == 0) {
            client.putObject(PutObjectRequest.builder().bucket(bucket).key(key).contentLength(0L)
                    .overrideConfiguration(override -> override.addPlugin(UNCHUNKED_SIGNING)).build(), RequestBody.empty());
        } else {
            client.putObject(request -> request.bucket(bucket).key(key).contentLength(content.sizeBytes()), body(content));
        }
    }

    /** Writes the whole object in one PutObject. */
    void putWhole(PartBuffer content) {
        try {
            putter.put(bucket, key, content);
        } catch (SdkException e) {
            throw errors.translate(e, "PutObject", bucket, key);
        }
    }

    /** Uploads the next part, starting the multipart upload with the first; aborts the upload if this fails. */
    void uploadPart(PartBuffer content) {
        String operation = "CreateMultipartUpload";
        try {
            if (uploadId == null) {
                uploadId = client.createMultipartUpload(request -> request.bucket(bucket).key(key)).uploadId();
            }
            operation = "UploadPart";
            int partNumber = parts.size() + 1;
            String eTag = client.uploadPart(request -> request.bucket(bucket).key(key).uploadId(uploadId)
                    .partNumber(partNumber).contentLength(content.sizeBytes()), body(content)).eTag();
            parts.add(CompletedPart.builder().partNumber(partNumber).eTag(eTag).build());
        } catch (SdkException e) {
            throw abortAfter(errors.translate(e, operation, bucket, key));
        }
    }

    /** Completes the multipart upload from the parts uploaded so far; aborts it if this fails. */
    void complete() {
        try {
            client.completeMultipartUpload(request -> request.bucket(bucket).key(key).uploadId(uploadId)
                    .multipartUpload(upload -> upload.parts(parts)));
        } catch (SdkException e) {
            throw abortAfter(errors.translate(e, "CompleteMultipartUpload", bucket, key));
        }
    }

    boolean multipartStarted() {
        return uploadId != null;
    }

    /** Drops the multipart upload and its parts, if one was started. */
    void abort() {
        if (uploadId == null) {
            return;
        }
        String abortedUploadId = uploadId;
        uploadId = null;
        try {
            client.abortMultipartUpload(request -> request.bucket(bucket).key(key).uploadId(abortedUploadId));
        } catch (SdkException e) {
            throw errors.translate(e, "AbortMultipartUpload", bucket, key);
        }
    }

    private RuntimeException abortAfter(RuntimeException failure) {
        try {
            abort();
        } catch (RuntimeException abortFailure) {
            failure.addSuppressed(abortFailure);
        }
        return failure;
    }

    /** Replayable for retries without copying: the buffer is not touched until the request returned. */
    private static RequestBody body(PartBuffer content) {
        return RequestBody.fromContentProvider(content::newInputStream, content.sizeBytes(), "application/octet-stream");
    }
}
