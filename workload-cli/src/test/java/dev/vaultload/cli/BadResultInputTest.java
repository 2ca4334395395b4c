package dev.vaultload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vaultload.storage.StorageProviders;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Malformed, empty and missing results given to {@code vaultload parse table|charts|report} and {@code vaultload
 * compare A B}, on either side: each is refused with exit status 2 and one line that names the file (or folder) at
 * fault and what is accepted, without a stack trace, without a chart folder made or anything left in java.io.tmpdir.
 */
class BadResultInputTest {
    private static final InProcessCli CLI = new InProcessCli();
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String ACCEPTED = "expected JSON results written by a run, or logs with Datasafe's";

    @TempDir
    static Path folder;
    private static Path valid;
    private static Path validJson;
    private static Path validLog;

    /** A bad input: how it is made in its own folder, and what the line must say besides its path. */
    private record BadResult(String name, InputMaker input, String named) {
    }

    @FunctionalInterface
    private interface InputMaker {
        /** @return the input to name on the command line, made inside {@code home} */
        Path make(Path home) throws IOException;
    }

    @BeforeAll
    static void aValidRun() throws IOException {
        valid = folder.resolve("valid");
        InProcessCli.Outcome outcome = InProcessCli.execute(StorageProviders::named,
                List.of("run", "--STORAGE_PROVIDERS", "MEMORY", "--THREADS", "1", "--FILE_SIZES", "1",
                        "--KDF_ITERATIONS", "1000", "--REPORT_DIR", valid.toString()));
        assertEquals(0, outcome.exitCode(), outcome.err());
        validJson = only(valid, ".json");
        validLog = Files.write(folder.resolve("statistics.log"), List.of(
                "07:57:55.523 [main] INFO dev.vaultload.run.WorkloadRunner - ==== Statistics for MEMORY with 1 threads and 1 Kb filesize: ====",
                "07:57:55.532 [main] INFO dev.vaultload.run.WorkloadRunner - WRITE : StatisticService.Percentiles("
                        + "stat={50=35.0, 99=113.73, 90=79.0, 75=57.0, 95=87.65}, throughputPerThread=21.19)",
                "07:57:55.533 [main] INFO dev.vaultload.run.WorkloadRunner - READ : StatisticService.Percentiles("
                        + "stat={50=5.0, 99=13.73, 90=9.0, 75=7.0, 95=8.65}, throughputPerThread=121.19)"));
        InProcessCli.Outcome table = InProcessCli.execute(StorageProviders::named, List.of("parse", "table", validLog.toString()));
        assertEquals(0, table.exitCode(), "the valid log parses: " + table.err());
    }

    @TestFactory
    Stream<DynamicTest> parseAndCompareRefuseEveryBadInputInOneLine() {
        List<BadResult> inputs = badResults();
        List<DynamicTest> cases = new ArrayList<>();
        for (BadResult input : inputs) {
            cases.add(DynamicTest.dynamicTest("parse table: " + input.name(), () -> {
                Path bad = make(input, "table");
                CLI.assertRefused(List.of("parse", "table", bad.toString()), bad.toString(), input.named(), ACCEPTED);
            }));
            cases.add(DynamicTest.dynamicTest("parse charts: " + input.name(), () -> {
                Path bad = make(input, "charts");
                Path charts = folder.resolve("charts-of-" + safeName(input.name()));
                CLI.assertRefused(List.of("parse", "charts", "--out", charts.toString(), bad.toString()),
                        bad.toString(), input.named(), ACCEPTED);
                assertFalse(Files.exists(charts), "a chart folder made for refused input");
            }));
            cases.add(DynamicTest.dynamicTest("compare BAD VALID: " + input.name(), () -> {
                Path bad = make(input, "compare-a");
                CLI.assertRefused(List.of("compare", bad.toString(), valid.toString()), bad.toString(), input.named(), ACCEPTED);
            }));
            cases.add(DynamicTest.dynamicTest("compare VALID BAD: " + input.name(), () -> {
                Path bad = make(input, "compare-b");
                CLI.assertRefused(List.of("compare", valid.toString(), bad.toString()), bad.toString(), input.named(), ACCEPTED);
            }));
        }
        for (BadResult input : reportInputs(inputs)) {
            cases.add(DynamicTest.dynamicTest("parse report: " + input.name(), () -> {
                Path bad = make(input, "report");
                Path results = Files.isDirectory(bad) ? bad : bad.getParent();
                CLI.assertRefused(List.of("parse", "report", results.toString()), results.toString(),
                        "no run results (*.json written by a run) to report on", input.named());
                assertFalse(Files.exists(results.resolve("report.html")), "a report page written");
            }));
        }
        assertTrue(cases.size() >= 30, "only " + cases.size() + " cases");
        return cases.stream();
    }

    private static List<BadResult> badResults() {
        return List.of(
                new BadResult("empty log", home -> Files.write(home.resolve("empty.log"), new byte[0]), ": no results"),
                new BadResult("empty JSON file", home -> Files.write(home.resolve("empty.json"), new byte[0]),
                        ": not a run result: No content to map due to end-of-input"),
                new BadResult("no such path", home -> home.resolve("missing"), ": no such file or folder"),
                new BadResult("empty folder", home -> Files.createDirectories(home.resolve("results")), ": no results"),
                new BadResult("folder without results", home -> {
                    Path results = Files.createDirectories(home.resolve("results"));
                    Files.writeString(results.resolve("notes.txt"), "WRITE was fast");
                    return results;
                }, ": no results"),
                new BadResult("binary log", home -> Files.write(home.resolve("binary.log"), binary()),
                        ": cannot be read: not UTF-8 text"),
                new BadResult("binary JSON", home -> Files.write(home.resolve("binary.json"), binary()), ": not a run result"),
                new BadResult("truncated result", home -> {
                    String json = Files.readString(validJson);
                    return Files.writeString(home.resolve("truncated.json"), json.substring(0, json.length() / 2));
                    // cut inside the operations, wherever the JSON's layout puts its middle
                }, "not a run result: field operations["),
                new BadResult("result an array", home -> Files.writeString(home.resolve("array.json"), "[]"), ": not a run result"),
                new BadResult("result null", home -> Files.writeString(home.resolve("null.json"), "null"),
                        ": not a run result: missing the whole result"),
                new BadResult("result an empty object", home -> Files.writeString(home.resolve("empty-object.json"), "{}"),
                        ": not a run result: missing setup"),
                new BadResult("threads a word", changed("threads", json -> json.put("threads", "two")),
                        ": not a run result: field threads: "),
                new BadResult("operations a string", changed("operations", json -> json.put("operations", "many")),
                        ": not a run result: field operations: "),
                new BadResult("an operation null", changed("null-operation", json -> {
                    json.withArray("operations").addNull();
                    return json;
                }), ": not a run result: missing operations"),
                new BadResult("a result beside a malformed one", home -> {
                    Path results = Files.createDirectories(home.resolve("results"));
                    Files.copy(validJson, results.resolve("good.json"));
                    return Files.writeString(results.resolve("bad.json"), "{\"setup\": ").getParent();
                }, "bad.json:1: not a run result"),
                new BadResult("percentile not a number", log("abc-percentile", line -> line.replaceFirst("50=[^,]*", "50=abc")),
                        ":2: malformed statistics line: "),
                new BadResult("p99 missing", log("no-p99", line -> line.replaceFirst(", 99=[^,}]*", "")),
                        ":2: malformed statistics line: "),
                new BadResult("throughput not a number", log("bad-throughput",
                        line -> line.replaceFirst("throughputPerThread=[^)]*", "throughputPerThread=fast")),
                        ":2: malformed statistics line: "),
                new BadResult("statistics line outside a block", log("no-heading", line -> line.contains("==== Statistics for")
                        ? "" : line), ": statistics line outside a '==== Statistics for' block"),
                new BadResult("malformed heading", log("bad-heading", line -> line.replace(" threads and ", " threads, ")),
                        ":1: malformed statistics heading: "),
                new BadResult("log cut inside a statistics line", home -> {
                    String log = Files.readString(validLog);
                    int cut = log.indexOf("throughputPerThread=");
                    return Files.writeString(home.resolve("cut.log"), log.substring(0, cut));
                }, ": malformed statistics line: "),
                new BadResult("log without statistics", home -> Files.writeString(home.resolve("plain.log"),
                        "08:00:00.000 [main] INFO x.Y - started\n08:00:01.000 [main] INFO x.Y - done\n"), ": no results"));
    }

    /** {@code parse report} reads folders of JSON; a folder with a good result beside a bad one is reported on. */
    private static List<BadResult> reportInputs(List<BadResult> inputs) {
        return inputs.stream().filter(input -> !input.name().equals("a result beside a malformed one"))
                .map(input -> new BadResult(input.name(), input.input(), "")).toList();
    }

    private static InputMaker changed(String name, UnaryOperator<ObjectNode> change) {
        return home -> {
            ObjectNode json = (ObjectNode) JSON.readTree(validJson.toFile());
            return Files.writeString(home.resolve(name + ".json"), JSON.writeValueAsString(change.apply(json)));
        };
    }

    /** The valid run's statistics block (heading first), each line changed. */
    private static InputMaker log(String name, UnaryOperator<String> change) {
        return home -> {
            List<String> block = Files.readAllLines(validLog).stream()
                    .dropWhile(line -> !line.contains("==== Statistics for"))
                    .filter(line -> line.contains("==== Statistics for") || line.contains("StatisticService.Percentiles"))
                    .map(change).toList();
            return Files.write(home.resolve(name + ".log"), block);
        };
    }

    private static Path make(BadResult input, String command) throws IOException {
        Path home = Files.createDirectories(folder.resolve(command + "-" + safeName(input.name())));
        return input.input().make(home);
    }

    private static byte[] binary() {
        byte[] bytes = new byte[4096];
        new Random(4096).nextBytes(bytes);
        bytes[0] = (byte) 0xC3; // a UTF-8 lead byte followed by no continuation byte: never text
        bytes[1] = 0x28;
        return bytes;
    }

    private static Path only(Path directory, String suffix) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            List<Path> matching = files.filter(file -> file.toString().endsWith(suffix)).toList();
            assertEquals(1, matching.size(), matching::toString);
            return matching.getFirst();
        }
    }

    private static String safeName(String name) {
        return name.replaceAll("[^A-Za-z0-9.-]+", "_");
    }
}
