package dev.vaultload.faults;

import eu.rekawek.toxiproxy.Proxy;
import eu.rekawek.toxiproxy.model.ToxicDirection;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A Toxiproxy proxy in front of an S3 endpoint: the client talks to {@link #endpoint()}, and each factory method
 * makes a {@link Fault} of one toxic on it. Toxics apply to open connections as well as to new ones. Several
 * faults of one proxy may be injected at once.
 */
public final class ToxicProxy {
    /** Toxiproxy's bandwidth rate is in KB/s of 1000 bytes. */
    private static final double KB_PER_KIB = 1024 / 1000.0;

    private final Proxy proxy;
    private final AtomicInteger toxicNumbers = new AtomicInteger();

    ToxicProxy(Proxy proxy) {
        this.proxy = proxy;
    }

    /** Where the S3 client connects instead of the upstream, e.g. http://127.0.0.1:40123. */
    public URI endpoint() {
        return URI.create("http://" + proxy.getListen());
    }

    /** Every chunk of a response is held back latency ± jitter (uniform), so a call takes at least latency - jitter longer. */
    public Fault latency(Duration latency, Duration jitter) {
        return fault("latency %d ms ± %d ms".formatted(latency.toMillis(), jitter.toMillis()), "latency",
                (toxics, toxicName) -> toxics.latency(toxicName, ToxicDirection.DOWNSTREAM, latency.toMillis())
                        .setJitter(jitter.toMillis()));
    }

    /** Responses flow at no more than this rate (rounded down to Toxiproxy's whole KB/s). */
    public Fault bandwidth(long kibPerSecond) {
        long kbPerSecond = (long) Math.floor(kibPerSecond * KB_PER_KIB);
        return fault("bandwidth %d KiB/s".formatted(kibPerSecond), "bandwidth",
                (toxics, toxicName) -> toxics.bandwidth(toxicName, ToxicDirection.DOWNSTREAM, kbPerSecond));
    }

    /**
     * Responses die in flight: the request reaches the store (which applies it), then Toxiproxy drops the first
     * chunk of the response and {@code after} later closes the client's connection. A connection opened while the
     * fault is injected is reset (TCP RST, SO_LINGER 0); one opened before is closed (FIN) — Toxiproxy sets the
     * linger only when a connection starts. Either way the client sees no complete response.
     */
    public Fault resetPeer(Duration after) {
        return fault("connections reset %d ms into a response".formatted(after.toMillis()), "reset_peer",
                (toxics, toxicName) -> toxics.resetPeer(toxicName, ToxicDirection.DOWNSTREAM, after.toMillis()));
    }

    /** Requests vanish: nothing reaches the store and no answer comes until healed (Toxiproxy's timeout toxic, 0 ms). */
    public Fault blackHole() {
        return fault("black hole", "timeout",
                (toxics, toxicName) -> toxics.timeout(toxicName, ToxicDirection.UPSTREAM, 0));
    }

    /** Connections are refused, open ones closed: the server seems stopped (Toxiproxy disables the proxy). */
    public Fault refused() {
        return SwitchedFault.of("stopped (connections refused)", () -> toggle(false), () -> toggle(true));
    }

    private void toggle(boolean enabled) {
        try {
            if (enabled) {
                proxy.enable();
            } else {
                proxy.disable();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Toxiproxy did not " + (enabled ? "enable" : "disable") + " proxy "
                    + proxy.getName(), e);
        }
    }

    /** A store closing a connection does so this much later. */
    public Fault slowClose(Duration delay) {
        return fault("slow close %d ms".formatted(delay.toMillis()), "slow_close",
                (toxics, toxicName) -> toxics.slowClose(toxicName, ToxicDirection.DOWNSTREAM, delay.toMillis()));
    }

    /** Where a client of a TLS server connects instead, e.g. https://127.0.0.1:40123: the proxy passes TLS through. */
    public URI tlsEndpoint() {
        return URI.create("https://" + proxy.getListen());
    }

    private Fault fault(String name, String toxicType, ToxicFault.ToxicAdder adder) {
        return new ToxicFault(name, proxy, toxicType + "-" + toxicNumbers.incrementAndGet(), adder);
    }
}
