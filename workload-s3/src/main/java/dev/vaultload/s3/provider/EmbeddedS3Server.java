package dev.vaultload.s3.provider;

import java.net.URI;
import java.nio.file.Path;
import java.util.Properties;

import dev.vaultload.s3.S3ClientSettings;
import dev.vaultload.s3.S3Connection;
import dev.vaultload.s3.S3Credentials;
import dev.vaultload.s3.S3Timeouts;
import dev.vaultload.storage.BlobStoreException;
import dev.vaultload.storage.Directories;
import org.gaul.s3proxy.BlobStores;
import org.gaul.s3proxy.S3Proxy;
import org.gaul.s3proxy.auth.AuthenticationType;

/**
 * S3Proxy running inside this JVM on 127.0.0.1 and a random port, with fresh keys, storing in a new temporary
 * directory ({@code filesystem}) or on the heap ({@code transient}: fast, but every object stays in memory).
 */
public final class EmbeddedS3Server implements S3Server {

    static final String FILESYSTEM = "filesystem";
    static final String TRANSIENT = "transient";

    private final S3Proxy proxy;
    private final Path dataDirectory;
    private final S3Credentials credentials;
    private final URI endpoint;
    private boolean stopped;

    private EmbeddedS3Server(S3Proxy proxy, Path dataDirectory, S3Credentials credentials) {
        this.proxy = proxy;
        this.dataDirectory = dataDirectory;
        this.credentials = credentials;
        this.endpoint = URI.create("http://127.0.0.1:" + proxy.getPort());
    }

    /** A server with a fresh random key pair on a free port. */
    static EmbeddedS3Server start(String backend) {
        return start(backend, LocalServers.randomCredentials(), 0);
    }

    /**
     * @param backend     {@link #FILESYSTEM} or {@link #TRANSIENT}
     * @param credentials the only key pair it accepts
     * @param port        on 127.0.0.1, 0 for a free one
     */
    public static EmbeddedS3Server start(String backend, S3Credentials credentials, int port) {
        Path dataDirectory = LocalServers.createScratchDirectory("vaultload-s3proxy-");
        Properties properties = new Properties();
        properties.setProperty("jclouds.filesystem.basedir", dataDirectory.toString());
        boolean started = false;
        try {
            S3Proxy proxy = S3Proxy.builder()
                    .blobStore(BlobStores.create(backend, properties))
                    .endpoint(URI.create("http://127.0.0.1:" + port))
                    .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, credentials.accessKeyId(), credentials.secretKey())
                    // the SDK sends headers S3Proxy does not know (dependencies.md)
                    .ignoreUnknownHeaders(true)
                    .build();
            proxy.start();
            started = true;
            return new EmbeddedS3Server(proxy, dataDirectory, credentials);
        } catch (Exception e) {
            throw new BlobStoreException(BlobStoreException.Kind.OTHER, "embedded S3 server (S3Proxy, " + backend
                    + ") did not start on 127.0.0.1: " + e, e);
        } finally {
            if (!started) {
                Directories.deleteTree(dataDirectory);
            }
        }
    }

    /** Creates a bucket on this server (a shared server's clients do not create buckets). */
    public void createBucket(String bucket) {
        try (S3Connection connection = S3Connection.open(new S3ClientSettings(endpoint, S3ClientSettings.DEFAULT_REGION,
                credentials, null, 2, 1, S3Timeouts.DEFAULT))) {
            if (!connection.bucketExists(bucket)) {
                connection.createBucket(bucket);
            }
        }
    }

    @Override
    public URI endpoint() {
        return endpoint;
    }

    @Override
    public S3Credentials credentials() {
        return credentials;
    }

    @Override
    public synchronized void close() {
        if (stopped) {
            return;
        }
        stopped = true;
        try {
            proxy.stop();
        } catch (Exception e) {
            throw new IllegalStateException("embedded S3 server at " + endpoint + " did not stop", e);
        } finally {
            Directories.deleteTree(dataDirectory);
        }
    }
}
