package dev.vaultload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vaultload.storage.StorageProviders;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The commit a build was made from is recorded in it: {@code --version} names it, and a run's report carries it
 * wherever the jar runs, also where no git work tree is around. The tests run in this source tree's build, so
 * the commit is this work tree's HEAD; they are skipped where the source is not a git work tree.
 */
class BuildCommitTest {

    @ParameterizedTest
    @ValueSource(strings = {"--version", "run --version", "merge --version"})
    void versionNamesTheVersionAndTheCommitBuiltFrom(String args) {
        String head = gitHead(Path.of("")).orElse(null);
        assumeTrue(head != null, "the source is not a git work tree");

        InProcessCli.Outcome outcome = InProcessCli.execute(StorageProviders::named, List.of(args.split(" ")));

        assertEquals(0, outcome.exitCode(), outcome.err());
        assertTrue(outcome.out().matches("vaultload \\d+\\.\\d+\\.\\d+(-SNAPSHOT)?, commit " + head + "(-dirty)?\\R"),
                outcome.out());
    }

    @Test
    void aRunOutsideAnyGitWorkTreeReportsTheCommitItWasBuiltFrom(@TempDir Path tmp) throws Exception {
        String head = gitHead(Path.of("")).orElse(null);
        assumeTrue(head != null, "the source is not a git work tree");
        // java.io.tmpdir is inside this module's target/, so inside the work tree: the system's temporary folder
        Path outside = Files.createTempDirectory(Path.of(System.getenv().getOrDefault("TMPDIR", "/tmp")), "vaultload-");
        try {
            assumeTrue(gitHead(outside).isEmpty(), outside + " is inside a git work tree");
            ProcessBuilder run = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp", System.getProperty("java.class.path"), "-Djava.io.tmpdir=" + tmp,
                    VaultloadCli.class.getName(), "run", "--STORAGE_PROVIDERS", "MEMORY", "--THREADS", "1",
                    "--FILE_SIZES", "1", "--KDF_ITERATIONS", "1000", "--REPORT_DIR", outside.toString())
                    .directory(outside.toFile()).redirectErrorStream(true).redirectOutput(tmp.resolve("out.txt").toFile());
            run.environment().remove("GIT_COMMIT"); // what the caller says is not what the build recorded
            Process process = run.start();
            assertTrue(process.waitFor(120, TimeUnit.SECONDS), "the run ended");
            assertEquals(0, process.exitValue(), () -> read(tmp.resolve("out.txt")));

            Path report;
            try (Stream<Path> files = Files.list(outside)) {
                report = files.filter(file -> file.toString().endsWith(".json")).findFirst().orElseThrow();
            }
            String reported = new ObjectMapper().readTree(report.toFile()).path("environment").path("gitCommit").asText();
            assertTrue(reported.equals(head) || reported.equals(head + "-dirty"), reported);
        } finally {
            try (Stream<Path> files = Files.walk(outside)) {
                files.sorted(Comparator.reverseOrder()).forEach(file -> file.toFile().delete());
            }
        }
    }

    /** {@code git rev-parse HEAD} in {@code directory}; empty outside a git work tree or without git. */
    private static Optional<String> gitHead(Path directory) {
        try {
            Process git = new ProcessBuilder("git", "rev-parse", "HEAD").directory(directory.toAbsolutePath().toFile())
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            String out = new String(git.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
            return git.waitFor(10, TimeUnit.SECONDS) && git.exitValue() == 0 ? Optional.of(out) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return "(no output: " + e.getMessage() + ")";
        }
    }
}
