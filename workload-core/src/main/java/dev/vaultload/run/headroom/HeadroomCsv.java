package dev.vaultload.run.headroom;

import dev.vaultload.report.HeadroomSection;
import dev.vaultload.report.HeadroomStep;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Writes a {@link HeadroomSection}'s steps as CSV: a header, then one row per step; the knee's row says {@code true}. */
public final class HeadroomCsv {
    static final String HEADER = "threads,operations,errors,ops_per_second,p50_ms,p90_ms,p99_ms,cpu_us_per_op,knee";

    private HeadroomCsv() {
    }

    public static void write(HeadroomSection headroom, Path file) {
        List<String> lines = new ArrayList<>();
        lines.add(HEADER);
        for (HeadroomStep step : headroom.steps()) {
            lines.add(String.format(Locale.ROOT, "%d,%d,%d,%.2f,%.3f,%.3f,%.3f,%.1f,%b", step.threads(),
                    step.operations(), step.errors(), step.opsPerSecond(), step.p50Micros() / 1000.0,
                    step.p90Micros() / 1000.0, step.p99Micros() / 1000.0, step.cpuMicrosPerOperation(), step.equals(headroom.knee())));
        }
        try {
            Path parent = file.toAbsolutePath().getParent();
            Files.createDirectories(parent);
            Files.write(file, lines);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}
