package dev.vaultload.s3;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.security.GeneralSecurityException;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import org.apache.http.HttpClientConnection;
import org.apache.http.HttpEntity;
import org.apache.http.HttpException;
import org.apache.http.HttpHost;
import org.apache.http.HttpResponse;
import org.apache.http.HttpVersion;
import org.apache.http.config.RegistryBuilder;
import org.apache.http.config.SocketConfig;
import org.apache.http.conn.routing.HttpRoute;
import org.apache.http.conn.socket.ConnectionSocketFactory;
import org.apache.http.conn.socket.PlainConnectionSocketFactory;
import org.apache.http.conn.ssl.SSLConnectionSocketFactory;
import org.apache.http.impl.DefaultConnectionReuseStrategy;
import org.apache.http.impl.conn.PoolingHttpClientConnectionManager;
import org.apache.http.message.BasicHttpEntityEnclosingRequest;
import org.apache.http.message.BasicHttpRequest;
import org.apache.http.protocol.HttpCoreContext;
import org.apache.http.protocol.HttpRequestExecutor;

/**
 * The HTTP/1.1 transport of {@link DirectGetObject} and {@link DirectPutObject}: Apache HttpClient 4's connection pool
 * and request executor, without the client's execution chain (request wrapping, route and redirect handling, cookies,
 * auth cache, its own retries) that the SDK's Apache client runs for every request, and that a GET or PUT does not
 * need; it was a large share of the
 * direct GET's client CPU (see docs/measurements/2026-11-23-direct-get-cpu.md). It keeps what the chain gave a GET:
 * the connect, socket and pool-acquisition timeouts, TLS with the CA_PATH certificates, a stale check of a connection
 * idle for more than {@link #VALIDATE_AFTER_IDLE_MILLIS}, and the server's keep-alive decision. A body read to its
 * end (or to its Content-Length) returns its connection to the pool; a body closed before that closes the connection
 * rather than draining an object of any size. It connects directly: S3Connection does not use it where a proxy is
 * configured. Thread-safe.
 */
final class PooledTransport implements AutoCloseable {
    /** Apache's default: a stale check costs a read with a 1 ms timeout, worth it only after a pause. */
    static final int VALIDATE_AFTER_IDLE_MILLIS = 2_000;
    /** How long an idle connection is kept: the SDK's default connection max idle time. */
    static final long KEEP_IDLE_SECONDS = 60;

    /** An answer: its status and its body, open (closing the body releases the connection). */
    record Response(int status, InputStream body) {
    }

    private final PoolingHttpClientConnectionManager pool;
    private final HttpRequestExecutor executor = new HttpRequestExecutor();
    private final HttpRoute route;
    private final String hostHeader;
    private final S3Timeouts timeouts;

    PooledTransport(URI endpoint, int maxConnections, S3Timeouts timeouts, TrustManager[] trustManagers) {
        this.route = new HttpRoute(new HttpHost(endpoint.getHost(), endpoint.getPort(), endpoint.getScheme()));
        this.hostHeader = RequestSigner.hostHeader(endpoint);
        this.timeouts = timeouts;
        this.pool = new PoolingHttpClientConnectionManager(RegistryBuilder.<ConnectionSocketFactory>create()
                .register("http", PlainConnectionSocketFactory.getSocketFactory())
                .register("https", tls(trustManagers))
                .build());
        pool.setMaxTotal(maxConnections);
        pool.setDefaultMaxPerRoute(maxConnections);
        pool.setValidateAfterInactivity(VALIDATE_AFTER_IDLE_MILLIS);
        // applied to each socket as it connects, and kept while the connection is pooled
        pool.setDefaultSocketConfig(SocketConfig.custom().setSoTimeout(Math.toIntExact(timeouts.socketTimeoutMillis()))
                .setTcpNoDelay(true).build());
    }

    /** Sends {@code GET path} with {@code headers} (and Host); failures to connect, send or read headers are IOExceptions. */
    Response get(String path, Map<String, String> headers) throws IOException {
        return send(new BasicHttpRequest("GET", path, HttpVersion.HTTP_1_1), headers);
    }

    /** Sends {@code PUT path} with {@code headers} (and Host, Content-Length) and {@code body}; as {@link #get}. */
    Response put(String path, Map<String, String> headers, HttpEntity body) throws IOException {
        BasicHttpEntityEnclosingRequest request = new BasicHttpEntityEnclosingRequest("PUT", path, HttpVersion.HTTP_1_1);
        request.setEntity(body);
        request.addHeader("Content-Length", Long.toString(body.getContentLength()));
        return send(request, headers);
    }

    private Response send(BasicHttpRequest request, Map<String, String> headers) throws IOException {
        HttpClientConnection connection = lease();
        try {
            HttpCoreContext context = HttpCoreContext.create();
            if (!connection.isOpen()) {
                pool.connect(connection, route, Math.toIntExact(timeouts.connectTimeoutMillis()), context);
                pool.routeComplete(connection, route, context);
            }
            request.addHeader("Host", hostHeader);
            headers.forEach(request::addHeader);
            HttpResponse response = executor.execute(request, connection, context);
            boolean reusable = DefaultConnectionReuseStrategy.INSTANCE.keepAlive(response, context);
            return new Response(response.getStatusLine().getStatusCode(), new Body(response.getEntity(), connection, reusable));
        } catch (IOException | HttpException | RuntimeException e) {
            release(connection, false);
            String requestLine = request.getRequestLine().getMethod() + " " + request.getRequestLine().getUri();
            throw e instanceof IOException io ? io : new IOException(requestLine + ": " + e.getMessage(), e);
        }
    }

    /** Connections open and idle in the pool, ready for the next request. */
    int idleConnections() {
        return pool.getTotalStats().getAvailable();
    }

    @Override
    public void close() {
        pool.shutdown();
    }

    /** A pooled connection; none free within the attempt timeout is Apache's ConnectionPoolTimeoutException (TIMEOUT). */
    private HttpClientConnection lease() throws IOException {
        try {
            return pool.requestConnection(route, null).get(timeouts.apiCallAttemptTimeoutMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for a connection to " + route.getTargetHost(), e);
        } catch (ExecutionException e) {
            throw new IOException("leasing a connection to " + route.getTargetHost() + " failed", e.getCause());
        }
    }

    /** Back to the pool for reuse, or closed first. */
    private void release(HttpClientConnection connection, boolean reuse) {
        if (!reuse) {
            try {
                connection.close();
            } catch (IOException ignored) {
                // closing what is being discarded; the pool forgets it either way
            }
        }
        pool.releaseConnection(connection, null, reuse ? KEEP_IDLE_SECONDS : 0, TimeUnit.SECONDS);
    }

    private static SSLConnectionSocketFactory tls(TrustManager[] trustManagers) {
        if (trustManagers == null) {
            return SSLConnectionSocketFactory.getSystemSocketFactory();
        }
        try {
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, trustManagers, null);
            return new SSLConnectionSocketFactory(context, SSLConnectionSocketFactory.getDefaultHostnameVerifier());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("TLS unavailable: " + e.getMessage(), e);
        }
    }

    /** A response body that gives its connection back once, when closed: for reuse only if it was read to its end. */
    private final class Body extends FilterInputStream {
        private final HttpClientConnection connection;
        private final boolean reusable;
        private final long lengthBytes;
        private long readBytes;
        private boolean ended;
        private boolean released;

        Body(HttpEntity entity, HttpClientConnection connection, boolean reusable) throws IOException {
            super(entity == null ? InputStream.nullInputStream() : entity.getContent());
            this.connection = connection;
            this.reusable = reusable;
            this.lengthBytes = entity == null ? 0 : entity.getContentLength();
            this.ended = entity == null;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            count(b < 0 ? -1 : 1);
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int n = super.read(buffer, offset, length);
            count(n);
            return n;
        }

        private void count(int n) {
            if (n < 0) {
                ended = true;
            } else {
                readBytes += n;
                ended |= readBytes == lengthBytes;
            }
        }

        @Override
        public void close() {
            if (released) {
                return;
            }
            released = true;
            release(connection, reusable && ended);
        }
    }
}
