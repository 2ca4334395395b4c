package dev.vaultload.parse;

import dev.vaultload.fixture.ReadFailure;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the statistics blocks of a log in Datasafe's format, ours or Datasafe's own:
 * <pre>
 * 07:57:55.523 [main] INFO some.Logger - ==== Statistics for AMAZON with 2 threads and 100 Kb filesize: ====
 * 07:57:55.532 [main] INFO some.Logger - WRITE : StatisticService.Percentiles(stat={50=35.0, 99=113.73, ...}, throughputPerThread=21.19)
 * </pre>
 * The log prefix is optional. Percentiles may come in any order; 50, 75, 90, 95 and 99 must be there.
 * Other log lines are ignored, but a line that names a statistics block or StatisticService and does not
 * parse is a {@link Problem} with its line number, and so is a file that cannot be read as UTF-8 text.
 */
public final class DatasafeLogParser {
    private static final Pattern LOG_PREFIX = Pattern.compile("^\\S+ \\[[^]]*] \\w+ (\\S+) - (.*)$");
    private static final Pattern HEADING = Pattern.compile(
            "^==== Statistics for (\\S+) with (\\d+) threads and (\\d+) Kb filesize(?: \\(engine (\\S+)\\))?: ====\\s*$");
    private static final Pattern OPERATION = Pattern.compile(
            "^([A-Z_]+) : StatisticService\\.Percentiles\\(stat=\\{([^}]*)}, throughputPerThread=([^)]+)\\)\\s*$");
    private static final Pattern PERCENTILE = Pattern.compile("^\\s*(\\d+(?:\\.\\d+)?)=(\\S+)\\s*$");

    public LoadedResults parse(Path log) {
        List<Measurement> measurements = new ArrayList<>();
        List<Problem> problems = new ArrayList<>();
        Map<String, String> settings = Map.of("date", lastModifiedDate(log), "machine", "machine unknown (log)");
        try (BufferedReader reader = Files.newBufferedReader(log, StandardCharsets.UTF_8)) {
            Block block = null;
            long lineNumber = 0;
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                lineNumber++;
                Matcher prefixed = LOG_PREFIX.matcher(line);
                String logger = prefixed.matches() ? prefixed.group(1) : "";
                String message = prefixed.matches() ? prefixed.group(2) : line.strip();
                if (message.contains("==== Statistics for")) {
                    Matcher heading = HEADING.matcher(message);
                    if (heading.matches()) {
                        String suite = logger.substring(logger.lastIndexOf('.') + 1);
                        block = new Block(new Configuration(suite, heading.group(1),
                                Configuration.engineOrDefault(heading.group(4)), "", 0),
                                Integer.parseInt(heading.group(2)), Integer.parseInt(heading.group(3)),
                                new Measurement.Run(log, log + ":" + lineNumber, settings));
                    } else {
                        problems.add(new Problem(log, lineNumber, "malformed statistics heading: " + message));
                        block = null;
                    }
                } else if (message.contains("StatisticService.Percentiles")) {
                    String error = block == null ? "statistics line outside a '==== Statistics for' block" : null;
                    Measurement measurement = error == null ? operation(message, block) : null;
                    if (measurement != null) {
                        measurements.add(measurement);
                    } else {
                        problems.add(new Problem(log, lineNumber,
                                (error == null ? "malformed statistics line" : error) + ": " + message));
                    }
                }
            }
        } catch (IOException e) {
            problems.add(new Problem(log, 0, "cannot be read: " + ReadFailure.reason(e)));
        }
        return new LoadedResults(measurements, problems);
    }

    /** The measurement of one operation line, or null if it does not parse. */
    private static Measurement operation(String message, Block block) {
        Matcher matcher = OPERATION.matcher(message);
        if (!matcher.matches()) {
            return null;
        }
        Map<String, Double> percentileMillis = new LinkedHashMap<>();
        for (String entry : matcher.group(2).split(",")) {
            Matcher percentile = PERCENTILE.matcher(entry);
            if (!percentile.matches()) {
                return null;
            }
            Double value = parseDouble(percentile.group(2));
            if (value == null) {
                return null;
            }
            percentileMillis.put(percentile.group(1), value);
        }
        Double throughputPerThread = parseDouble(matcher.group(3));
        if (throughputPerThread == null || !percentileMillis.keySet().containsAll(Measurement.PERCENTILES)) {
            return null;
        }
        return new Measurement(block.configuration(), matcher.group(1), block.threads(), block.fileSizeKib(),
                throughputPerThread, percentileMillis, block.run());
    }

    private static Double parseDouble(String text) {
        try {
            return Double.valueOf(text.strip());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** A log line carries no date: the file's modification day is the best there is. */
    private static String lastModifiedDate(Path log) {
        try {
            return LocalDate.ofInstant(Files.getLastModifiedTime(log).toInstant(), ZoneId.systemDefault()).toString();
        } catch (IOException e) {
            return "unknown date";
        }
    }

    private record Block(Configuration configuration, int threads, int fileSizeKib, Measurement.Run run) {
    }
}
