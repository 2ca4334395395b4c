package dev.vaultload.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import dev.vaultload.report.ProgressDisplay;
import dev.vaultload.report.ProgressLog;
import dev.vaultload.stats.IntervalListener;
import java.io.Console;
import java.util.List;
import java.util.Optional;
import org.slf4j.LoggerFactory;

/**
 * The live view of a running phase: on a terminal, a progress bar with ETA when the number of operations
 * is known; otherwise (a soak, output to a file or a pipe) the per-period line of the KMS tool.
 */
final class LiveProgress implements ProgressDisplay {
    private final boolean terminal;

    LiveProgress(boolean terminal) {
        this.terminal = terminal;
    }

    static LiveProgress ofConsole() {
        return new LiveProgress(isTerminal(System.console()));
    }

    boolean terminal() {
        return terminal;
    }

    @Override
    public List<IntervalListener> listeners(String label, long plannedOperations, Optional<IntervalListener> periodLine) {
        boolean bar = terminal && plannedOperations > 0;
        // The period lines would tear the bar apart; they come back for phases that show none.
        ((Logger) LoggerFactory.getLogger(ProgressLog.class)).setLevel(bar ? Level.WARN : null);
        return bar ? List.of(new ProgressBarListener(label, plannedOperations)) : periodLine.stream().toList();
    }

    /** JDK 22+ returns a console even when output is redirected and tells by isTerminal(); JDK 21 returns null then. */
    private static boolean isTerminal(Console console) {
        if (console == null) {
            return false;
        }
        try {
            return (boolean) Console.class.getMethod("isTerminal").invoke(console);
        } catch (NoSuchMethodException e) {
            return true;
        } catch (ReflectiveOperationException e) {
            return false;
        }
    }
}
