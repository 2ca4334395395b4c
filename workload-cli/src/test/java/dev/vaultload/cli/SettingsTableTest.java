package dev.vaultload.cli;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.settings.Setting;
import dev.vaultload.settings.SettingsRegistry;
import dev.vaultload.storage.StorageProviders;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The registry is the one source: of the README's configuration table and of the run command's options. */
class SettingsTableTest {
    private static final Path README = Path.of("..", "README.md");
    private static final String BEGIN = "<!-- settings:";
    private static final String END = "<!-- /settings -->";
    private static final String REGENERATE = "paste the output of `java -jar workload-cli/target/vaultload.jar settings`"
            + " between the markers of README.md's configuration table";

    @Test
    void theReadmeTableListsEveryRegisteredSettingWithItsDefault() throws IOException {
        Map<String, String> readme = defaultsByName(readmeTable());
        Map<String, String> registry = defaultsByName(SettingsTable.markdown(SettingsRegistry.all()));

        List<String> missing = registry.keySet().stream().filter(name -> !readme.containsKey(name)).toList();
        List<String> unregistered = readme.keySet().stream().filter(name -> !registry.containsKey(name)).toList();
        List<String> otherDefault = registry.keySet().stream()
                .filter(name -> readme.containsKey(name) && !readme.get(name).equals(registry.get(name))).toList();

        assertEquals(List.of(), missing, "registered settings missing from the README: " + REGENERATE);
        assertEquals(List.of(), unregistered, "README settings that nothing registers: " + REGENERATE);
        assertEquals(List.of(), otherDefault, "settings whose README default is not the registry's: " + REGENERATE);
    }

    @Test
    void theReadmeTableIsTheRegistrys() throws IOException {
        assertEquals(String.join("\n", SettingsTable.markdown(SettingsRegistry.all())), String.join("\n", readmeTable()),
                "README.md's configuration table differs from the registry: " + REGENERATE);
    }

    @Test
    void everySettingIsAnOptionOfRunInBothSpellings() {
        List<String> args = new ArrayList<>(List.of("run"));
        List<Setting<?>> settings = SettingsRegistry.all();
        for (int i = 0; i < settings.size(); i++) {
            String name = settings.get(i).name();
            args.add(i % 2 == 0 ? "--" + name : "--" + name.toLowerCase(Locale.ROOT).replace('_', '-'));
            args.add("value of " + name);
        }
        CommandLine commandLine = commandLine();
        commandLine.parseArgs(args.toArray(String[]::new));

        Function<String, String> lookup = SuiteSettings.lookup(commandLine.getSubcommands().get("run").getCommandSpec(), false);
        for (Setting<?> setting : settings) {
            assertEquals("value of " + setting.name(), lookup.apply(setting.name()));
        }
        assertThrows(CommandLine.UnmatchedArgumentException.class,
                () -> commandLine().parseArgs("run", "--NO_SUCH_SETTING", "x"));
    }

    @Test
    void everyFixedDefaultIsAValueItsSettingAccepts() {
        for (Setting<?> setting : SettingsRegistry.all()) {
            if (setting.defaultValue() != null) {
                assertDoesNotThrow(() -> setting.parse(setting.defaultValue()), setting.name());
            }
        }
    }

    @Test
    void aSecretsValueNeverAppearsInAnErrorOrTheHelp() {
        Setting<?> secret = SettingsRegistry.all().stream().filter(Setting::secret).findFirst().orElseThrow();
        StringWriter output = new StringWriter();
        CommandLine commandLine = commandLine();
        commandLine.setOut(new PrintWriter(output));
        commandLine.setErr(new PrintWriter(output));

        int status = commandLine.execute("run", "--" + secret.name(), "s3cr3t-value", "--AWS_ACCESS_KEY", "id",
                "--THREADS", "two");
        commandLine.getSubcommands().get("run").usage(new PrintWriter(output));

        assertEquals(ExitCodes.BAD_INPUT, status);
        assertTrue(output.toString().contains("Invalid THREADS='two'"), output.toString());
        assertFalse(output.toString().contains("s3cr3t-value"), output.toString());
        assertEquals("Invalid " + secret.name() + ": expected a key", secret.invalid("s3cr3t-value").getMessage());
    }

    private static CommandLine commandLine() {
        return VaultloadCli.commandLine(StorageProviders::named, LiveProgress.ofConsole());
    }

    /** A table's rows as name to default cell: {@code | `NAME` | default | meaning |}. */
    private static Map<String, String> defaultsByName(List<String> table) {
        Map<String, String> defaults = new LinkedHashMap<>();
        for (String row : table.subList(2, table.size())) {
            String[] cells = row.substring(1, row.length() - 1).split("\\|", -1);
            defaults.put(cells[0].trim().replace("`", ""), cells[1].trim());
        }
        return defaults;
    }

    private static List<String> readmeTable() throws IOException {
        List<String> lines = Files.readAllLines(README);
        int begin = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith(BEGIN)) {
                begin = i + 1;
            } else if (lines.get(i).equals(END) && begin >= 0) {
                return lines.subList(begin, i);
            }
        }
        throw new AssertionError("README.md has no table between '" + BEGIN + "' and '" + END + "'");
    }
}
