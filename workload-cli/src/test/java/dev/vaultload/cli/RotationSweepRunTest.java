package dev.vaultload.cli;

import static dev.vaultload.cli.InProcessCli.execute;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vaultload.cli.InProcessCli.Outcome;
import dev.vaultload.storage.StorageProviders;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * RATE with SWEEP from the command line on VAULTLOAD over MEMORY: the load alone, beside a rotation sweep, and alone
 * again, three results whose suites tell the sweep's apart, the sweep's documents all read back with their users' current secrets and
 * opened by no superseded one, and {@code compare --dimension suite} answering on the two.
 */
class RotationSweepRunTest {
    @TempDir
    Path reports;

    private Outcome run(String... args) {
        return execute(StorageProviders::named, Stream.concat(Stream.of("run", "--storage-providers", "MEMORY",
                "--file-sizes", "1", "--KDF_ITERATIONS", "1000", "--report-dir", reports.toString(), "--mode", "RATE",
                "--rate", "40", "--threads", "1", "--duration", "3s", "--period", "200ms", "--warmup", "0"), Stream.of(args))
                .toList());
    }

    private List<Path> results() throws IOException {
        try (Stream<Path> files = Files.list(reports)) {
            return files.filter(file -> file.toString().endsWith(".json")).sorted().toList();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"ROTATE_KEY", "REENCRYPT"})
    void theLoadRunsAloneThenBesideTheSweepWhichIsCheckedAfterwards(String sweep) throws IOException {
        Outcome outcome = run("--sweep", sweep, "--sweep-users", "2", "--sweep-documents", "3");

        assertEquals(0, outcome.exitCode(), outcome.out() + outcome.err());
        assertTrue(outcome.out().contains("sweep beside the load: " + sweep + " of 2 users x 3 documents"), outcome.out());
        List<Path> results = results();
        assertEquals(3, results.size(), results.toString());
        ObjectMapper json = new ObjectMapper();
        Path aloneFolder = Files.createDirectories(reports.resolve("alone"));
        for (Path result : results.stream().filter(file -> !file.toString().contains("-beside-")).toList()) {
            String base = result.getFileName().toString().replace(".json", "");
            Files.copy(result, aloneFolder.resolve(base + ".json"));
            Files.copy(reports.resolve(base + ".hlog"), aloneFolder.resolve(base + ".hlog"));
        }
        Path aloneFile = results.stream().filter(file -> !file.toString().contains("-beside-")).findFirst().orElseThrow();
        Path besideFile = results.stream().filter(file -> file.toString().contains("-beside-")).findFirst().orElseThrow();
        JsonNode alone = json.readTree(aloneFile.toFile());
        JsonNode beside = json.readTree(besideFile.toFile());
        assertEquals("RATE", alone.get("suite").asText());
        assertTrue(alone.get("rate").get("sweep") == null, "the load alone has no sweep");
        assertEquals("RATE beside a " + sweep + " sweep", beside.get("suite").asText());
        JsonNode section = beside.get("rate").get("sweep");
        assertTrue(section.get("documentsSwept").asLong() > 0, section.toString());
        assertEquals(6, section.get("documentsChecked").asLong(), "every document of the sweep read back");
        assertEquals(sweep, section.get("operations").get(0).get("type").asText());

        Outcome compared = execute(StorageProviders::named, List.of("compare", "--dimension", "suite",
                aloneFolder.toString(), besideFile.toString()));
        assertEquals(0, compared.exitCode(), compared.out() + compared.err());
        assertTrue(compared.out().contains("2 runs of RATE, 1 of RATE beside a " + sweep + " sweep"), compared.out());
        assertTrue(compared.out().contains("WRITE p99:"), compared.out());
    }

    @Test
    void anEngineThatCannotRotateIsRefusedBeforeTheRunNamingSweep() throws IOException {
        Outcome outcome = run("--engines", "DATASAFE", "--sweep", "ROTATE_KEY");

        assertEquals(2, outcome.exitCode(), outcome.out() + outcome.err());
        assertTrue(outcome.err().contains("Invalid SWEEP=ROTATE_KEY: engine DATASAFE does not support ROTATE_KEY"),
                outcome.err());
        assertTrue(outcome.err().contains("VAULTLOAD"), outcome.err());
        assertTrue(!Files.exists(reports) || results().isEmpty(), "nothing ran");
    }
}
