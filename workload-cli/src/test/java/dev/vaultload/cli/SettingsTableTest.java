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
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The registry is the one source: of the README's configuration table and of the run command's options. */
class SettingsTableTest {
    private static final Path README = Path.of("..", "README.md");
    private static final String BEGIN = "<!-- settings:";
    private static final String END = "<!-- /settings -->";
    private static final Setting S3_SECRET = SettingsRegistry.all().stream().filter(Setting::secret).findFirst().orElseThrow();

    @Test
    void theReadmeTableIsTheRegistrys() throws IOException {
        List<String> expected = SettingsTable.markdown(SettingsRegistry.all());

        assertEquals(String.join("\n", expected), String.join("\n", readmeTable()),
                "README.md's configuration table differs from the registry: paste the output of "
                        + "`java -jar workload-cli/target/vaultload.jar settings` between its markers");
    }

    @Test
    void everySettingIsAnOptionOfRun() {
        List<String> args = new ArrayList<>(List.of("run"));
        for (Setting setting : SettingsRegistry.all()) {
            args.add("--" + setting.name());
            args.add("x");
        }
        CommandLine commandLine = VaultloadCli.commandLine(StorageProviders::named, LiveProgress.ofConsole());

        assertDoesNotThrow(() -> commandLine.parseArgs(args.toArray(String[]::new)));
        assertThrows(CommandLine.UnmatchedArgumentException.class,
                () -> VaultloadCli.commandLine(StorageProviders::named, LiveProgress.ofConsole()).parseArgs("run", "--NO_SUCH_SETTING", "x"));
    }

    @Test
    void aSecretsValueNeverAppearsInAnErrorOrTheHelp() {
        StringWriter output = new StringWriter();
        CommandLine commandLine = VaultloadCli.commandLine(StorageProviders::named, LiveProgress.ofConsole());
        commandLine.setOut(new PrintWriter(output));
        commandLine.setErr(new PrintWriter(output));

        int status = commandLine.execute("run", "--AWS_SECRET_KEY", "s3cr3t-value", "--AWS_ACCESS_KEY", "id",
                "--THREADS", "two");
        commandLine.getSubcommands().get("run").usage(new PrintWriter(output));

        assertEquals(ExitCodes.BAD_INPUT, status);
        assertTrue(output.toString().contains("Invalid THREADS='two'"), output.toString());
        assertFalse(output.toString().contains("s3cr3t-value"), output.toString());
        assertEquals("Invalid AWS_SECRET_KEY: expected a key",
                S3_SECRET.invalid("s3cr3t-value", "a key").getMessage());
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
