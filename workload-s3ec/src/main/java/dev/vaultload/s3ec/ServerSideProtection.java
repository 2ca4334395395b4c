package dev.vaultload.s3ec;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.EngineDescription;
import dev.vaultload.engine.EngineException;
import dev.vaultload.engine.Password;
import dev.vaultload.engine.RangeSlice;
import dev.vaultload.engine.UserCredentials;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.stream.Stream;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.core.exception.SdkServiceException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.CompletedPart;
import software.amazon.awssdk.services.s3.model.CopyObjectResponse;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.HeadObjectRequest;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;
import software.amazon.awssdk.services.s3.model.PutObjectResponse;
import software.amazon.awssdk.services.s3.model.UploadPartRequest;
import software.amazon.awssdk.services.s3.model.UploadPartResponse;

/**
 * SSE_S3, SSE_KMS, SSE_C: the server encrypts each object as it stores it and decrypts it for whoever may GET it;
 * the client sends plaintext (over TLS where the server serves it). No user key material is kept (SSE-C's keys are
 * the application's, {@link CustomerKeys}), so CREATE_USER writes only the profile. Every write's answer must
 * confirm the mode, else the write fails INTEGRITY: a server that silently stores plain text (Ceph 16.2's "SSE-S3")
 * is not let pass. A SHARE puts the first recipient's copy and copies it server-side to the others (with SSE-C the
 * copy re-keys to each recipient's key); a server that cannot copy encrypted objects (Ceph 16.2: 501) gets a PUT
 * per recipient instead, decided at the first refusal.
 *
 * <p>REENCRYPT: with SSE-S3 and SSE-KMS a copy in place, which MinIO stores under a new object key (its data
 * re-encrypted); with SSE-C, and where the server cannot copy, a read and re-write, since MinIO's SSE-C copy only
 * re-seals the object key and keeps the ciphertext. Through the S3 API the stored bytes of neither show: the
 * server decrypts on GET ({@link #storesCiphertext()}), so the copy's answer (or HEAD) must confirm the mode, and
 * the tests look at MinIO's drive. ROTATE_KEY (SSE-C only, {@link SseMode#keyLifecycle}): every object of the user,
 * private and inbox, copied in place from the old password's customer key to the next one's, then the next key made
 * the user's current one.
 */
final class ServerSideProtection implements DocumentProtection {
    private static final long PART_BYTES = 5L * 1024 * 1024;

    private final BucketObjects objects;
    private final S3Client s3;
    private final SseMode mode;
    private final String kmsKeyId;
    private final AtomicBoolean copyRefused = new AtomicBoolean();
    /** SSE-C: a share into a user's inbox and the user's rotation exclude each other, so no share lands under a retired key. */
    private final Map<String, ReadWriteLock> rekeying = new ConcurrentHashMap<>();

    ServerSideProtection(BucketObjects objects, SseMode mode, String kmsKeyId) {
        this.objects = objects;
        this.s3 = objects.client();
        this.mode = mode;
        this.kmsKeyId = kmsKeyId;
    }

    @Override
    public void createUser(UserCredentials user) {
        if (mode == SseMode.SSE_C) {
            CustomerKeys.makeCurrent(user);
        }
    }

    /** Nothing to open: with SSE-C the server, not this client, refuses a key that is not the object's. */
    @Override
    public void unlock(UserCredentials user) {
    }

    @Override
    public void forget(String userId) {
        if (mode == SseMode.SSE_C) {
            CustomerKeys.forget(userId);
            rekeying.remove(userId);
        }
    }

    @Override
    public void write(UserCredentials owner, String key, Spool document) {
        put(customerKey(owner), key, document);
    }

    @Override
    public void share(UserCredentials sender, List<String> recipientIds, List<String> inboxKeys, Spool document) {
        List<Lock> locks = recipientIds.stream().distinct().map(id -> rekeying(id).readLock()).toList();
        locks.forEach(Lock::lock);
        try {
            List<CustomerKeys.CustomerKey> keys = recipientIds.stream().map(this::currentKey).toList();
            put(keys.getFirst(), inboxKeys.getFirst(), document);
            for (int i = 1; i < recipientIds.size(); i++) {
                if (copyRefused.get() || !copied(inboxKeys.getFirst(), keys.getFirst(), inboxKeys.get(i), keys.get(i))) {
                    put(keys.get(i), inboxKeys.get(i), document);
                }
            }
        } finally {
            locks.forEach(Lock::unlock);
        }
    }

    @Override
    public void rotateKey(UserCredentials user, Password next) {
        if (mode != SseMode.SSE_C) {
            throw new UnsupportedOperationException("engine " + mode + " does not support ROTATE_KEY");
        }
        Lock exclusive = rekeying(user.userId()).writeLock();
        exclusive.lock();
        try {
            if (!CustomerKeys.isCurrent(user)) {
                throw new EngineException(EngineException.Reason.WRONG_PASSWORD, "the password is not the current one of user "
                        + user.userId());
            }
            UserCredentials after = new UserCredentials(user.userId(), next);
            CustomerKeys.CustomerKey from = CustomerKeys.of(user);
            CustomerKeys.CustomerKey to = CustomerKeys.of(after);
            for (String root : List.of(ObjectLayout.privateRoot(user.userId()), ObjectLayout.inboxRoot(user.userId()))) {
                try (Stream<String> keys = objects.list(root)) {
                    keys.forEach(key -> rekey(key, from, to));
                }
            }
            CustomerKeys.makeCurrent(after);
        } finally {
            exclusive.unlock();
        }
    }

    /**
     * One object from one customer key to another by a copy in place. An object the old key does not open but the
     * new one does was re-keyed by an earlier, interrupted rotation, which this one completes.
     */
    private void rekey(String key, CustomerKeys.CustomerKey from, CustomerKeys.CustomerKey to) {
        try {
            copy(key, from, key, to);
        } catch (SdkServiceException e) {
            if (e.statusCode() != 400 && e.statusCode() != 403) {
                throw objects.translate(e, key);
            }
            if (!opensWith(key, to)) {
                throw new EngineException(EngineException.Reason.INTEGRITY,
                        "neither the user's old nor its new customer key opens the object", e).about(key);
            }
        }
    }

    @Override
    public void reencrypt(UserCredentials owner, String key, Runnable rewrite) {
        if (mode == SseMode.SSE_C || copyRefused.get()) {
            rewrite.run();
            return;
        }
        try {
            copy(key, null, key, null);
        } catch (SdkServiceException e) {
            if (e.statusCode() != 501) {
                throw objects.translate(e, key);
            }
            copyRefused.set(true);
            rewrite.run();
        }
    }

    @Override
    public boolean storesCiphertext() {
        return false;
    }

    @Override
    public InputStream read(UserCredentials reader, String key, boolean inbox) {
        return get(reader, key, null);
    }

    /**
     * A GET with a Range header: the server decrypts and sends only the range (MinIO authenticates each package it
     * decrypts), the client decrypts nothing; 416 past the end is RANGE_NOT_SATISFIABLE.
     */
    @Override
    public InputStream read(UserCredentials reader, String key, boolean inbox, long firstByte, long lastByte) {
        RangeSlice.requireRange(firstByte, lastByte);
        return get(reader, key, "bytes=" + firstByte + "-" + lastByte);
    }

    /** @param range a Range header's value; null for the whole object */
    private InputStream get(UserCredentials reader, String key, String range) {
        GetObjectRequest.Builder request = GetObjectRequest.builder().bucket(objects.bucket()).key(key).range(range);
        mode.apply(request, customerKey(reader));
        try {
            ResponseInputStream<GetObjectResponse> response = s3.getObject(request.build());
            FetchedBytes.record(response.response()); // sent whole, though read in part
            return new TranslatingInputStream(response, failure -> objects.translate(failure, key));
        } catch (SdkServiceException e) {
            // SSE-C: a document under another user's key does not open with the reader's (MinIO 403, Ceph 400)
            if (mode == SseMode.SSE_C && (e.statusCode() == 400 || e.statusCode() == 403)) {
                throw new EngineException(EngineException.Reason.ACCESS_DENIED, "the reader's SSE-C key does not open it", e).about(key);
            }
            if (range != null && e.statusCode() == 416) {
                throw new EngineException(EngineException.Reason.RANGE_NOT_SATISFIABLE, mode + ": " + range + " of " + key
                        + ": the range starts at or past the document's end (the server answered 416 InvalidRange)", e);
            }
            throw objects.translate(e, key);
        } catch (RuntimeException e) {
            throw objects.translate(e, key);
        }
    }

    @Override
    public EngineDescription description() {
        return new EngineDescription(mode.name(), CipherSuite.AES256_GCM, "NONE", 1);
    }

    /** The key {@code user}'s password gives, with SSE-C; the other modes send none. */
    private CustomerKeys.CustomerKey customerKey(UserCredentials user) {
        return mode == SseMode.SSE_C ? CustomerKeys.of(user) : null;
    }

    /** The key a share to {@code recipientId} goes under, with SSE-C. */
    private CustomerKeys.CustomerKey currentKey(String recipientId) {
        return mode == SseMode.SSE_C ? CustomerKeys.current(recipientId) : null;
    }

    private ReadWriteLock rekeying(String userId) {
        return rekeying.computeIfAbsent(userId, id -> new ReentrantReadWriteLock());
    }

    private void put(CustomerKeys.CustomerKey customerKey, String key, Spool document) {
        try {
            if (document.large()) {
                putInParts(customerKey, key, document);
            } else {
                PutObjectRequest.Builder request = PutObjectRequest.builder().bucket(objects.bucket()).key(key);
                mode.apply(request, customerKey, kmsKeyId);
                PutObjectResponse response = s3.putObject(request.build(), document.body());
                requireConfirmed(key, mode.confirmedBy(response.serverSideEncryption(), response.sseCustomerAlgorithm()));
            }
        } catch (EngineException e) {
            throw e;
        } catch (RuntimeException e) {
            throw objects.translate(e, key);
        }
    }

    private void putInParts(CustomerKeys.CustomerKey customerKey, String key, Spool document) {
        String uploadId = s3.createMultipartUpload(request -> mode.apply(request.bucket(objects.bucket()).key(key), customerKey, kmsKeyId)).uploadId();
        try (InputStream in = document.open()) {
            List<CompletedPart> parts = new ArrayList<>();
            byte[] buffer = new byte[(int) PART_BYTES];
            for (int partNumber = 1; ; partNumber++) {
                int length = in.readNBytes(buffer, 0, buffer.length);
                if (length == 0 && partNumber > 1) {
                    break;
                }
                UploadPartRequest.Builder part = UploadPartRequest.builder().bucket(objects.bucket()).key(key)
                        .uploadId(uploadId).partNumber(partNumber);
                mode.apply(part, customerKey);
                UploadPartResponse response = s3.uploadPart(part.build(), RequestBody.fromBytes(Arrays.copyOf(buffer, length)));
                requireConfirmed(key, mode.confirmedBy(response.serverSideEncryption(), response.sseCustomerAlgorithm()));
                parts.add(CompletedPart.builder().partNumber(partNumber).eTag(response.eTag()).build());
                if (length < buffer.length) {
                    break;
                }
            }
            s3.completeMultipartUpload(request -> request.bucket(objects.bucket()).key(key).uploadId(uploadId)
                    .multipartUpload(upload -> upload.parts(parts)));
        } catch (IOException e) {
            abort(key, uploadId);
            throw new UncheckedIOException(e);
        } catch (RuntimeException e) {
            abort(key, uploadId);
            throw e;
        }
    }

    private void abort(String key, String uploadId) {
        try {
            s3.abortMultipartUpload(request -> request.bucket(objects.bucket()).key(key).uploadId(uploadId));
        } catch (RuntimeException suppressed) {
            // the upload's first failure is the one to report; the server expires what stays behind
        }
    }

    /** Copies a recipient's copy server-side for another; false when the server cannot copy encrypted objects. */
    private boolean copied(String sourceKey, CustomerKeys.CustomerKey source, String targetKey, CustomerKeys.CustomerKey target) {
        try {
            copy(sourceKey, source, targetKey, target);
            return true;
        } catch (SdkServiceException e) {
            if (e.statusCode() == 501) {
                copyRefused.set(true);
                return false;
            }
            throw objects.translate(e, targetKey);
        }
    }

    /**
     * A server-side copy encrypted in this mode (under {@code target} with SSE-C, its source opened with
     * {@code source}), confirmed by its answer or else by the copy's HEAD (MinIO's copy answers name no encryption).
     *
     * @throws SdkServiceException as the server answered, for the caller to judge
     */
    private void copy(String sourceKey, CustomerKeys.CustomerKey source, String targetKey, CustomerKeys.CustomerKey target) {
        CopyObjectResponse response = s3.copyObject(request -> mode.apply(request.sourceBucket(objects.bucket())
                .sourceKey(sourceKey).destinationBucket(objects.bucket()).destinationKey(targetKey), source, target, kmsKeyId));
        if (!mode.confirmedBy(response.serverSideEncryption(), response.sseCustomerAlgorithm())) {
            HeadObjectResponse copy = head(targetKey, target);
            requireConfirmed(targetKey, mode.confirmedBy(copy.serverSideEncryption(), copy.sseCustomerAlgorithm()));
        }
    }

    private HeadObjectResponse head(String key, CustomerKeys.CustomerKey customerKey) {
        HeadObjectRequest.Builder head = HeadObjectRequest.builder().bucket(objects.bucket()).key(key);
        mode.apply(head, customerKey);
        return s3.headObject(head.build());
    }

    /** Whether the server opens the object with {@code customerKey} (its HEAD; 400 or 403 when the key is not its). */
    private boolean opensWith(String key, CustomerKeys.CustomerKey customerKey) {
        try {
            head(key, customerKey);
            return true;
        } catch (SdkServiceException e) {
            if (e.statusCode() == 400 || e.statusCode() == 403) {
                return false;
            }
            throw objects.translate(e, key);
        }
    }

    private void requireConfirmed(String key, boolean confirmed) {
        if (!confirmed) {
            throw new EngineException(EngineException.Reason.INTEGRITY, "the server did not confirm " + mode
                    + " for the object it stored: it may keep plain text").about(key);
        }
    }
}
