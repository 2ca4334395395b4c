package dev.vaultload.s3;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.time.Clock;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.http.HttpClientConnection;
import org.apache.http.HttpException;
import org.apache.http.HttpHost;
import org.apache.http.HttpResponse;
import org.apache.http.HttpVersion;
import org.apache.http.conn.routing.HttpRoute;
import org.apache.http.impl.conn.PoolingHttpClientConnectionManager;
import org.apache.http.message.BasicHttpRequest;
import org.apache.http.protocol.HttpCoreContext;
import org.apache.http.protocol.HttpRequestExecutor;
import org.apache.http.util.EntityUtils;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentials;

/**
 * Benchmark only (S3GetBenchmark's APACHE_CORE): the direct GET's signed request on Apache HttpClient 4's connection
 * pool and request executor, without the client's execution chain (URI rewriting, cookies, auth cache, redirects,
 * retries, the SDK's request wrapping). It measures what a leaner direct GET would gain; it handles no error beyond
 * failing and keeps a connection only after a body read to its end. Thread-safe: the benchmark's threads share one.
 */
public final class ApacheCoreGet implements AutoCloseable {
    private static final int TIMEOUT_MILLIS = 10_000;

    private final PoolingHttpClientConnectionManager pool = new PoolingHttpClientConnectionManager();
    private final HttpRequestExecutor executor = new HttpRequestExecutor();
    private final URI endpoint;
    private final String bucket;
    private final HttpRoute route;
    private final GetRequestSigner signer;
    private final AwsCredentials credentials;

    public ApacheCoreGet(URI endpoint, String bucket, String accessKeyId, String secretKey) {
        this.endpoint = endpoint;
        this.bucket = bucket;
        this.route = new HttpRoute(new HttpHost(endpoint.getHost(), endpoint.getPort(), endpoint.getScheme()));
        this.signer = new GetRequestSigner(endpoint, "us-east-1", Clock.systemUTC());
        this.credentials = AwsBasicCredentials.create(accessKeyId, secretKey);
        pool.setMaxTotal(64);
        pool.setDefaultMaxPerRoute(64);
    }

    /** The object's body; reading it to its end returns the connection to the pool, closing it early closes the connection. */
    public InputStream open(String key) throws IOException {
        HttpClientConnection connection = lease();
        try {
            HttpCoreContext context = HttpCoreContext.create();
            if (!connection.isOpen()) {
                pool.connect(connection, route, TIMEOUT_MILLIS, context);
                pool.routeComplete(connection, route, context);
            }
            connection.setSocketTimeout(TIMEOUT_MILLIS);
            String path = DirectGetObject.objectPath(endpoint, bucket, key);
            BasicHttpRequest request = new BasicHttpRequest("GET", path, HttpVersion.HTTP_1_1);
            request.addHeader("Host", GetRequestSigner.hostHeader(endpoint));
            signer.sign(path, credentials).forEach(request::addHeader);
            HttpResponse response = executor.execute(request, connection, context);
            if (response.getStatusLine().getStatusCode() != 200) {
                EntityUtils.consume(response.getEntity());
                throw new IOException("GET " + path + ": " + response.getStatusLine());
            }
            return new FilterInputStream(response.getEntity().getContent()) {
                private boolean ended;
                private boolean closed;

                @Override
                public int read(byte[] b, int off, int len) throws IOException {
                    int n = super.read(b, off, len);
                    ended |= n < 0;
                    return n;
                }

                @Override
                public void close() throws IOException {
                    if (closed) {
                        return;
                    }
                    closed = true;
                    if (!ended) {
                        connection.close();
                    }
                    pool.releaseConnection(connection, null, ended ? 30 : 0, TimeUnit.SECONDS);
                }
            };
        } catch (IOException | RuntimeException | HttpException e) {
            connection.close();
            pool.releaseConnection(connection, null, 0, TimeUnit.SECONDS);
            throw e instanceof IOException io ? io : new IOException(e);
        }
    }

    private HttpClientConnection lease() throws IOException {
        try {
            return pool.requestConnection(route, null).get(TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        } catch (ExecutionException e) {
            throw new IOException(e);
        }
    }

    @Override
    public void close() {
        pool.shutdown();
    }
}
