package dev.vaultload.report;

import dev.vaultload.stats.IntervalListener;
import java.util.List;
import java.util.Optional;

/**
 * How a front door shows a running phase: the command line draws a progress bar on a terminal; elsewhere (a JUnit
 * suite, output to a file) the per-period line is enough. An output like the others: it hears the periods and cannot
 * change the run.
 */
@FunctionalInterface
public interface ProgressDisplay {
    /** The per-period line only. */
    ProgressDisplay LINES = (label, plannedOperations, periodLine) -> periodLine.stream().toList();

    /**
     * @param plannedOperations operations the phase will run, 0 when unknown (a DURATION run)
     * @param periodLine        the per-period line, when no one else prints it
     */
    List<IntervalListener> listeners(String label, long plannedOperations, Optional<IntervalListener> periodLine);
}
