package dev.vaultload.parse;

import java.util.ArrayList;
import java.util.List;

/**
 * A time axis labelled in time since its start, in seconds, minutes or hours as the span asks (a 72-hour soak is
 * read in hours).
 */
final class TimeScale implements Scale {
    private static final int TICK_PARTS = 8;
    private static final double MILLIS_PER_SECOND = 1000;
    private static final double SECONDS_SHOWN_UP_TO = 180;
    private static final double MINUTES_SHOWN_UP_TO = 180 * 60;

    private final double startMillis;
    private final double endMillis;
    private final String unit;
    private final double unitMillis;

    private TimeScale(double startMillis, double endMillis) {
        this.startMillis = startMillis;
        this.endMillis = Math.max(endMillis, startMillis + 1);
        double shownSeconds = (this.endMillis - startMillis) / MILLIS_PER_SECOND;
        this.unit = shownSeconds <= SECONDS_SHOWN_UP_TO ? "s" : shownSeconds <= MINUTES_SHOWN_UP_TO ? "min" : "h";
        this.unitMillis = MILLIS_PER_SECOND * switch (unit) {
            case "s" -> 1;
            case "min" -> 60;
            default -> 3600;
        };
    }

    /** From {@code startMillis} (labelled 0) to {@code endMillis}, any clock in milliseconds. */
    static TimeScale between(double startMillis, double endMillis) {
        return new TimeScale(startMillis, endMillis);
    }

    /** {@code s}, {@code min} or {@code h}: what the tick labels count. */
    String unit() {
        return unit;
    }

    @Override
    public double fraction(double millis) {
        return (millis - startMillis) / (endMillis - startMillis);
    }

    /** Round times since the start. */
    @Override
    public List<Tick> ticks() {
        double step = Scale.niceStep((endMillis - startMillis) / unitMillis, TICK_PARTS);
        List<Tick> ticks = new ArrayList<>();
        for (long index = 0; index * step * unitMillis <= endMillis - startMillis; index++) {
            ticks.add(new Tick(startMillis + index * step * unitMillis, Scale.plain(Math.round(index * step * 1000) / 1000.0)));
        }
        return ticks;
    }
}
