package dev.vaultload.faults;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.util.Locale;
import java.util.Set;
import org.apache.http.Header;
import org.apache.http.HttpEntity;
import org.apache.http.HttpHost;
import org.apache.http.HttpRequest;
import org.apache.http.client.config.RequestConfig;
import org.apache.http.client.methods.CloseableHttpResponse;
import org.apache.http.entity.InputStreamEntity;
import org.apache.http.impl.client.CloseableHttpClient;
import org.apache.http.impl.client.HttpClients;
import org.apache.http.message.BasicHttpEntityEnclosingRequest;
import org.apache.http.message.BasicHttpRequest;

/**
 * Sends what a client sent to the stage on to the store, and the store's answer back, both bodies streamed.
 * Everything the client signed passes unchanged: method, raw path and query, the Host header (SigV4 signs it, so
 * the store checks the signature against the stage's host:port the client used), every end-to-end header, and the
 * body bytes (aws-chunked bodies included). Only hop-by-hop headers are the forwarder's own; Content-Length is
 * set again from the same length.
 */
final class HttpForwarder implements AutoCloseable {
    private static final Set<String> HOP_BY_HOP = Set.of("connection", "keep-alive", "proxy-connection", "te", "trailer",
            "upgrade", "transfer-encoding", "content-length", "expect");
    private static final int MAX_CONNECTIONS = 64;
    private static final int CONNECT_TIMEOUT_MILLIS = 5_000;
    /** Bounds a forwarding thread whose store went silent; longer than any client's attempt timeout of the matrices and tests. */
    private static final int SOCKET_TIMEOUT_MILLIS = 60_000;

    private final HttpHost upstream;
    private final CloseableHttpClient client;

    HttpForwarder(URI upstream) {
        this.upstream = new HttpHost(upstream.getHost(), upstream.getPort(), upstream.getScheme());
        // no decompression, redirects, retries or cookies: the client's own request and answer, once
        this.client = HttpClients.custom()
                .disableContentCompression()
                .disableRedirectHandling()
                .disableAutomaticRetries()
                .disableCookieManagement()
                .setMaxConnTotal(MAX_CONNECTIONS)
                .setMaxConnPerRoute(MAX_CONNECTIONS)
                .setDefaultRequestConfig(RequestConfig.custom()
                        .setConnectTimeout(CONNECT_TIMEOUT_MILLIS)
                        .setSocketTimeout(SOCKET_TIMEOUT_MILLIS)
                        .build())
                .build();
    }

    /** The store's answer to the client's request; its body is still to be read. */
    CloseableHttpResponse forward(HttpExchange exchange) throws IOException {
        String method = exchange.getRequestMethod();
        String target = exchange.getRequestURI().toString(); // as the client sent it: raw path and query
        Headers headers = exchange.getRequestHeaders();
        HttpRequest request;
        if (headers.containsKey("Content-Length") || headers.containsKey("Transfer-Encoding")) {
            BasicHttpEntityEnclosingRequest withBody = new BasicHttpEntityEnclosingRequest(method, target);
            long lengthBytes = headers.containsKey("Transfer-Encoding") ? -1 : Long.parseLong(headers.getFirst("Content-Length"));
            withBody.setEntity(new InputStreamEntity(exchange.getRequestBody(), lengthBytes));
            request = withBody;
        } else {
            request = new BasicHttpRequest(method, target);
        }
        headers.forEach((name, values) -> {
            if (!isHopByHop(name)) {
                values.forEach(value -> request.addHeader(name, value));
            }
        });
        return client.execute(upstream, request);
    }

    /** Sends the store's answer to the client: status, end-to-end headers and the streamed body. */
    void relay(CloseableHttpResponse response, HttpExchange exchange) throws IOException {
        for (Header header : response.getAllHeaders()) {
            // a HEAD answer keeps the store's Content-Length; for the others the server sets it from the length below
            if (!isHopByHop(header.getName()) || header.getName().equalsIgnoreCase("Content-Length")) {
                exchange.getResponseHeaders().add(header.getName(), header.getValue());
            }
        }
        int status = response.getStatusLine().getStatusCode();
        HttpEntity entity = response.getEntity();
        if (entity == null) {
            exchange.sendResponseHeaders(status, -1);
            return;
        }
        long lengthBytes = entity.getContentLength();
        // HttpServer's lengths: 0 means chunked, -1 means no body
        exchange.sendResponseHeaders(status, lengthBytes < 0 ? 0 : lengthBytes == 0 ? -1 : lengthBytes);
        try (InputStream in = entity.getContent(); OutputStream out = exchange.getResponseBody()) {
            in.transferTo(out);
        }
    }

    private static boolean isHopByHop(String headerName) {
        return HOP_BY_HOP.contains(headerName.toLowerCase(Locale.ROOT));
    }

    @Override
    public void close() throws IOException {
        client.close();
    }
}
