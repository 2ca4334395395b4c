package dev.vaultload.parse;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Reads what the user points at: JSON result files, logs in Datasafe's format, or folders of them. A folder is
 * searched recursively for {@code *.json}; only if it holds none are its {@code *.log} files read, so that a
 * results folder with both does not count every run twice.
 */
public final class ResultLoader {
    private final JsonResultReader jsonReader = new JsonResultReader();
    private final DatasafeLogParser logParser = new DatasafeLogParser();

    public LoadedResults load(List<Path> inputs) {
        List<Measurement> measurements = new ArrayList<>();
        List<Problem> problems = new ArrayList<>();
        for (Path input : inputs) {
            for (Path file : filesOf(input)) {
                LoadedResults loaded = file.toString().endsWith(".json") ? jsonReader.read(file) : logParser.parse(file);
                measurements.addAll(loaded.measurements());
                problems.addAll(loaded.problems());
            }
            if (!Files.exists(input)) {
                problems.add(new Problem(input, 0, "no such file or folder"));
            }
        }
        return new LoadedResults(measurements, problems);
    }

    private static List<Path> filesOf(Path input) {
        if (!Files.isDirectory(input)) {
            return Files.exists(input) ? List.of(input) : List.of();
        }
        List<Path> json = filesEndingWith(input, ".json");
        return json.isEmpty() ? filesEndingWith(input, ".log") : json;
    }

    /** The files under {@code folder} (recursively) whose names end with {@code suffix}, sorted. */
    public static List<Path> filesEndingWith(Path folder, String suffix) {
        try (Stream<Path> files = Files.walk(folder)) {
            return files.filter(Files::isRegularFile).filter(file -> file.toString().endsWith(suffix)).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + folder, e);
        }
    }
}
