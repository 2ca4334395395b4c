package dev.vaultload.run;

import dev.vaultload.stats.ProcessCpu;
import dev.vaultload.stats.StatisticService;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * One thread's replay of the whole fixture, serially, every location under this execution's own prefix,
 * so that its expectations stay exact while other executions act on the same users; each operation is timed and
 * recorded by a {@link TimedOperation}. Returns the CPU nanoseconds its thread used.
 */
final class Execution implements Callable<Long> {
    private final List<FixtureStep> steps;
    private final String locationPrefix;
    private final TimedOperation timed;
    private final StatisticService statistics;
    private final RunControl control;

    Execution(List<FixtureStep> steps, String locationPrefix, TimedOperation timed, StatisticService statistics,
              RunControl control) {
        this.steps = steps;
        this.locationPrefix = locationPrefix;
        this.timed = timed;
        this.statistics = statistics;
        this.control = control;
    }

    @Override
    public Long call() {
        long cpuStartNanos = ProcessCpu.currentThreadNanos();
        for (FixtureStep step : steps) {
            if (control.stopped()) {
                break;
            }
            timed.run(step.operation(), locationPrefix, step.fixtureIndex(), statistics);
        }
        return ProcessCpu.currentThreadNanos() - cpuStartNanos;
    }
}
