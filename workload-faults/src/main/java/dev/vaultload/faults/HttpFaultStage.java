package dev.vaultload.faults;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.http.client.methods.CloseableHttpResponse;
import org.apache.http.util.EntityUtils;

/**
 * An HTTP reverse proxy on a free 127.0.0.1 port in front of an S3 endpoint (the embedded server, MinIO, RGW) that
 * answers chosen requests with S3 errors. The client uses {@link #endpoint()} as its S3 endpoint and signs for it;
 * requests no fault takes reach the store unchanged ({@link HttpForwarder}). Faults are made by the factory
 * methods and act only while injected; when several are injected, the first made that takes a request answers it.
 * With the same seed and the same faults made in the same order, the same requests are answered in every run.
 */
public final class HttpFaultStage implements AutoCloseable {
    /** Issue #14, which asked for these faults. */
    public static final long DEFAULT_SEED = 14;

    private final HttpServer server;
    private final ExecutorService handlers = Executors.newVirtualThreadPerTaskExecutor();
    private final HttpForwarder forwarder;
    private final SplittableRandom faultSeeds;
    private final List<HttpFault> faults = new CopyOnWriteArrayList<>();
    private final AtomicLong requestNumbers = new AtomicLong();

    private HttpFaultStage(URI upstream, long seed) throws IOException {
        this.forwarder = new HttpForwarder(upstream);
        this.faultSeeds = new SplittableRandom(seed);
        this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::handle);
        server.setExecutor(handlers);
        server.start();
    }

    /** A stage in front of {@code upstream} (e.g. http://127.0.0.1:9000) with {@link #DEFAULT_SEED}. */
    public static HttpFaultStage start(URI upstream) {
        return start(upstream, DEFAULT_SEED);
    }

    public static HttpFaultStage start(URI upstream, long seed) {
        try {
            return new HttpFaultStage(upstream, seed);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot listen on 127.0.0.1", e);
        }
    }

    /** Where the S3 client connects, e.g. http://127.0.0.1:40123. */
    public URI endpoint() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    /** 503 SlowDown for a share of the requests (1.0: a storm), which never reach the store. */
    public HttpFault slowDown(double share) {
        return add(S3ErrorReply.SLOW_DOWN, false, share);
    }

    /** 500 InternalError for a share of the requests, which never reach the store. */
    public HttpFault internalErrors(double share) {
        return add(S3ErrorReply.INTERNAL_ERROR, false, share);
    }

    /**
     * 500 InternalError instead of the store's answer for a share of the requests, which the store applied: the
     * client cannot know that its PUT or DELETE took effect.
     */
    public HttpFault internalErrorsAfterApply(double share) {
        return add(S3ErrorReply.INTERNAL_ERROR, true, share);
    }

    private synchronized HttpFault add(S3ErrorReply reply, boolean afterUpstream, double share) {
        HttpFault fault = new HttpFault(reply, afterUpstream, share, faultSeeds.nextLong());
        faults.add(fault);
        return fault;
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String requestId = "VLFAULT%016X".formatted(requestNumbers.incrementAndGet());
            Optional<HttpFault> before = takingFault(false);
            if (before.isPresent()) {
                // read the whole body first: a client still sending it would see a broken pipe, not the answer
                exchange.getRequestBody().transferTo(OutputStream.nullOutputStream());
                before.get().reply().send(exchange, requestId);
                return;
            }
            try (CloseableHttpResponse response = forwarder.forward(exchange)) {
                Optional<HttpFault> after = takingFault(true);
                if (after.isPresent()) {
                    EntityUtils.consume(response.getEntity());
                    after.get().reply().send(exchange, requestId);
                } else {
                    forwarder.relay(response, exchange);
                }
            }
        }
    }

    /** The first fault of this moment that takes the request; those after it do not draw for it. */
    private Optional<HttpFault> takingFault(boolean afterUpstream) {
        return faults.stream().filter(fault -> fault.afterUpstream() == afterUpstream).filter(HttpFault::takes).findFirst();
    }

    /** Stops at once, dropping open connections, including those to the store of requests in flight. */
    @Override
    public void close() {
        server.stop(0);
        try {
            forwarder.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            handlers.shutdownNow();
        }
    }
}
