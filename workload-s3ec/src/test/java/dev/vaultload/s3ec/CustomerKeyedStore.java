package dev.vaultload.s3ec;

import dev.vaultload.storage.BlobStore;
import java.io.InputStream;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;

/**
 * The contract's view of an SSE-C bucket for one who holds the application's keys: a document under
 * {@code users/ID/private|inbox/} is read and written with its owner's current key, so a copy (through the client) re-keys
 * to the target's owner; the rest (profiles) plainly.
 */
final class CustomerKeyedStore extends ClientCopyStore {
    private final S3Client s3;
    private final String bucket;

    CustomerKeyedStore(BlobStore bucketStore, S3Client s3, String bucket) {
        super(bucketStore);
        this.s3 = s3;
        this.bucket = bucket;
    }

    @Override
    public InputStream get(String key) {
        if (owner(key) == null) {
            return super.get(key);
        }
        GetObjectRequest.Builder request = GetObjectRequest.builder().bucket(bucket).key(key);
        SseMode.SSE_C.apply(request, CustomerKeys.current(owner(key)));
        return s3.getObject(request.build());
    }

    @Override
    public void put(String key, InputStream content, long lengthBytes) {
        if (owner(key) == null) {
            super.put(key, content, lengthBytes);
            return;
        }
        PutObjectRequest.Builder request = PutObjectRequest.builder().bucket(bucket).key(key);
        SseMode.SSE_C.apply(request, CustomerKeys.current(owner(key)), null);
        s3.putObject(request.build(), RequestBody.fromInputStream(content, lengthBytes));
    }

    /** The user whose key encrypts a document's object, or null for an object that is not a document. */
    private static String owner(String key) {
        String[] segments = key.split("/", 4);
        return segments.length == 4 && (segments[2].equals("private") || segments[2].equals("inbox")) ? segments[1] : null;
    }
}
