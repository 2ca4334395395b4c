package dev.vaultload.s3ec;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.EngineDescription;
import dev.vaultload.engine.EngineException;
import dev.vaultload.engine.UserCredentials;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import software.amazon.awssdk.core.exception.SdkServiceException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.CompletedPart;
import software.amazon.awssdk.services.s3.model.CopyObjectResponse;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
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
 */
final class ServerSideProtection implements DocumentProtection {
    private static final long PART_BYTES = 5L * 1024 * 1024;

    private final BucketObjects objects;
    private final S3Client s3;
    private final SseMode mode;
    private final String kmsKeyId;
    private final AtomicBoolean copyRefused = new AtomicBoolean();

    ServerSideProtection(BucketObjects objects, SseMode mode, String kmsKeyId) {
        this.objects = objects;
        this.s3 = objects.client();
        this.mode = mode;
        this.kmsKeyId = kmsKeyId;
    }

    @Override
    public void createUser(UserCredentials user) {
    }

    @Override
    public void unlock(UserCredentials user) {
    }

    @Override
    public void forget(String userId) {
    }

    @Override
    public void write(UserCredentials owner, String key, Spool document) {
        put(owner.userId(), key, document);
    }

    @Override
    public void share(UserCredentials sender, List<String> recipientIds, List<String> inboxKeys, Spool document) {
        put(recipientIds.getFirst(), inboxKeys.getFirst(), document);
        for (int i = 1; i < recipientIds.size(); i++) {
            if (copyRefused.get() || !copied(recipientIds.getFirst(), inboxKeys.getFirst(), recipientIds.get(i), inboxKeys.get(i))) {
                put(recipientIds.get(i), inboxKeys.get(i), document);
            }
        }
    }

    @Override
    public InputStream read(UserCredentials reader, String key, boolean inbox) {
        GetObjectRequest.Builder request = GetObjectRequest.builder().bucket(objects.bucket()).key(key);
        mode.apply(request, reader.userId());
        try {
            return new TranslatingInputStream(s3.getObject(request.build()), failure -> objects.translate(failure, key));
        } catch (SdkServiceException e) {
            // SSE-C: a document under another user's key does not open with the reader's (MinIO 403, Ceph 400)
            if (mode == SseMode.SSE_C && (e.statusCode() == 400 || e.statusCode() == 403)) {
                throw new EngineException(EngineException.Reason.ACCESS_DENIED, "the reader's SSE-C key does not open it", e).about(key);
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

    private void put(String userId, String key, Spool document) {
        try {
            if (document.large()) {
                putInParts(userId, key, document);
            } else {
                PutObjectRequest.Builder request = PutObjectRequest.builder().bucket(objects.bucket()).key(key);
                mode.apply(request, userId, kmsKeyId);
                PutObjectResponse response = s3.putObject(request.build(), document.body());
                requireConfirmed(key, mode.confirmedBy(response.serverSideEncryption(), response.sseCustomerAlgorithm()));
            }
        } catch (EngineException e) {
            throw e;
        } catch (RuntimeException e) {
            throw objects.translate(e, key);
        }
    }

    private void putInParts(String userId, String key, Spool document) {
        String uploadId = s3.createMultipartUpload(request -> mode.apply(request.bucket(objects.bucket()).key(key), userId, kmsKeyId)).uploadId();
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
                mode.apply(part, userId);
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
    private boolean copied(String sourceUser, String sourceKey, String targetUser, String targetKey) {
        try {
            CopyObjectResponse response = s3.copyObject(request -> mode.apply(request.sourceBucket(objects.bucket())
                    .sourceKey(sourceKey).destinationBucket(objects.bucket()).destinationKey(targetKey), sourceUser, targetUser, kmsKeyId));
            // MinIO's copy answers name no encryption: the copy's HEAD must
            if (!mode.confirmedBy(response.serverSideEncryption(), response.sseCustomerAlgorithm())) {
                HeadObjectRequest.Builder head = HeadObjectRequest.builder().bucket(objects.bucket()).key(targetKey);
                mode.apply(head, targetUser);
                HeadObjectResponse copy = s3.headObject(head.build());
                requireConfirmed(targetKey, mode.confirmedBy(copy.serverSideEncryption(), copy.sseCustomerAlgorithm()));
            }
            return true;
        } catch (SdkServiceException e) {
            if (e.statusCode() == 501) {
                copyRefused.set(true);
                return false;
            }
            throw objects.translate(e, targetKey);
        }
    }

    private void requireConfirmed(String key, boolean confirmed) {
        if (!confirmed) {
            throw new EngineException(EngineException.Reason.INTEGRITY, "the server did not confirm " + mode
                    + " for the object it stored: it may keep plain text").about(key);
        }
    }
}
