package dev.vaultload.cli;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.settings.Setting;
import dev.vaultload.settings.SettingsRegistry;
import dev.vaultload.storage.StorageProvider;
import dev.vaultload.storage.StorageProviderFactory;
import dev.vaultload.storage.StorageProviders;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The one command line run in this JVM with its stdout and stderr captured, and what every bad-input case
 * requires of it: exit status 2, one line on stderr, no stack trace, nothing on stdout, no storage provider
 * started, and nothing left behind in java.io.tmpdir (the module's tests point it at target/, see its pom).
 */
final class InProcessCli {
    private final AtomicInteger providersStarted = new AtomicInteger();

    record Outcome(int exitCode, String out, String err) {
    }

    /** Runs {@code args} with the real providers, counting those started. */
    Outcome execute(List<String> args) {
        return execute(name -> counted(StorageProviders.named(name)), args);
    }

    /**
     * The settings the build gave this JVM as -D properties (the README's test command sets THREADS and FILE_SIZES for
     * the JUnit suites): a command here runs with the options its test gives, as on a shell without them, and a setting
     * that the run would not read would otherwise be refused (THREADS with HEADROOM). Properties a test sets itself,
     * after this JVM started, are left in place.
     */
    private static final Map<String, String> FROM_THE_BUILD = SettingsRegistry.all().stream()
            .filter(setting -> System.getProperty(setting.name()) != null)
            .collect(Collectors.toMap(Setting::name, setting -> System.getProperty(setting.name())));

    static Outcome execute(Function<String, StorageProviderFactory> providers, List<String> args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        var commandLine = VaultloadCli.commandLine(providers, new LiveProgress(false));
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        FROM_THE_BUILD.keySet().forEach(System::clearProperty);
        try {
            int exitCode = commandLine.execute(args.toArray(String[]::new));
            return new Outcome(exitCode, out.toString(), err.toString());
        } finally {
            FROM_THE_BUILD.forEach(System::setProperty);
        }
    }

    /**
     * Runs {@code args} and requires them refused as bad input without a trace: see the class comment.
     *
     * @param named what the line must hold: the file, field or setting at fault, and what is accepted
     * @return the line, without its trailing newline
     */
    String assertRefused(List<String> args, String... named) {
        Set<String> tmpBefore = entries(tmpdir());
        int startedBefore = providersStarted.get();

        Outcome outcome = execute(args);

        String message = outcome.err().strip();
        assertAll(
                () -> assertEquals(2, outcome.exitCode(), () -> "exit status; stderr: " + message),
                () -> assertEquals(1, message.lines().count(), () -> "one line: " + message),
                () -> assertTrue(message.startsWith("vaultload: "), message),
                () -> assertAll(Stream.of(named).map(part -> () -> assertTrue(message.contains(part),
                        () -> "names '" + part + "': " + message))),
                () -> assertFalse(message.contains("Exception") || message.contains("\tat "), () -> "a stack trace: " + message),
                () -> assertEquals("", outcome.out(), "nothing printed on stdout"),
                () -> assertEquals(startedBefore, providersStarted.get(), "no storage provider started"),
                () -> assertEquals(tmpBefore, entries(tmpdir()), "nothing left in java.io.tmpdir"));
        return message;
    }

    static Path tmpdir() {
        return Path.of(System.getProperty("java.io.tmpdir"));
    }

    /** The names directly inside {@code directory}; empty if it does not exist. */
    static Set<String> entries(Path directory) {
        if (!Files.isDirectory(directory)) {
            return Set.of();
        }
        try (Stream<Path> files = Files.list(directory)) {
            return files.map(file -> file.getFileName().toString()).collect(Collectors.toSet());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private StorageProviderFactory counted(StorageProviderFactory factory) {
        return new StorageProviderFactory() {
            @Override
            public String name() {
                return factory.name();
            }

            @Override
            public StorageProvider start(Function<String, String> config) {
                providersStarted.incrementAndGet();
                return factory.start(config);
            }
        };
    }
}
