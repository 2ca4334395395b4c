package dev.vaultload.run;

import java.util.Iterator;
import java.util.List;

/**
 * One execution of FIXTURE: the thread's replay of the whole fixture, serially, closed loop, every location under the
 * execution's own prefix, so that its expectations stay exact while other executions act on the same users.
 */
final class FixtureLane implements Lane {
    private final Iterator<FixtureStep> steps;
    private final String locationPrefix;
    private final TimedOperation timed;

    FixtureLane(List<FixtureStep> steps, String locationPrefix, TimedOperation timed) {
        this.steps = steps.iterator();
        this.locationPrefix = locationPrefix;
        this.timed = timed;
    }

    @Override
    public TimedOperation timed() {
        return timed;
    }

    @Override
    public Slot next() {
        if (!steps.hasNext()) {
            return null;
        }
        FixtureStep step = steps.next();
        return Slot.whenReady(step.operation(), locationPrefix, step.fixtureIndex());
    }
}
