package dev.vaultload.faults;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * A script of the repository's {@code scripts/} directory, run to its end with a time limit. Its progress (stderr)
 * goes to this process's stderr; its stdout is returned.
 */
record RepositoryScript(Path path) {
    private static final String EXPORT = "export ";

    /**
     * The script in {@code scripts/} of the working directory or of the nearest directory above it that has one: the
     * repository's scripts run the tools from its root, Maven runs the tests in a module's directory.
     */
    static RepositoryScript named(String fileName) {
        Path workingDirectory = Path.of("").toAbsolutePath();
        for (Path directory = workingDirectory; directory != null; directory = directory.getParent()) {
            Path path = directory.resolve("scripts").resolve(fileName);
            if (Files.isExecutable(path)) {
                return new RepositoryScript(path);
            }
        }
        throw new IllegalStateException("no executable scripts/" + fileName + " in " + workingDirectory
                + " or a directory above it: run from the Vaultload repository");
    }

    /** Runs the script with these arguments and extra environment variables; fails unless it exits with 0. */
    String run(Duration timeout, Map<String, String> environment, String... arguments) {
        Outcome outcome = execute(timeout, environment, arguments);
        if (outcome.exitCode() != 0) {
            throw new IllegalStateException(path.getFileName() + " " + String.join(" ", arguments) + " exited with "
                    + outcome.exitCode() + " (its messages are above)");
        }
        return outcome.stdout();
    }

    /** Runs the script: its stdout if it exited with 0, else empty (e.g. the {@code status} of a stopped server). */
    Optional<String> output(Duration timeout, Map<String, String> environment, String... arguments) {
        Outcome outcome = execute(timeout, environment, arguments);
        return outcome.exitCode() == 0 ? Optional.of(outcome.stdout()) : Optional.empty();
    }

    /** The {@code export NAME=value} lines a start script prints (its {@code start} and {@code status}), by name. */
    static Map<String, String> exports(String stdout) {
        return stdout.lines()
                .filter(line -> line.startsWith(EXPORT) && line.contains("="))
                .map(line -> line.substring(EXPORT.length()).split("=", 2))
                .collect(Collectors.toMap(pair -> pair[0], pair -> pair[1], (first, second) -> second));
    }

    private record Outcome(int exitCode, String stdout) {
    }

    private Outcome execute(Duration timeout, Map<String, String> environment, String... arguments) {
        List<String> command = new ArrayList<>(List.of(path.toString()));
        command.addAll(List.of(arguments));
        ProcessBuilder builder = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT);
        builder.environment().putAll(environment);
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run " + command, e);
        }
        // read stdout while waiting: a full pipe would stop the script
        CompletableFuture<String> stdout = CompletableFuture.supplyAsync(() -> readAll(process.getInputStream()));
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException(command + " did not end within " + timeout.toSeconds() + " s");
            }
            return new Outcome(process.exitValue(), stdout.get());
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + command, e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("cannot read the output of " + command, e.getCause());
        }
    }

    private static String readAll(InputStream stream) {
        try (stream) {
            return new String(stream.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
