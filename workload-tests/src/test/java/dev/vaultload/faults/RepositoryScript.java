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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * A script of the repository's {@code scripts/} directory, found from the module directory Maven runs tests in,
 * run to its end with a time limit. Its progress (stderr) goes to the test's output; its stdout is returned.
 */
record RepositoryScript(Path path) {

    static RepositoryScript named(String fileName) {
        Path path = Path.of("..", "scripts", fileName).toAbsolutePath().normalize();
        if (!Files.isExecutable(path)) {
            throw new IllegalStateException("no executable " + path + " (tests run from a module directory)");
        }
        return new RepositoryScript(path);
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

    /** Runs the script and says whether it exited with 0, e.g. for a {@code status} subcommand. */
    boolean succeeds(Duration timeout, Map<String, String> environment, String... arguments) {
        return execute(timeout, environment, arguments).exitCode() == 0;
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
