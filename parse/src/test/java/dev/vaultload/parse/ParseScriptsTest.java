package dev.vaultload.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.fixture.OperationType;
import dev.vaultload.parse.ResultFixtures.Figures;
import dev.vaultload.parse.ResultFixtures.Run;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The parse scripts on the seed's log lines (Datasafe's percentile order and the newer one) and on JSON results. */
class ParseScriptsTest {
    private static final Pattern STAT = Pattern.compile("stat=\\{([^}]*)}");

    @TempDir
    Path folder;

    @Test
    void throughputTableOfTheSeedLogIsThroughputPerThreadTimesThreads() throws Exception {
        String output = run(ParseScripts.THROUGHPUT_TABLE, seedLog());

        List<String> lines = output.lines().toList();
        int write = lines.indexOf("WRITE");
        assertEquals("Threads\t100kb\t1mb\t10mb", lines.get(write + 1));
        assertEquals("2\t" + 2 * 21.199480270806266 + "\t" + 2 * 9.077864651966383 + "\t" + 2 * 1.7302486534758463,
                lines.get(write + 2));
        // the seed's own parsed table
        assertEquals("2\t118.67294777989376\t42.735968236780366\t6.102306403813942", lines.get(lines.indexOf("READ") + 2));
        assertEquals("2\t9.197080291970803\t4.24171014980643\t1.4298440221739304", lines.get(lines.indexOf("SHARE") + 2));
    }

    @Test
    void detailTableShowsOpsMebibytesAndPercentilesInAnyOrder() throws Exception {
        String datasafeOrder = run(ParseScripts.DETAIL_TABLE, seedLog());
        Path ascending = writeLog("ascending.log", seedLines().stream().map(ParseScriptsTest::ascendingPercentiles)
                .map(line -> line.replace("de.adorsys.datasafe.business.impl.e2e.randomactions.RandomActionsOnDatasafeIT",
                        "dev.vaultload.run.WorkloadRunner")).toList());
        String ascendingOrder = run(ParseScripts.DETAIL_TABLE, ascending);

        assertEquals(datasafeOrder, ascendingOrder);
        List<String> lines = datasafeOrder.lines().toList();
        int write100 = lines.indexOf("WRITE 100kb");
        assertEquals("Threads\truns\tops/s\tMiB/s\tp50 ms\tp75 ms\tp90 ms\tp95 ms\tp99 ms", lines.get(write100 + 1));
        assertEquals("2\t1\t42.40\t4.14\t35.00\t57.00\t79.00\t87.65\t113.73", lines.get(write100 + 2));
        assertEquals("2\t1\t106.54\t-\t18.00\t21.00\t25.00\t29.95\t45.39", lines.get(lines.indexOf("LIST 100kb") + 2));
    }

    @Test
    void repeatedRunsShowMeanAndSpread() throws Exception {
        List<String> twice = new ArrayList<>(seedLines());
        twice.addAll(seedLines().stream().map(line -> line.replace("throughputPerThread=21.199480270806266",
                "throughputPerThread=23.199480270806266")).toList());
        String output = run(ParseScripts.DETAIL_TABLE, writeLog("twice.log", twice));

        List<String> lines = output.lines().toList();
        // runs 42.40 and 46.40: mean 44.40, sample standard deviation 2.83
        assertEquals("2\t2\t44.40 ±2.83\t4.34 ±0.28\t35.00 ±0.00\t57.00 ±0.00\t79.00 ±0.00\t87.65 ±0.00\t113.73 ±0.00",
                lines.get(lines.indexOf("WRITE 100kb") + 2));
    }

    @Test
    void malformedLinesAreReportedWithTheirNumber() throws Exception {
        List<String> lines = new ArrayList<>(seedLines());
        lines.set(2, lines.get(2).replace("90=354.5", "90=abc"));
        lines.set(4, lines.get(4).replace(", 95=35.65", ""));
        lines.add(0, "08:00:00.000 [main] INFO x.Y - READ : StatisticService.Percentiles(stat={50=1.0}, throughputPerThread=1.0)");
        Path log = writeLog("broken.log", lines);

        LoadedResults loaded = new ResultLoader().load(List.of(log));

        List<String> problems = loaded.problems().stream().map(Problem::toString).toList();
        assertEquals(3, problems.size(), problems::toString);
        assertTrue(problems.get(0).startsWith(log + ":1: statistics line outside a '==== Statistics for' block"), problems.get(0));
        assertTrue(problems.get(1).startsWith(log + ":4: malformed statistics line: SHARE : "), problems.get(1));
        assertTrue(problems.get(2).startsWith(log + ":6: malformed statistics line: DELETE : "), problems.get(2));
        assertTrue(run(ParseScripts.THROUGHPUT_TABLE, log).contains("2\t42.39896054161253\t"), "the good lines still count");
    }

    @Test
    void jsonResultsGiveTheSameTablesAsTheLog() throws Exception {
        Path results = Files.createDirectories(folder.resolve("results"));
        Map<Integer, List<Figures>> figuresBySizeKib = new LinkedHashMap<>();
        List<Figures> block = null;
        for (String line : seedLines()) {
            Matcher heading = Pattern.compile("with 2 threads and (\\d+) Kb").matcher(line);
            Matcher operation = Pattern.compile(" - (\\w+) : .*throughputPerThread=(.*)\\)").matcher(line);
            if (heading.find()) {
                block = figuresBySizeKib.computeIfAbsent(Integer.parseInt(heading.group(1)), size -> new ArrayList<>());
            } else if (operation.find()) {
                block.add(new Figures(OperationType.valueOf(operation.group(1)), Double.parseDouble(operation.group(2)),
                        ascendingPercentileValues(line)));
            }
        }
        figuresBySizeKib.forEach((sizeKib, figures) -> ResultFixtures.writeJson(results, "size" + sizeKib,
                Run.of("AMAZON", CipherSuite.AES256_CBC, 2, sizeKib), figures));

        for (String script : List.of(ParseScripts.THROUGHPUT_TABLE, ParseScripts.DETAIL_TABLE)) {
            String fromJson = run(script, results);
            assertEquals(run(script, seedLog()), fromJson, script);
        }
    }

    private String run(String script, Path input) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (PrintStream outStream = new PrintStream(out, true, StandardCharsets.UTF_8)) {
            new ParseScripts().run(script, new ResultLoader().load(List.of(input)), outStream);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    static Path seedLog() throws URISyntaxException {
        return Path.of(ParseScriptsTest.class.getResource("/datasafe-seed.log").toURI());
    }

    static List<String> seedLines() throws IOException, URISyntaxException {
        return Files.readAllLines(seedLog());
    }

    private Path writeLog(String name, List<String> lines) throws IOException {
        return Files.write(folder.resolve(name), lines);
    }

    /** The newer runs' order: {50=, 75=, 90=, 95=, 99=}. */
    private static String ascendingPercentiles(String line) {
        Matcher stat = STAT.matcher(line);
        if (!stat.find()) {
            return line;
        }
        List<String> entries = Arrays.stream(stat.group(1).split(", "))
                .sorted(java.util.Comparator.comparingDouble(entry -> Double.parseDouble(entry.substring(0, entry.indexOf('=')))))
                .toList();
        return stat.replaceFirst(Matcher.quoteReplacement("stat={" + String.join(", ", entries) + "}"));
    }

    private static double[] ascendingPercentileValues(String line) {
        Matcher stat = STAT.matcher(ascendingPercentiles(line));
        stat.find();
        return Arrays.stream(stat.group(1).split(", ")).mapToDouble(entry -> Double.parseDouble(entry.substring(entry.indexOf('=') + 1))).toArray();
    }
}
