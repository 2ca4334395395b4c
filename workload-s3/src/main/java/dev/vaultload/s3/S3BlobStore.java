package dev.vaultload.s3;

import dev.vaultload.storage.BlobKeys;
import dev.vaultload.storage.BlobNotFoundException;
import dev.vaultload.storage.BlobOutputStream;
import dev.vaultload.storage.BlobStore;
import dev.vaultload.storage.BlobStoreException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.DeleteObjectsResponse;
import software.amazon.awssdk.services.s3.model.ObjectIdentifier;
import software.amazon.awssdk.services.s3.model.S3Error;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * A {@link BlobStore} on one bucket of an S3 server, through a client shared with other buckets of the same
 * {@link S3Connection}. Thread-safe. Every failure comes out as a {@link dev.vaultload.storage.BlobStoreException} of
 * its kind (see {@link S3ErrorTranslator}); {@link #close()} leaves the shared client open.
 */
public final class S3BlobStore implements BlobStore {

    private final S3Client client;
    private final ObjectOpener opener;
    private final String bucket;
    private final S3TransferSettings transfer;
    private final S3ErrorTranslator errors;

    S3BlobStore(S3Client client, ObjectOpener opener, String bucket, S3TransferSettings transfer, S3ErrorTranslator errors) {
        this.client = client;
        this.opener = opener;
        this.bucket = bucket;
        this.transfer = transfer;
        this.errors = errors;
    }

    /** One streaming PutObject: the SDK reads {@code lengthBytes} bytes from {@code content} while sending. */
    @Override
    public void put(String key, InputStream content, long lengthBytes) {
        try {
            if (lengthBytes == 0) {
                client.putObject(ObjectWriter.emptyObject(bucket, BlobKeys.requireValidKey(key)), RequestBody.empty());
            } else {
                client.putObject(request -> request.bucket(bucket).key(BlobKeys.requireValidKey(key)).contentLength(lengthBytes),
                        RequestBody.fromInputStream(content, lengthBytes));
            }
        } catch (SdkException | IllegalStateException e) {
            // IllegalStateException: the SDK retried after the content stream failed, and that stream cannot be replayed
            throw errors.translate(e, "PutObject", bucket, key);
        }
    }

    /** Buffers up to a part; one PutObject if the object stays smaller, a multipart upload otherwise. */
    @Override
    public BlobOutputStream openOutput(String key) {
        return new S3BlobOutputStream(new ObjectWriter(client, bucket, BlobKeys.requireValidKey(key), errors),
                transfer.partSizeBytes());
    }

    /** A streaming GetObject; read failures come out as {@code BlobStoreException} (TIMEOUT or SERVER). */
    @Override
    public InputStream get(String key) {
        try {
            return new S3ObjectStream(opener.open(bucket, BlobKeys.requireValidKey(key)), bucket, key, errors);
        } catch (SdkException e) {
            throw errors.translate(e, "GetObject", bucket, key);
        }
    }

    /** ListObjectsV2 pages of {@code listPageSize} keys, each fetched only when the stream reaches it. */
    @Override
    public Stream<String> list(String prefix) {
        BlobKeys.requireValidPrefix(prefix);
        Iterator<String> keys = new ListedKeys(() -> client.listObjectsV2Paginator(request -> request.bucket(bucket)
                .prefix(prefix.isEmpty() ? null : prefix).maxKeys(transfer.listPageSize()))
                .contents().stream().map(S3Object::key).iterator(), bucket, prefix, errors);
        return StreamSupport.stream(Spliterators.spliteratorUnknownSize(keys, Spliterator.NONNULL), false);
    }

    @Override
    public boolean exists(String key) {
        try {
            client.headObject(request -> request.bucket(bucket).key(BlobKeys.requireValidKey(key)));
            return true;
        } catch (SdkException e) {
            BlobStoreException failure = errors.translate(e, "HeadObject", bucket, key);
            if (failure instanceof BlobNotFoundException) {
                return false;
            }
            throw failure;
        }
    }

    /** Server-side CopyObject: the bytes never pass through the client (S3 allows it up to 5 GiB per object). */
    @Override
    public void copy(String sourceKey, String targetKey) {
        try {
            client.copyObject(request -> request.sourceBucket(bucket).sourceKey(BlobKeys.requireValidKey(sourceKey))
                    .destinationBucket(bucket).destinationKey(BlobKeys.requireValidKey(targetKey)));
        } catch (SdkException e) {
            throw errors.translate(e, "CopyObject", bucket, sourceKey + " -> " + targetKey);
        }
    }

    @Override
    public void delete(String key) {
        try {
            client.deleteObject(request -> request.bucket(bucket).key(BlobKeys.requireValidKey(key)));
        } catch (SdkException e) {
            throw errors.translate(e, "DeleteObject", bucket, key);
        }
    }

    /** Lists the prefix and deletes what it lists with DeleteObjects, {@code deleteBatchSize} keys per request. */
    @Override
    public long deletePrefix(String prefix) {
        long deletedKeys = 0;
        List<ObjectIdentifier> batch = new ArrayList<>(transfer.deleteBatchSize());
        try (Stream<String> keys = list(prefix)) {
            for (Iterator<String> it = keys.iterator(); it.hasNext(); ) {
                batch.add(ObjectIdentifier.builder().key(it.next()).build());
                if (batch.size() == transfer.deleteBatchSize()) {
                    deletedKeys += deleteBatch(prefix, batch);
                    batch.clear();
                }
            }
        }
        if (!batch.isEmpty()) {
            deletedKeys += deleteBatch(prefix, batch);
        }
        return deletedKeys;
    }

    @Override
    public String locate(String key) {
        return "s3://" + bucket + "/" + key;
    }

    @Override
    public String describe() {
        return "S3 " + errors.endpoint() + "/" + bucket;
    }

    private int deleteBatch(String prefix, List<ObjectIdentifier> keys) {
        DeleteObjectsResponse response;
        try {
            response = client.deleteObjects(request -> request.bucket(bucket)
                    .delete(delete -> delete.objects(keys).quiet(true)));
        } catch (SdkException e) {
            throw errors.translate(e, "DeleteObjects", bucket, prefix);
        }
        List<S3Error> failed = response.errors().stream().filter(error -> !"NoSuchKey".equals(error.code())).toList();
        if (!failed.isEmpty()) {
            S3Error first = failed.getFirst();
            throw errors.translateDeleteError(first.code(), first.message(), bucket, first.key(), failed.size());
        }
        return keys.size();
    }
}
