package dev.vaultload.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The FILESYSTEM and S3 paths stream documents larger than the heap: {@link LargerThanHeap} writes and reads back a
 * document of twice -Xmx in a JVM of its own (the embedded S3 server runs in it too), and must finish.
 */
class LargerThanHeapTest {
    private static final int HEAP_MIB = 64;

    @TempDir
    Path root;

    @ParameterizedTest
    @ValueSource(strings = {"FILESYSTEM", "EMBEDDED"})
    void aDocumentOfTwiceTheHeapIsWrittenAndReadBack(String provider) throws IOException, InterruptedException {
        long sizeBytes = 2L * HEAP_MIB * 1024 * 1024;
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx" + HEAP_MIB + "m", "-cp", System.getProperty("java.class.path"), LargerThanHeap.class.getName(),
                provider, Long.toString(sizeBytes), root.toString()));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        byte[] output = process.getInputStream().readAllBytes();
        boolean ended = process.waitFor(5, TimeUnit.MINUTES);
        String text = new String(output, StandardCharsets.UTF_8);

        assertTrue(ended, "still running after 5 minutes");
        assertEquals(0, process.exitValue(), () -> provider + " with -Xmx" + HEAP_MIB + "m:\n" + tail(text));
        assertTrue(text.lines().anyMatch(line -> line.startsWith("ok ")), () -> tail(text));
    }

    private static String tail(String text) {
        return text.length() > 4000 ? text.substring(text.length() - 4000) : text;
    }
}
