package dev.vaultload.s3.provider;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.vaultload.s3.S3Credentials;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * scripts/start-minio.sh starts MinIO as {@link MinioCommand} does and builds the binary where {@link MinioBinary}
 * looks: the same server flags, environment names and KMS key name, the same pin and cache directory. Read from the
 * script's text, so that neither can change alone.
 */
class MinioScriptTest {

    private static final MinioCommand COMMAND = new MinioCommand(Path.of("minio"), Path.of("base", "data"), 9000, 9001,
            new S3Credentials("user", "password"), MinioProcess.KMS_KEY_NAME + ":key", false);

    private static String script;
    /** The command that starts the server, with the environment it gets. */
    private static String serverCommand;

    @BeforeAll
    static void readScript() throws IOException {
        script = Files.readString(repositoryFile("scripts/start-minio.sh"))
                .replaceAll("(?m)^\\s*#.*\\n", "") // comments say what the code does; the code is compared
                .replace("\\\n", " "); // one command per line
        serverCommand = script.lines().filter(line -> line.contains("\" server ")).findFirst().orElseThrow();
    }

    @Test
    void theServerGetsTheSameEnvironment() {
        Set<String> assigned = new TreeSet<>();
        Matcher assignment = Pattern.compile("(?:^|\\s)(MINIO_[A-Z_]+)=").matcher(serverCommand);
        while (assignment.find()) {
            assigned.add(assignment.group(1));
        }
        assertEquals(new TreeSet<>(COMMAND.environment().keySet()), assigned);
        assertEquals(MinioProcess.KMS_KEY_NAME, group(serverCommand, "MINIO_KMS_SECRET_KEY=\"([^:\"$]+):"));
        assertEquals(COMMAND.environment().get("MINIO_UPDATE"), group(serverCommand, "MINIO_UPDATE=(\\w+)"));
    }

    @Test
    void theServerGetsTheSameFlags() {
        assertEquals(flags(COMMAND.arguments()), flags(List.of(serverCommand.split("\\s+"))));
    }

    @Test
    void theScriptBuildsThePinnedMinioWhereTheProviderLooks() {
        assertEquals(MinioBinary.PINNED_VERSION, group(script, "minio_version=\"\\$\\{MINIO_VERSION:-([^}]+)}\""));
        Path home = Path.of(System.getProperty("user.home"));
        Path cacheDirectory = home.relativize(MinioBinary.pinnedBuild()).getParent().getParent();
        assertEquals(cacheDirectory.toString(), group(script, "pinned_dir=\"\\$HOME/([^\"]+)/\\$minio_version\""));
        assertTrue(script.contains("\"$pinned_dir/minio\""), "the script's binary is $pinned_dir/minio");
        assertEquals("minio", MinioBinary.pinnedBuild().getFileName().toString());
    }

    private static List<String> flags(List<String> arguments) {
        return arguments.stream().filter(argument -> argument.startsWith("--")).toList();
    }

    private static String group(String text, String regex) {
        Matcher matcher = Pattern.compile(regex).matcher(text);
        assertTrue(matcher.find(), "start-minio.sh has no " + regex);
        return matcher.group(1);
    }

    /** Maven runs the tests in the module's directory, below the repository's root. */
    private static Path repositoryFile(String path) {
        List<Path> tried = new ArrayList<>();
        for (Path directory = Path.of("").toAbsolutePath(); directory != null; directory = directory.getParent()) {
            Path candidate = directory.resolve(path);
            if (Files.isRegularFile(candidate)) {
                return candidate;
            }
            tried.add(candidate);
        }
        throw new IllegalStateException("no " + path + " in " + tried);
    }
}
