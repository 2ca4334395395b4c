package dev.vaultload.s3.provider;

import java.net.URI;

import dev.vaultload.s3.S3Credentials;

/** An S3 server a provider started itself (embedded, a MinIO process or container); {@link #close()} stops it. */
public interface S3Server extends AutoCloseable {

    URI endpoint();

    S3Credentials credentials();

    /** Stops the server and deletes what it stored; safe to call more than once. */
    @Override
    void close();
}
