package dev.vaultload.s3;

import dev.vaultload.storage.BlobKeys;
import dev.vaultload.storage.ObjectRange;
import dev.vaultload.storage.BlobNotFoundException;
import dev.vaultload.storage.BlobOutputStream;
import dev.vaultload.storage.BlobStore;
import dev.vaultload.storage.BlobStoreException;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.s3.model.DeleteObjectsResponse;
import software.amazon.awssdk.services.s3.model.ObjectIdentifier;
import software.amazon.awssdk.services.s3.model.S3Error;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * A {@link BlobStore} on one bucket of an S3 server, through a client shared with other buckets of the same
 * {@link S3Connection}, or through several such connections to endpoints of one cluster, each call on the next
 * endpoint of an {@link EndpointRotation} (a stream or a listing stays on the endpoint it started on). Thread-safe. Every failure comes out as a {@link dev.vaultload.storage.BlobStoreException} of
 * its kind (see {@link S3ErrorTranslator}); {@link #close()} leaves the shared client open.
 */
public final class S3BlobStore implements BlobStore {

    private final EndpointRotation endpoints;
    private final String bucket;
    private final S3TransferSettings transfer;

    S3BlobStore(EndpointRotation endpoints, String bucket, S3TransferSettings transfer) {
        this.endpoints = endpoints;
        this.bucket = bucket;
        this.transfer = transfer;
    }

    /**
     * Through {@link #openOutput}: one PutObject up to a part (so a retry can send the bytes again), parts beyond. A
     * content stream that fails or ends early leaves no object.
     */
    @Override
    public void put(String key, InputStream content, long lengthBytes) {
        S3BlobOutputStream out = output(key);
        try {
            copyExactly(content, out, lengthBytes);
        } catch (IOException | RuntimeException e) {
            try {
                out.abort();
            } catch (RuntimeException abortFailure) {
                e.addSuppressed(abortFailure);
            }
            throw e instanceof BlobStoreException failure ? failure : new BlobStoreException(BlobStoreException.Kind.OTHER,
                    "PutObject s3://" + bucket + "/" + key + ": reading its content failed: " + e.getMessage(), e);
        }
        out.close();
    }

    private static void copyExactly(InputStream content, OutputStream out, long lengthBytes) throws IOException {
        byte[] chunk = new byte[(int) Math.min(PartBuffer.BLOCK_BYTES, Math.max(1, lengthBytes))];
        long remainingBytes = lengthBytes;
        while (remainingBytes > 0) {
            int readBytes = content.read(chunk, 0, (int) Math.min(chunk.length, remainingBytes));
            if (readBytes < 0) {
                throw new EOFException("the content ended " + remainingBytes + " bytes short of " + lengthBytes);
            }
            out.write(chunk, 0, readBytes);
            remainingBytes -= readBytes;
        }
    }

    /** Buffers up to a part; one PutObject if the object stays smaller, a multipart upload otherwise. */
    @Override
    public BlobOutputStream openOutput(String key) {
        return output(key);
    }

    private S3BlobOutputStream output(String key) {
        S3Connection endpoint = endpoints.next();
        return new S3BlobOutputStream(new ObjectWriter(endpoint.client(), endpoint.putter(), bucket, BlobKeys.requireValidKey(key),
                endpoint.errors()), transfer.partSizeBytes());
    }

    /** A streaming GetObject; read failures come out as {@code BlobStoreException} (TIMEOUT or SERVER). */
    @Override
    public InputStream get(String key) {
        return open(key, null);
    }

    /**
     * A GetObject with a Range header: the server sends only the range (416, a CLIENT failure, past the end); a
     * {@code lastByte} of {@link Long#MAX_VALUE} asks for the rest of the object ({@code bytes=first-}).
     */
    @Override
    public InputStream get(String key, long firstByte, long lastByte) {
        ObjectRange.requireRange(firstByte, lastByte);
        return open(key, "bytes=" + firstByte + "-" + (lastByte == Long.MAX_VALUE ? "" : Long.toString(lastByte)));
    }

    private InputStream open(String key, String range) {
        S3Connection endpoint = endpoints.next();
        try {
            return new S3ObjectStream(endpoint.opener().open(bucket, BlobKeys.requireValidKey(key), range), bucket, key,
                    endpoint.errors());
        } catch (SdkException e) {
            throw endpoint.errors().translate(e, "GetObject", bucket, key);
        }
    }

    /** ListObjectsV2 pages of {@code listPageSize} keys, each fetched only when the stream reaches it. */
    @Override
    public Stream<String> list(String prefix) {
        BlobKeys.requireValidPrefix(prefix);
        S3Connection endpoint = endpoints.next();
        Iterator<String> keys = new ListedKeys(() -> endpoint.client().listObjectsV2Paginator(request -> request.bucket(bucket)
                .prefix(prefix.isEmpty() ? null : prefix).maxKeys(transfer.listPageSize()))
                .contents().stream().map(S3Object::key).iterator(), bucket, prefix, endpoint.errors());
        return StreamSupport.stream(Spliterators.spliteratorUnknownSize(keys, Spliterator.NONNULL), false);
    }

    @Override
    public boolean exists(String key) {
        S3Connection endpoint = endpoints.next();
        try {
            endpoint.client().headObject(request -> request.bucket(bucket).key(BlobKeys.requireValidKey(key)));
            return true;
        } catch (SdkException e) {
            BlobStoreException failure = endpoint.errors().translate(e, "HeadObject", bucket, key);
            if (failure instanceof BlobNotFoundException) {
                return false;
            }
            throw failure;
        }
    }

    /** Server-side CopyObject: the bytes never pass through the client (S3 allows it up to 5 GiB per object). */
    @Override
    public void copy(String sourceKey, String targetKey) {
        S3Connection endpoint = endpoints.next();
        try {
            endpoint.client().copyObject(request -> request.sourceBucket(bucket).sourceKey(BlobKeys.requireValidKey(sourceKey))
                    .destinationBucket(bucket).destinationKey(BlobKeys.requireValidKey(targetKey)));
        } catch (SdkException e) {
            throw endpoint.errors().translate(e, "CopyObject", bucket, sourceKey + " -> " + targetKey);
        }
    }

    @Override
    public void delete(String key) {
        S3Connection endpoint = endpoints.next();
        try {
            endpoint.client().deleteObject(request -> request.bucket(bucket).key(BlobKeys.requireValidKey(key)));
        } catch (SdkException e) {
            throw endpoint.errors().translate(e, "DeleteObject", bucket, key);
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
        return "S3 " + endpoints.connections().stream().map(endpoint -> endpoint.errors().endpoint())
                .collect(Collectors.joining(",")) + "/" + bucket;
    }

    private int deleteBatch(String prefix, List<ObjectIdentifier> keys) {
        S3Connection endpoint = endpoints.next();
        DeleteObjectsResponse response;
        try {
            response = endpoint.client().deleteObjects(request -> request.bucket(bucket)
                    .delete(delete -> delete.objects(keys).quiet(true)));
        } catch (SdkException e) {
            throw endpoint.errors().translate(e, "DeleteObjects", bucket, prefix);
        }
        List<S3Error> failed = response.errors().stream().filter(error -> !"NoSuchKey".equals(error.code())).toList();
        if (!failed.isEmpty()) {
            S3Error first = failed.getFirst();
            throw endpoint.errors().translateDeleteError(first.code(), first.message(), bucket, first.key(), failed.size());
        }
        return keys.size();
    }
}
