package dev.vaultload.s3;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * An object's body as returned by GetObject. A broken or silent connection while reading comes out as a
 * {@link dev.vaultload.storage.BlobStoreException} of kind SERVER or TIMEOUT (unchecked), so that the statistics can
 * classify failures in the middle of a read like any other.
 */
final class S3ObjectStream extends FilterInputStream {

    private final String bucket;
    private final String key;
    private final S3ErrorTranslator errors;

    S3ObjectStream(InputStream body, String bucket, String key, S3ErrorTranslator errors) {
        super(body);
        this.bucket = bucket;
        this.key = key;
        this.errors = errors;
    }

    @Override
    public int read() {
        try {
            return super.read();
        } catch (IOException e) {
            throw errors.translateRead(e, bucket, key);
        }
    }

    @Override
    public int read(byte[] buffer, int offset, int length) {
        try {
            return super.read(buffer, offset, length);
        } catch (IOException e) {
            throw errors.translateRead(e, bucket, key);
        }
    }

    @Override
    public long skip(long count) {
        try {
            return super.skip(count);
        } catch (IOException e) {
            throw errors.translateRead(e, bucket, key);
        }
    }
}
