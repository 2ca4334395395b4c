package dev.vaultload.s3;

import java.util.Objects;

/** A static access key pair. {@link #toString()} shows the access key id only: the secret never reaches a message or log. */
public record S3Credentials(String accessKeyId, String secretKey) {

    public S3Credentials {
        Objects.requireNonNull(accessKeyId, "accessKeyId");
        Objects.requireNonNull(secretKey, "secretKey");
    }

    @Override
    public String toString() {
        return "S3Credentials[accessKeyId=" + accessKeyId + "]";
    }
}
