package dev.vaultload.report;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The thresholds of a run, from THRESHOLDS and THRESHOLDS_FILE (and {@code run --threshold}), judged on every
 * combination's result at its end ({@link #judge}), and where marked {@code abortOnFail} on its figures so far
 * after every period.
 */
public record Thresholds(List<Threshold> all) {
    public static final Thresholds NONE = new Thresholds(List.of());

    public Thresholds {
        all = List.copyOf(all);
    }

    /**
     * THRESHOLDS, then THRESHOLDS_FILE's lines (blank lines and {@code #} comments left out).
     *
     * @throws IllegalArgumentException one line naming the threshold at fault and where it was given
     */
    public static Thresholds read(Function<String, String> settings) {
        List<Threshold> thresholds = new ArrayList<>(ThresholdSettings.THRESHOLDS.in(settings)
                .map(text -> parse(ThresholdSettings.THRESHOLDS.name(), Arrays.asList(text.split(";"))).all())
                .orElse(List.of()));
        ThresholdSettings.THRESHOLDS_FILE.find(settings).ifPresent(file -> thresholds.addAll(parse(file).all()));
        return new Thresholds(thresholds);
    }

    /** @param source where they were given, for an error's message */
    public static Thresholds parse(String source, List<String> texts) {
        return new Thresholds(texts.stream().filter(text -> !text.isBlank()).map(text -> Threshold.parse(text, source)).toList());
    }

    private static Thresholds parse(Path file) {
        try {
            List<String> lines = Files.readAllLines(file);
            List<Threshold> thresholds = new ArrayList<>();
            for (int index = 0; index < lines.size(); index++) {
                String line = lines.get(index).replaceFirst("#.*", "");
                if (!line.isBlank()) {
                    thresholds.add(Threshold.parse(line, ThresholdSettings.THRESHOLDS_FILE.name() + " " + file + " line " + (index + 1)));
                }
            }
            return new Thresholds(thresholds);
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException("Invalid " + ThresholdSettings.THRESHOLDS_FILE.name() + "='" + file
                    + "': not UTF-8 text; expected one threshold a line, e.g. READ p99 < 50ms");
        } catch (IOException e) {
            throw new IllegalArgumentException("Invalid " + ThresholdSettings.THRESHOLDS_FILE.name() + "='" + file
                    + "': cannot be read (" + e.getMessage() + ")");
        }
    }

    public boolean isEmpty() {
        return all.isEmpty();
    }

    /** Those to check after every period, as well as at the end. */
    public List<Threshold> abortingOnFail() {
        return all.stream().filter(Threshold::abortOnFail).toList();
    }

    /** {@code result} with every threshold's verdict; unchanged without thresholds. */
    public RunResult judge(RunResult result) {
        return judge(result, Map.of());
    }

    /** As {@link #judge(RunResult)}, where a threshold that stopped the run keeps the verdict it stopped it with. */
    public RunResult judge(RunResult result, Map<Threshold, ThresholdVerdict> stoppedBy) {
        return isEmpty() ? result : result.withThresholds(all.stream()
                .map(threshold -> stoppedBy.getOrDefault(threshold, threshold.judge(result))).toList());
    }
}
