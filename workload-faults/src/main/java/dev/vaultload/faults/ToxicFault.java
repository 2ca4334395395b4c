package dev.vaultload.faults;

import eu.rekawek.toxiproxy.Proxy;
import eu.rekawek.toxiproxy.model.Toxic;
import eu.rekawek.toxiproxy.model.ToxicList;
import java.io.IOException;
import java.io.UncheckedIOException;

/** A fault that is one toxic of a Toxiproxy proxy: inject adds it, heal removes it. */
final class ToxicFault extends SwitchedFault {

    /** Adds the toxic under the given name, unique on the proxy. */
    @FunctionalInterface
    interface ToxicAdder {
        Toxic add(ToxicList toxics, String toxicName) throws IOException;
    }

    private final Proxy proxy;
    private final String toxicName;
    private final ToxicAdder adder;
    private Toxic toxic;

    ToxicFault(String name, Proxy proxy, String toxicName, ToxicAdder adder) {
        super(name);
        this.proxy = proxy;
        this.toxicName = toxicName;
        this.adder = adder;
    }

    @Override
    void switchOn() {
        try {
            toxic = adder.add(proxy.toxics(), toxicName);
        } catch (IOException e) {
            throw new UncheckedIOException("Toxiproxy did not add " + name() + " to proxy " + proxy.getName(), e);
        }
    }

    @Override
    void switchOff() {
        try {
            toxic.remove();
            toxic = null;
        } catch (IOException e) {
            throw new UncheckedIOException("Toxiproxy did not remove " + name() + " from proxy " + proxy.getName(), e);
        }
    }
}
