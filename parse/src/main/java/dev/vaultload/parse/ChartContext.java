package dev.vaultload.parse;

import java.util.Collection;
import java.util.List;

/** The part of every chart title that says where the figures come from: machine, fixture and date. */
public final class ChartContext {
    private ChartContext() {
    }

    /** e.g. "2 cores, JDK 25.0.1 · fixture SMALL · 2026-11-22"; several values are joined with " / ". */
    public static String of(Collection<Measurement> measurements) {
        return String.join(" · ", List.of(values(measurements, "machine"), "fixture " + values(measurements, "fixture"),
                values(measurements, "date")));
    }

    private static String values(Collection<Measurement> measurements, String setting) {
        List<String> values = measurements.stream().map(measurement -> measurement.run().settings().get(setting))
                .map(value -> value == null ? "unknown" : value).distinct().sorted().toList();
        return String.join(" / ", values);
    }
}
