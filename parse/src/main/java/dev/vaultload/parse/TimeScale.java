package dev.vaultload.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A time axis labelled in time since its start, in seconds, minutes or hours as the span asks (a 72-hour soak is
 * read in hours). A known wait in which nothing was measured (shards waiting for START_AT) can be cut out: it
 * shrinks to a narrow stretch of the axis, which the chart marks, so the measured time keeps the width.
 */
final class TimeScale implements Scale {
    /** The share of the axis a cut keeps: enough to see it and to label it. */
    private static final double CUT_SHARE = 0.06;
    private static final int TICK_PARTS = 8;
    private static final double MILLIS_PER_SECOND = 1000;
    private static final double SECONDS_SHOWN_UP_TO = 180;
    private static final double MINUTES_SHOWN_UP_TO = 180 * 60;

    /** A stretch of the axis, on the same clock as the values drawn. */
    record Cut(double fromMillis, double toMillis) {
        double millis() {
            return toMillis - fromMillis;
        }
    }

    private final double startMillis;
    private final double endMillis;
    private final Optional<Cut> cut;
    private final String unit;
    private final double unitMillis;

    private TimeScale(double startMillis, double endMillis, Optional<Cut> cut) {
        this.startMillis = startMillis;
        this.endMillis = Math.max(endMillis, startMillis + 1);
        this.cut = cut;
        double shownSeconds = (this.endMillis - startMillis - cut.map(Cut::millis).orElse(0.0)) / MILLIS_PER_SECOND;
        this.unit = shownSeconds <= SECONDS_SHOWN_UP_TO ? "s" : shownSeconds <= MINUTES_SHOWN_UP_TO ? "min" : "h";
        this.unitMillis = MILLIS_PER_SECOND * switch (unit) {
            case "s" -> 1;
            case "min" -> 60;
            default -> 3600;
        };
    }

    /** From {@code startMillis} (labelled 0) to {@code endMillis}, any clock in milliseconds. */
    static TimeScale between(double startMillis, double endMillis) {
        return new TimeScale(startMillis, endMillis, Optional.empty());
    }

    /** The same axis with {@code cut} shrunk; a cut outside the axis or of no length is ignored. */
    TimeScale cutting(Cut cut) {
        boolean inside = cut.fromMillis() > startMillis && cut.toMillis() < endMillis && cut.millis() > 0;
        return inside ? new TimeScale(startMillis, endMillis, Optional.of(cut)) : this;
    }

    Optional<Cut> cut() {
        return cut;
    }

    /** {@code s}, {@code min} or {@code h}: what the tick labels count. */
    String unit() {
        return unit;
    }

    @Override
    public double fraction(double millis) {
        if (cut.isEmpty()) {
            return (millis - startMillis) / (endMillis - startMillis);
        }
        Cut wait = cut.get();
        double shownMillis = endMillis - startMillis - wait.millis();
        double beforeShare = (wait.fromMillis() - startMillis) / shownMillis * (1 - CUT_SHARE);
        if (millis <= wait.fromMillis()) {
            return (millis - startMillis) / shownMillis * (1 - CUT_SHARE);
        }
        if (millis < wait.toMillis()) {
            return beforeShare + (millis - wait.fromMillis()) / wait.millis() * CUT_SHARE;
        }
        return beforeShare + CUT_SHARE + (millis - wait.toMillis()) / shownMillis * (1 - CUT_SHARE);
    }

    /** Round times since the start; after a cut they go on counting the time it left out. */
    @Override
    public List<Tick> ticks() {
        double shownUnits = (endMillis - startMillis - cut.map(Cut::millis).orElse(0.0)) / unitMillis;
        double step = Scale.niceStep(shownUnits, TICK_PARTS);
        List<Tick> ticks = new ArrayList<>();
        for (long index = 0; index * step * unitMillis <= endMillis - startMillis; index++) {
            double millis = startMillis + index * step * unitMillis;
            boolean inCut = cut.filter(wait -> millis > wait.fromMillis() - step * unitMillis / 2
                    && millis < wait.toMillis() + step * unitMillis / 2).isPresent();
            if (!inCut || index == 0) {
                ticks.add(new Tick(millis, Scale.plain(Math.round(index * step * 1000) / 1000.0)));
            }
        }
        return ticks;
    }
}
