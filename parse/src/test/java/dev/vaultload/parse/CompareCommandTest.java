package dev.vaultload.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.fixture.OperationType;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code compare A B} as a user meets it: a verdict per operation and figure naming the sides by what differs, or
 * exit status 2 with the one line that says what is missing and how to get it; {@code --help} says what it needs.
 */
class CompareCommandTest {
    @TempDir
    Path folder;

    /** What a command printed on each stream, and its exit status. */
    private record Outcome(int status, String out, String err) {
    }

    @Test
    void oneShortRunASideExitsTwoWithOneLineSayingWhatIsMissingAndHowToGetIt() throws IOException {
        Path gcm = runs("gcm", CipherSuite.AES256_GCM, 1.0, 1, 5);
        Path cbc = runs("cbc", CipherSuite.AES256_CBC, 1.3, 1, 5);

        Outcome outcome = compare(gcm.toString(), cbc.toString());

        assertEquals(2, outcome.status());
        assertEquals("", outcome.out(), "no ratios that say nothing");
        assertEquals("vaultload-parse: no verdict: ops/s needs >= 2 runs of the same configuration a side (AES256_GCM has 1, AES256_CBC has 1);"
                + " p50 and p99 need 10+ periods after the warm-up a side (AES256_GCM has 5, AES256_CBC has 5): run each side"
                + " again with the same --report-dir (its runs add up), or point A and B at folders holding >= 2 runs each;"
                + " a longer --duration or a shorter --period (e.g. 1s) gives more periods\n", outcome.err());
    }

    @Test
    void runsThatEndInTheirWarmUpOrResultsWithoutIntervalLogsExitTwoSayingSo() throws IOException {
        Path gcm = runs("gcm", CipherSuite.AES256_GCM, 1.0, 2, 40);
        Path cbc = runs("cbc", CipherSuite.AES256_CBC, 1.3, 2, 40);
        Path summaries = Files.createDirectories(folder.resolve("summaries"));
        ResultFixtures.writeJson(summaries, "gcm", ResultFixtures.Run.of("MEMORY", CipherSuite.AES256_GCM, 2, 100),
                List.of(new ResultFixtures.Figures(OperationType.WRITE, 100, 10, 10, 10, 10, 20)));

        Outcome warmUpOnly = compare("--warmup", "60s", gcm.toString(), cbc.toString());
        Outcome withoutLogs = compare(summaries.toString(), summaries.toString());

        assertEquals(2, warmUpOnly.status());
        assertEquals("vaultload-parse: no verdict: after the warm-up, no operation was completed on both sides"
                + " (WRITE, READ, CREATE_USER): run longer (--duration, e.g. 2m) or compare with a shorter --warmup\n",
                warmUpOnly.err());
        assertEquals(2, withoutLogs.status());
        assertTrue(withoutLogs.err().startsWith("vaultload-parse: no verdict: no interval log (.hlog) beside every result"),
                withoutLogs::err);
    }

    @Test
    void helpSaysWhatEachSideNeeds() {
        // what vaultload compare --help prints
        String help = ParseCommand.commandLine().getSubcommands().get("compare").getUsageMessage()
                .replaceAll("\\s+", " ");

        assertTrue(help.contains("of the same operations, threads and file sizes as the other side"), help);
        assertTrue(help.contains("ops/s needs >= 2 runs of the same configuration a side"), help);
        assertTrue(help.contains("p50 and p99 need 10+ periods after the warm-up a side"), help);
        assertTrue(help.contains("Exit status 2, with what is missing, when no figure can be tested"), help);
    }

    @Test
    void eachOperationAndFigureGetsAnAlignedVerdictLineNamingTheSidesAndOperationsWithoutDataAreLeftOut()
            throws IOException {
        Path gcm = runs("gcm", CipherSuite.AES256_GCM, 1.0, 2, 40);
        Path cbc = runs("cbc", CipherSuite.AES256_CBC, 1.3, 2, 40);

        Outcome outcome = compare(gcm.toString(), cbc.toString());

        assertEquals(0, outcome.status(), outcome::err);
        List<String> lines = outcome.out().lines().toList();
        assertTrue(lines.getFirst().startsWith("AES256_CBC against AES256_GCM (they differ in cipher): each ratio is"
                + " AES256_CBC's figure over AES256_GCM's, with its 95% confidence interval"), lines::getFirst);
        assertTrue(lines.contains("Left out, not completed after the warm-up on one side or both: CREATE_USER"),
                outcome::out);
        assertTrue(lines.contains("MEMORY VAULTLOAD 1 bucket SyntheticRun 2 threads 100kb: 2 runs of AES256_GCM,"
                + " 2 of AES256_CBC"), outcome::out);
        List<String> verdicts = lines.stream().filter(line -> line.startsWith("  ")).toList();
        assertEquals(6, verdicts.size(), "WRITE and READ, ops/s, p50 and p99 each: " + outcome.out());
        assertTrue(verdicts.stream().anyMatch(line -> line.matches(
                "  WRITE p50: +AES256_CBC 1\\.[23]\\dx of AES256_GCM  \\[1\\.\\d\\d, 1\\.\\d\\d] +slower")), outcome::out);
        assertTrue(verdicts.stream().anyMatch(line -> line.matches(
                "  READ ops/s: +AES256_CBC 1\\.00x of AES256_GCM  \\[1\\.00, 1\\.00] +no significant difference")),
                outcome::out);
        assertEquals(1, verdicts.stream().map(line -> line.indexOf(" of AES256_GCM")).distinct().count(), outcome::out);
        assertEquals(1, verdicts.stream().map(line -> line.indexOf("AES256_CBC")).distinct().count(), outcome::out);
        assertFalse(outcome.out().contains("NaN") || outcome.out().contains("CREATE_USER p50"), outcome::out);
    }

    @Test
    void theTabSeparatedTableIsKeptBehindTsv() throws IOException {
        Path gcm = runs("gcm", CipherSuite.AES256_GCM, 1.0, 2, 40);
        Path cbc = runs("cbc", CipherSuite.AES256_CBC, 1.3, 2, 40);

        Outcome outcome = compare("--tsv", gcm.toString(), cbc.toString());

        assertEquals(0, outcome.status(), outcome::err);
        assertTrue(outcome.out().contains("operation\tthreads\tsize\tconfiguration\truns A/B\tperiods A/B\tA ops/s"),
                outcome::out);
        assertTrue(outcome.out().lines().anyMatch(line -> line.startsWith("WRITE\t2\t100kb\t")
                        && line.endsWith("\tB slower\t-")), // synthetic runs record no cost figures
                outcome::out);
    }

    private Outcome compare(String... arguments) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine command = ParseCommand.commandLine();
        command.setOut(new PrintWriter(out, true));
        command.setErr(new PrintWriter(err, true));
        String[] compare = new String[arguments.length + 1];
        compare[0] = "compare";
        System.arraycopy(arguments, 0, compare, 1, arguments.length);
        int status = command.execute(compare);
        return new Outcome(status, out.toString(), err.toString());
    }

    /**
     * {@code runs} runs of WRITE and READ, {@code slower} times the base latencies, {@code periods} one-second periods
     * after a one-second warm-up that holds only CREATE_USER.
     */
    private Path runs(String name, CipherSuite cipher, double slower, int runs, int periods) throws IOException {
        Path results = Files.createDirectories(folder.resolve(name));
        for (int run = 0; run < runs; run++) {
            new SyntheticRun().cipher(cipher).periods(periods, 1000).warmup(1000).seed(name.hashCode() + run)
                    .loads(List.of(new SyntheticRun.Load(OperationType.WRITE, 22_000 * slower, 20),
                            new SyntheticRun.Load(OperationType.READ, 2_000 * slower, 20)))
                    .write(results, name + "-" + run);
        }
        return results;
    }
}
