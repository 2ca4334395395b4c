package dev.vaultload.s3.provider;

import java.net.URI;
import java.nio.file.Path;
import java.util.Properties;

import dev.vaultload.s3.S3Credentials;
import dev.vaultload.storage.BlobStoreException;
import org.gaul.s3proxy.BlobStores;
import org.gaul.s3proxy.S3Proxy;
import org.gaul.s3proxy.auth.AuthenticationType;

/**
 * S3Proxy running inside this JVM on 127.0.0.1 and a random port, with fresh keys, storing in a new temporary
 * directory ({@code filesystem}) or on the heap ({@code transient}: fast, but every object stays in memory).
 */
final class EmbeddedS3Server implements S3Server {

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

    /** @param backend {@link #FILESYSTEM} or {@link #TRANSIENT} */
    static EmbeddedS3Server start(String backend) {
        Path dataDirectory = LocalServers.createScratchDirectory("vaultload-s3proxy-");
        S3Credentials credentials = LocalServers.randomCredentials();
        Properties properties = new Properties();
        properties.setProperty("jclouds.filesystem.basedir", dataDirectory.toString());
        boolean started = false;
        try {
            S3Proxy proxy = S3Proxy.builder()
                    .blobStore(BlobStores.create(backend, properties))
                    .endpoint(URI.create("http://127.0.0.1:0"))
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
                LocalServers.deleteRecursively(dataDirectory);
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
            LocalServers.deleteRecursively(dataDirectory);
        }
    }
}
