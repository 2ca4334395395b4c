package dev.vaultload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Signals to a real `vaultload run` process (this test's classpath, MEMORY, a 120 s soak): the first stops it
 * within 5 s with 128 + the signal's number and the results so far written, marked; when stopping takes longer
 * (keystores of 20 million KDF iterations, about 10 s each here, being made) it exits anyway after the grace; a second signal exits at once.
 * The child starts through perl with SIGINT at its default, since a shell's background jobs inherit it ignored.
 */
class SignalStopTest {
    private static final Duration STOP_LIMIT = Duration.ofSeconds(5);

    @TempDir
    Path reports;

    @ParameterizedTest
    @CsvSource({"INT, 130", "TERM, 143"})
    void aSignalStopsTheRunWithItsResultsWrittenAndMarked(String signal, int exitCode) throws Exception {
        Process run = start("1000");
        awaitFirstPeriod();

        long stopNanos = send(run, signal);

        assertTrue(run.waitFor(STOP_LIMIT.toMillis(), TimeUnit.MILLISECONDS), "still running 5 s after SIG" + signal);
        String out = new String(run.getInputStream().readAllBytes());
        assertEquals(exitCode, run.exitValue(), out);
        assertTrue(System.nanoTime() - stopNanos < STOP_LIMIT.toNanos());
        assertTrue(Files.readString(only(".json")).contains("\"interruptedBy\" : \"SIG" + signal + "\""));
        List<String> csv = Files.readAllLines(only(".csv"));
        int interruptedBy = List.of(csv.get(0).split(",")).indexOf("interrupted_by");
        assertEquals("SIG" + signal, csv.get(1).split(",", -1)[interruptedBy], csv.get(0));
        assertTrue(Files.readString(only(".hlog")).contains("#interrupted by SIG" + signal));
        assertTrue(out.contains("INTERRUPTED by SIG" + signal), out);
        assertTrue(out.contains("StatisticService.Percentiles"), "the Datasafe lines of the time before");
    }

    @Test
    void aRunThatCannotStopInTimeExitsAfterTheGraceAndASecondSignalAtOnce() throws Exception {
        Process slow = start("20000000");
        awaitUserCreation();
        long firstNanos = send(slow, "INT");
        assertTrue(slow.waitFor(STOP_LIMIT.toMillis(), TimeUnit.MILLISECONDS), "the grace did not end it");
        assertEquals(130, slow.exitValue());
        assertTrue(Duration.ofNanos(System.nanoTime() - firstNanos).compareTo(SignalStop.GRACE) >= 0,
                "it ended before the grace: the run was not slow enough to test it");

        reports = Files.createDirectories(reports.resolve("twice"));
        Process twice = start("20000000");
        awaitUserCreation();
        send(twice, "INT");
        Thread.sleep(200);
        long secondNanos = send(twice, "INT");
        assertTrue(twice.waitFor(2, TimeUnit.SECONDS), "a second signal did not end it");
        assertEquals(130, twice.exitValue());
        assertTrue(Duration.ofNanos(System.nanoTime() - secondNanos).compareTo(Duration.ofSeconds(2)) < 0);
    }

    private Process start(String kdfIterations) throws IOException {
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> command = new ArrayList<>(List.of("perl", "-e", "$SIG{INT} = 'DEFAULT'; exec @ARGV or die", java,
                "-cp", System.getProperty("java.class.path"), VaultloadCli.class.getName(), "run",
                "--STORAGE_PROVIDERS", "MEMORY", "--THREADS", "2", "--FILE_SIZES", "1", "--KDF_ITERATIONS", kdfIterations,
                "--DURATION", "120s", "--PERIOD", "1s", "--REPORT_DIR", reports.toString()));
        return new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    }

    /** The run has measured for at least a period: its interval log holds an operation. */
    private void awaitFirstPeriod() throws Exception {
        await(() -> find(".hlog").map(SignalStopTest::read).filter(text -> text.contains("Tag=")).isPresent());
    }

    /**
     * The run is a period into making its users: the log's header is written with the first period. (The log file
     * itself opens just before the users are made: a signal then can come before the first keystore is begun.)
     */
    private void awaitUserCreation() throws Exception {
        await(() -> find(".hlog").map(SignalStopTest::read).filter(text -> text.contains("#[StartTime")).isPresent());
    }

    private static void await(BooleanSupplier condition) throws InterruptedException {
        long deadlineNanos = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadlineNanos, "the run did not start within 60 s");
            Thread.sleep(100);
        }
    }

    private static long send(Process process, String signal) throws Exception {
        // the perl wrapper exec'd java: the process is the JVM
        long nanos = System.nanoTime();
        assertEquals(0, new ProcessBuilder("kill", "-" + signal, Long.toString(process.pid())).start().waitFor());
        return nanos;
    }

    private Path only(String suffix) {
        return find(suffix).orElseThrow(() -> new AssertionError("no " + suffix + " in " + reports));
    }

    private Optional<Path> find(String suffix) {
        try (Stream<Path> files = Files.list(reports)) {
            return files.filter(file -> file.toString().endsWith(suffix)).findFirst();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return "";
        }
    }
}
