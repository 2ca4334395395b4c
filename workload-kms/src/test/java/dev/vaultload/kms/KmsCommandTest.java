package dev.vaultload.kms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vaultload.report.ProgressLog;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;

/** {@code vaultload kms} against the servers of the scripts: progress lines, exit status and the JSON result. */
class KmsCommandTest {
    private static final Pattern PERIOD_LINE = Pattern.compile("\\[Time_\\d+] (KES|AWS_KMS|PKCS11|VAULT_TRANSIT) [a-z-]+"
            + " [12] threads? 32 bytes RequestCount: \\d+ ResponseCount: \\d+ TPS: [\\d.]+ AvgTPS: [\\d.]+"
            + " MaxOnceTimeCost: [\\d.]+ ms MinOnceTimeCost: [\\d.]+ ms AvgOnceTimeCost: [\\d.]+ ms ClientErrorCount: 0"
            + " LimitExceededErrorCount: 0 TimeoutErrorCount: 0 ServerErrorCount: 0 .*");

    @TempDir
    Path reports;

    private final Logger progressLogger = (Logger) LoggerFactory.getLogger(ProgressLog.class);
    private final ListAppender<ILoggingEvent> progress = new ListAppender<>();

    private record Outcome(int exitCode, String out, String err) {
    }

    @BeforeEach
    void captureProgress() {
        progress.start();
        progressLogger.addAppender(progress);
    }

    @AfterEach
    void releaseProgress() {
        progressLogger.detachAppender(progress);
    }

    @ParameterizedTest
    @ValueSource(strings = {"KES", "AWS_KMS", "PKCS11", "VAULT_TRANSIT"})
    void everyCaseAtEachConcurrencyReportsItsPeriodsPercentilesAndJson(String kms) throws IOException {
        Outcome outcome = run(KmsServers.settings(kms), "--case", "encrypt,decrypt,generate-data-key",
                "--concurrency", "1,2", "--duration", "1s", "--period", "500ms", "--warmup", "300ms", "--report-dir",
                reports.toString());

        assertEquals(0, outcome.exitCode(), outcome.err());
        List<String> lines = progress.list.stream().map(ILoggingEvent::getFormattedMessage).toList();
        for (String kmsCase : List.of("encrypt", "decrypt", "generate-data-key")) {
            for (String threads : List.of("1 thread ", "2 threads ")) {
                String label = kms + " " + kmsCase + " " + threads + "32 bytes";
                List<String> periods = lines.stream().filter(line -> line.startsWith("[Time_") && line.contains(label)).toList();
                // the second period's line races with the end of the run: the closing line may come first
                assertFalse(periods.isEmpty(), "a period line of " + label);
                periods.forEach(line -> assertTrue(PERIOD_LINE.matcher(line).matches(), line));
                assertEquals(1, lines.stream().filter(line -> line.startsWith("[Statistics] " + label)).count(), label);
            }
        }
        assertTrue(outcome.out().contains("p99.9 ms"), outcome.out());

        JsonNode result = new ObjectMapper().readTree(onlyJson().toFile());
        assertEquals(kms, result.path("kms").asText());
        assertEquals(32, result.path("dataSizeBytes").asInt());
        assertEquals(6, result.path("cases").size());
        List<String> ran = new ArrayList<>();
        for (JsonNode ranCase : result.path("cases")) {
            ran.add(ranCase.path("kmsCase").asText() + "@" + ranCase.path("threads").asInt());
            JsonNode statistics = ranCase.path("statistics");
            assertTrue(statistics.path("count").asLong() > 0, ranCase.toString());
            assertTrue(statistics.path("percentileMicros").path("99.9").asLong() > 0, ranCase.toString());
            assertTrue(statistics.path("opsPerSecond").asDouble() > 0, ranCase.toString());
            assertTrue(statistics.path("type").isMissingNode(), "the slot type is not shown: " + ranCase);
            statistics.path("errors").forEach(count -> assertEquals(0, count.asLong(), ranCase.toString()));
        }
        assertEquals(List.of("encrypt@1", "encrypt@2", "decrypt@1", "decrypt@2", "generate-data-key@1",
                "generate-data-key@2"), ran);
    }

    @ParameterizedTest
    @ValueSource(strings = {"KES", "AWS_KMS", "VAULT_TRANSIT"})
    void refusedCallsAreCountedAndExitOne(String kms) throws IOException {
        String keySetting = switch (kms) {
            case "KES" -> KmsSettings.KES_KEY_NAME.name();
            case "AWS_KMS" -> KmsSettings.AWS_KMS_KEY_ID.name();
            default -> KmsSettings.VAULT_TRANSIT_KEY.name();
        };
        Outcome outcome = run(KmsServers.with(KmsServers.settings(kms), Map.of(keySetting, "vaultload-no-such-key")),
                "--case", "generate-data-key", "--concurrency", "1", "--duration", "1s", "--report-dir", reports.toString());

        assertEquals(1, outcome.exitCode(), outcome.err());
        assertTrue(outcome.err().contains(": CLIENT ") && outcome.err().contains("'vaultload-no-such-key'"), outcome.err());
        String statistics = progress.list.stream().map(ILoggingEvent::getFormattedMessage)
                .filter(line -> line.startsWith("[Statistics]")).findFirst().orElseThrow();
        assertTrue(Pattern.compile("ClientErrorCount: [1-9]").matcher(statistics).find(), statistics);
        JsonNode errors = new ObjectMapper().readTree(onlyJson().toFile()).path("cases").path(0).path("statistics").path("errors");
        assertTrue(errors.path("CLIENT").asLong() > 0, errors.toString());
    }

    @Test
    void pkcs11KeyLabelOfNoKeyExitsTwoBeforeAnyCall() throws IOException {
        Outcome outcome = run(KmsServers.with(KmsServers.settings("PKCS11"),
                Map.of(KmsSettings.PKCS11_KEY_LABEL.name(), "vaultload-no-such-key")), "--duration", "1s",
                "--report-dir", reports.toString());

        assertEquals(2, outcome.exitCode(), outcome.err());
        assertTrue(outcome.err().startsWith("Invalid PKCS11_KEY_LABEL='vaultload-no-such-key': "), outcome.err());
        try (Stream<Path> files = Files.list(reports)) {
            assertEquals(0, files.count(), "nothing measured");
        }
    }

    @Test
    void badInputNamesTheOptionAndExitsTwo() {
        Function<String, String> noKms = name -> null;
        for (List<String> args : List.of(List.of("--concurrency", "0"), List.of("--case", "sign"),
                List.of("--duration", "soon"), List.of("--data-size", "5000"), List.of("--rate", "0"))) {
            Outcome outcome = run(noKms, args.toArray(String[]::new));
            assertEquals(2, outcome.exitCode(), args + ": " + outcome.err());
            assertTrue(outcome.err().lines().findFirst().orElseThrow().contains(args.get(0)), args + ": " + outcome.err());
        }
        Outcome noKmsSet = run(noKms);
        assertEquals(2, noKmsSet.exitCode());
        assertTrue(noKmsSet.err().startsWith("Invalid KMS: unset; expected a key manager, one of [AWS_KMS, KES, PKCS11, VAULT_TRANSIT]"),
                noKmsSet.err());
    }

    private static Outcome run(Function<String, String> settings, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine command = new CommandLine(new KmsCommand(settings));
        command.setOut(new PrintWriter(out));
        command.setErr(new PrintWriter(err));
        int exitCode = command.execute(args);
        return new Outcome(exitCode, out.toString(), err.toString());
    }

    private Path onlyJson() throws IOException {
        try (Stream<Path> files = Files.list(reports)) {
            List<Path> json = files.filter(file -> file.toString().endsWith(".json")).toList();
            assertEquals(1, json.size(), json.toString());
            return json.get(0);
        }
    }
}
