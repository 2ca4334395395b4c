package dev.vaultload.faults;

import java.net.URI;
import java.time.Duration;
import java.util.Optional;

/**
 * The faults of the matrix, each put between the client and a store the way it happens: network faults by a
 * Toxiproxy proxy, S3 error answers by an {@link HttpFaultStage}, a crash by killing the server's process.
 */
enum FaultKind {
    LATENCY(Layer.NETWORK, 50),
    BANDWIDTH(Layer.NETWORK, 300),
    RESET_PEER(Layer.NETWORK),
    BLACK_HOLE(Layer.NETWORK),
    /** Connections are pooled, so a delayed close may show nowhere: it must only break nothing. */
    SLOW_CLOSE(Layer.NETWORK),
    SLOW_DOWN_STORM(Layer.HTTP),
    INTERNAL_ERRORS(Layer.HTTP),
    INTERNAL_ERRORS_AFTER_APPLY(Layer.HTTP),
    SERVER_KILLED(Layer.PROCESS);

    enum Layer { NETWORK, HTTP, PROCESS }

    /** The endpoint the client uses, the fault to switch, and what to close after the cell. */
    record Placement(URI endpoint, Fault fault, AutoCloseable resources) {
    }

    final Layer layer;
    private final long visibleDelayMillis;

    FaultKind(Layer layer) {
        this(layer, Long.MAX_VALUE);
    }

    /** @param visibleDelayMillis an operation at least this slow shows the fault (a slow network fails nothing) */
    FaultKind(Layer layer, long visibleDelayMillis) {
        this.layer = layer;
        this.visibleDelayMillis = visibleDelayMillis;
    }

    long visibleDelayMillis() {
        return visibleDelayMillis;
    }

    /** Whether a cell must see an effect: failed calls, retries or slow calls. */
    boolean mustShow() {
        return this != SLOW_CLOSE;
    }

    /** This fault in front of {@code store}; empty when it cannot happen there (no process to kill). */
    Optional<Placement> place(StoreUnderTest store, ToxiproxyServer toxiproxy, String cellName) {
        return switch (layer) {
            case NETWORK -> {
                ToxicProxy proxy = toxiproxy.proxy(cellName, store.endpoint());
                yield Optional.of(new Placement(proxy.endpoint(), toxic(proxy), () -> {
                }));
            }
            case HTTP -> {
                HttpFaultStage stage = HttpFaultStage.start(store.endpoint());
                yield Optional.of(new Placement(stage.endpoint(), httpFault(stage), stage));
            }
            case PROCESS -> store.serverKilled().map(killed -> new Placement(store.endpoint(), killed, () -> {
            }));
        };
    }

    private Fault toxic(ToxicProxy proxy) {
        return switch (this) {
            case LATENCY -> proxy.latency(Duration.ofMillis(100), Duration.ofMillis(50));
            case BANDWIDTH -> proxy.bandwidth(256);
            case RESET_PEER -> proxy.resetPeer(Duration.ofMillis(5));
            case BLACK_HOLE -> proxy.blackHole();
            case SLOW_CLOSE -> proxy.slowClose(Duration.ofMillis(500));
            default -> throw new IllegalStateException(this + " is not a network fault");
        };
    }

    private Fault httpFault(HttpFaultStage stage) {
        return switch (this) {
            case SLOW_DOWN_STORM -> stage.slowDown(1.0);
            case INTERNAL_ERRORS -> stage.internalErrors(0.3);
            case INTERNAL_ERRORS_AFTER_APPLY -> stage.internalErrorsAfterApply(0.3);
            default -> throw new IllegalStateException(this + " is not an HTTP fault");
        };
    }
}
