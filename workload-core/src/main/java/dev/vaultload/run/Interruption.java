package dev.vaultload.run;

import java.util.Optional;

/**
 * A request from outside to stop the run (SIGINT, SIGTERM, delivered by the command line's signal handler): every
 * execution stops after its current operation, the load modes after their current request, no further
 * combination starts, and what was measured so far is written, marked with the signal. Process-wide, like the
 * signal itself.
 */
public final class Interruption {
    private static volatile String signal;

    private Interruption() {
    }

    /** @param signalName e.g. {@code SIGINT}; the first request wins */
    public static synchronized void request(String signalName) {
        if (signal == null) {
            signal = signalName;
        }
    }

    public static boolean requested() {
        return signal != null;
    }

    /** The signal that stopped the run, empty while none did. */
    public static Optional<String> signal() {
        return Optional.ofNullable(signal);
    }
}
