package dev.vaultload.s3ec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.vaultload.engine.EngineException;
import dev.vaultload.kms.KeyManagerException;
import dev.vaultload.storage.BlobStoreException;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import software.amazon.encryption.s3.S3EncryptionClientException;

/**
 * A read's failure that S3EC threw without the KMS call's (as it did in the fault matrix with local-kms restarted):
 * the KMS's when the reader's last KMS call failed, altered data only when no KMS call failed.
 */
class S3EcFailuresTest {
    /** Only the bucket's name is read: no call reaches a store. */
    private static final BucketObjects OBJECTS = new BucketObjects(null, "bucket");
    private static final S3EncryptionClientException WITHOUT_ITS_CAUSE = new S3EncryptionClientException(
            "Decryption materials cannot be null. This may be caused by a misconfigured custom CMM implementation or a"
                    + " suppressed exception from metadata decoding or CMM invocation due to a network failure.");

    @Test
    void aReadWhoseLastKmsCallFailedIsThatFailureNamingTheObject() {
        KeyManagerException decryptFailed = new KeyManagerException(BlobStoreException.Kind.SERVER,
                "AWS KMS at http://127.0.0.1:4599: Decrypt with key 'k' failed: NoHttpResponseException");

        KeyManagerException read = assertInstanceOf(KeyManagerException.class,
                S3EcFailures.onRead(OBJECTS, "users/u/private/doc", WITHOUT_ITS_CAUSE, Optional.of(decryptFailed)));

        assertEquals(BlobStoreException.Kind.SERVER, read.kind());
        assertEquals("s3://bucket/users/u/private/doc: " + decryptFailed.getMessage(), read.getMessage());
        assertSame(WITHOUT_ITS_CAUSE, read.getCause());
    }

    @Test
    void withNoFailedKmsCallS3ecsRefusalIsAlteredData() {
        EngineException read = assertInstanceOf(EngineException.class,
                S3EcFailures.onRead(OBJECTS, "users/u/private/doc", WITHOUT_ITS_CAUSE, Optional.empty()));

        assertEquals(EngineException.Reason.INTEGRITY, read.reason());
    }
}
