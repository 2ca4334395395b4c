package dev.vaultload.faults;

import eu.rekawek.toxiproxy.ToxiproxyClient;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A Toxiproxy server (the version {@code scripts/start-toxiproxy.sh} pins, or TOXIPROXY_BINARY) run as a child
 * process with its API on a free 127.0.0.1 port; {@link #close()} stops it and with it every proxy.
 */
public final class ToxiproxyServer implements AutoCloseable {
    private static final Duration BUILD_TIMEOUT = Duration.ofMinutes(3);
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(10);
    private static final Duration READY_POLL = Duration.ofMillis(50);
    private static final Duration STOP_GRACE = Duration.ofSeconds(5);

    private final Process process;
    private final ToxiproxyClient client;

    private ToxiproxyServer(Process process, ToxiproxyClient client) {
        this.process = process;
        this.client = client;
    }

    /** Starts the server (building the pinned binary first if there is none, about 7 s) and waits for its API. */
    public static ToxiproxyServer start() {
        Path binary = Path.of(RepositoryScript.named("start-toxiproxy.sh").run(BUILD_TIMEOUT, Map.of(), "binary").strip());
        int apiPort = LoopbackPorts.free();
        Process process;
        try {
            process = new ProcessBuilder(List.of(binary.toString(), "-host", "127.0.0.1", "-port", Integer.toString(apiPort)))
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run " + binary, e);
        }
        ToxiproxyServer server = new ToxiproxyServer(process, new ToxiproxyClient("127.0.0.1", apiPort));
        try {
            server.awaitApi();
            return server;
        } catch (RuntimeException e) {
            server.close();
            throw e;
        }
    }

    /**
     * A new proxy on a free 127.0.0.1 port (the server picks it) to the upstream's host and port.
     *
     * @param name     unique on this server, e.g. "s3"
     * @param upstream e.g. http://127.0.0.1:9000; only host and port are used
     */
    public ToxicProxy proxy(String name, URI upstream) {
        try {
            return new ToxicProxy(client.createProxy(name, "127.0.0.1:0", upstream.getHost() + ":" + upstream.getPort()));
        } catch (IOException e) {
            throw new UncheckedIOException("Toxiproxy did not create proxy " + name + " to " + upstream, e);
        }
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    private void awaitApi() {
        long deadlineNanos = System.nanoTime() + READY_TIMEOUT.toNanos();
        while (true) {
            try {
                client.version();
                return;
            } catch (IOException notYetListening) {
                if (!process.isAlive()) {
                    throw new IllegalStateException("Toxiproxy exited with status " + process.exitValue() + " while starting");
                }
                if (System.nanoTime() > deadlineNanos) {
                    throw new IllegalStateException("Toxiproxy's API did not answer within " + READY_TIMEOUT.toSeconds() + " s");
                }
            }
            try {
                Thread.sleep(READY_POLL);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for Toxiproxy", e);
            }
        }
    }
}
