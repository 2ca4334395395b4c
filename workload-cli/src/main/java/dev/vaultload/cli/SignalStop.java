package dev.vaultload.cli;

import dev.vaultload.run.Interruption;
import dev.vaultload.storage.HaltCleanup;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import sun.misc.Signal;

/**
 * SIGINT and SIGTERM while a command runs. The first asks the run to stop ({@link Interruption}): executions stop
 * after their current operation, the results so far are written marked with the signal, the servers the run
 * started are stopped, and the command exits with 128 + the signal's number (130, 143); if that takes longer than
 * {@link #GRACE}, the process exits anyway. A second signal exits at once. The JVM's own handling would run the
 * shutdown hooks and exit at once, leaving nothing of an hours-long soak but its interval log.
 */
final class SignalStop {
    static final Duration GRACE = Duration.ofSeconds(4);

    private static volatile int signalExitCode = -1;

    private SignalStop() {
    }

    static void install(PrintStream err) {
        for (String name : List.of("INT", "TERM")) {
            Signal.handle(new Signal(name), signal -> onSignal(signal, err));
        }
    }

    /** The exit status: 128 + the signal's number once a signal stopped the command, else the command's own. */
    static int exitCode(int commandExitCode) {
        return signalExitCode >= 0 ? signalExitCode : commandExitCode;
    }

    private static void onSignal(Signal signal, PrintStream err) {
        int exitCode = 128 + signal.getNumber();
        String name = "SIG" + signal.getName();
        if (Interruption.requested()) {
            err.println("vaultload: " + name + " again: exiting at once");
            HaltCleanup.cleanUp();
            Runtime.getRuntime().halt(exitCode);
        }
        signalExitCode = exitCode;
        Interruption.request(name);
        err.println("vaultload: " + name + ": stopping after the current operations, writing the results so far"
                + " (send it again to exit at once)");
        Thread watchdog = new Thread(() -> {
            try {
                Thread.sleep(GRACE);
            } catch (InterruptedException e) {
                return;
            }
            err.println("vaultload: not stopped " + GRACE.toSeconds() + " s after " + name + ": exiting");
            HaltCleanup.cleanUp();
            Runtime.getRuntime().halt(exitCode);
        }, "signal-watchdog");
        watchdog.setDaemon(true);
        watchdog.start();
    }
}
