package dev.vaultload.cli;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.report.MetricsSettings;
import dev.vaultload.settings.Setting;
import dev.vaultload.settings.SettingsRegistry;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every setting of the registry, given values from a list of hostile ones through `vaultload run --NAME=VALUE`:
 * wherever the setting's own type refuses a value, the run must refuse it before anything runs, with exit status 2
 * and one line that names the setting and what it accepts, no stack trace, and a secret's value never repeated.
 * A provider or engine that is not chosen still has its settings checked (MINIO_* on a MEMORY run).
 */
class BadSettingsTest {
    private static final List<String> HOSTILE = List.of("x", "-1", "0", "1.5", "99999999999", "70000", "maybe",
            "5x", "a,,b", "-5%", "1e3", "NaN", "🔥", "ab\u0000c", "..", "DROP TABLE");

    private static final InProcessCli CLI = new InProcessCli();

    @TempDir
    static Path reports;

    @TestFactory
    Stream<DynamicTest> everyRefusedValueIsBadInputNamedInOneLine() {
        List<DynamicTest> cases = new ArrayList<>();
        for (Setting<?> setting : SettingsRegistry.all()) {
            for (String value : HOSTILE) {
                if (refuses(setting, value)) {
                    cases.add(DynamicTest.dynamicTest(setting.name() + "=" + value, () -> assertRefused(setting, value)));
                }
            }
        }
        assertTrue(cases.size() >= 150, "only " + cases.size() + " refused values: the list lost its teeth");
        return cases.stream();
    }

    @TestFactory
    Stream<DynamicTest> aSettingGivenEmptyIsRefusedNotTakenAsItsDefault() {
        return SettingsRegistry.all().stream().map(setting -> DynamicTest.dynamicTest(setting.name() + "=''",
                () -> CLI.assertRefused(argsWith(setting, ""), "Invalid " + setting.name() + "=''", "empty", "leave " + setting.name() + " unset")));
    }

    @Test
    void anEmptyStorageProviderListAsAUserTypesItIsRefused() {
        CLI.assertRefused(List.of("run", "--storage-providers", "", "--REPORT_DIR", reports.resolve("r").toString()),
                "Invalid STORAGE_PROVIDERS=''", "empty");
    }

    @Test
    void anOptionGivenTwiceIsNamedAsTyped() {
        String twice = CLI.assertRefused(List.of("run", "--threads", "1", "--threads", "2"), "'--threads'");
        String spellings = CLI.assertRefused(List.of("run", "--file-sizes=1", "--FILE_SIZES", "2"), "'--file-sizes'",
                "'--FILE_SIZES'");

        assertEquals("vaultload: option '--threads' given twice: give it once", twice);
        assertEquals("vaultload: options '--file-sizes' and '--FILE_SIZES' are one option, given twice: give it once",
                spellings);
    }

    @Test
    void aMetricsPortInUseIsRefusedBeforeAnythingStarts() throws IOException {
        try (ServerSocket taken = new ServerSocket(0)) {
            String port = Integer.toString(taken.getLocalPort());
            CLI.assertRefused(argsWith(MetricsSettings.METRICS_PORT, port), "Invalid METRICS_PORT='" + port + "'",
                    "cannot serve metrics");
        }
    }

    @Test
    void aFileWhereADirectoryBelongsIsRefusedForEveryDirectorySetting() throws Exception {
        Path file = Files.writeString(reports.resolve("a-file"), "x");
        List<Setting<?>> directories = SettingsRegistry.all().stream()
                .filter(setting -> setting.type().accepted().startsWith("a directory")).toList();
        assertTrue(directories.size() >= 2, directories::toString);
        assertAll(directories.stream().map(setting -> () -> assertRefused(setting, file.toString())));
    }

    private static boolean refuses(Setting<?> setting, String value) {
        try {
            setting.type().parse().apply(value);
            return false;
        } catch (IllegalArgumentException e) {
            return true;
        }
    }

    private static void assertRefused(Setting<?> setting, String value) {
        String message = CLI.assertRefused(argsWith(setting, value), "Invalid " + setting.name(),
                "expected " + setting.type().accepted());

        assertTrue(message.startsWith("vaultload: Invalid " + setting.name()), message);
        assertTrue(!setting.secret() || !message.contains(value), () -> "a secret's value shown: " + message);
    }

    /** A small MEMORY run with {@code setting} given {@code value}, in place of the run's own value if it has one. */
    private static List<String> argsWith(Setting<?> setting, String value) {
        List<String> args = new ArrayList<>(List.of("run", "--STORAGE_PROVIDERS", "MEMORY", "--THREADS", "1",
                "--FILE_SIZES", "1", "--KDF_ITERATIONS", "1000", "--REPORT_DIR", reports.resolve("r").toString()));
        int at = args.indexOf("--" + setting.name());
        if (at >= 0) {
            args.set(at + 1, value);
        } else {
            args.add("--" + setting.name() + "=" + value);
        }
        return args;
    }
}
