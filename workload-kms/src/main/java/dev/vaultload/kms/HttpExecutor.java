package dev.vaultload.kms;

import java.net.http.HttpClient;

/**
 * Which threads of the JDK's HTTP client finish an exchange (read the answer, complete the caller's call): the
 * setting KMS_HTTP_EXECUTOR. A pressure run makes thousands of short calls a second, so the thread switches per call
 * are a large part of the client's CPU (docs/measurements/2026-11-28-kms-overhead.md).
 */
public enum HttpExecutor {
    /**
     * The client's selector thread finishes each exchange and wakes the caller, which sends: the fewest thread switches
     * per call, and every connection's TLS decryption on that one thread. Nothing it runs blocks: the bindings read
     * answers as byte arrays.
     */
    DIRECT {
        @Override
        HttpClient.Builder applyTo(HttpClient.Builder client) {
            return client.executor(Runnable::run);
        }
    },
    /** The JDK's default, a pool's thread per exchange: TLS of many connections in parallel, at a switch more per call. */
    POOL {
        @Override
        HttpClient.Builder applyTo(HttpClient.Builder client) {
            return client;
        }
    };

    abstract HttpClient.Builder applyTo(HttpClient.Builder client);

    /** A client builder with this executor and {@code version}: the bindings', and the overhead benchmark's loops. */
    public HttpClient.Builder client(HttpClient.Version version) {
        return applyTo(HttpClient.newBuilder().version(version));
    }
}
