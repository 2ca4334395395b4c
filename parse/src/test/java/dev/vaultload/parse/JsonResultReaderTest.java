package dev.vaultload.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vaultload.report.ResultFormatVersion;
import dev.vaultload.report.RunMode;
import dev.vaultload.report.RunResult;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonResultReaderTest {
    @TempDir
    Path folder;

    @Test
    void aResultNamesItsModeAndFormatVersionInItsJson() throws IOException {
        ObjectNode json = read(new SyntheticRun().write(folder, "run"));

        assertEquals(ResultFormatVersion.CURRENT, json.get("formatVersion").asText());
        assertEquals("FIXTURE", json.get("mode").asText());
    }

    @Test
    void aResultOfANewerMajorVersionIsRefusedWithOneLine() throws IOException {
        Path file = new SyntheticRun().write(folder, "run");
        ObjectNode json = read(file);
        json.put("formatVersion", "3.0");
        JsonResultReader.MAPPER.writeValue(file.toFile(), json);

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> JsonResultReader.runResult(file));

        assertTrue(refused.getMessage().startsWith(file + ": result format 3.0 was written by a newer Vaultload"),
                refused.getMessage());
        assertTrue(!refused.getMessage().contains("\n"), refused.getMessage());
    }

    /** Results written before the mode was recorded get the one their sections imply. */
    @Test
    void aResultWithoutModeGetsTheOneItsSectionsImply() throws IOException {
        Path file = new SyntheticRun().rate(100).write(folder, "run");
        ObjectNode json = read(file);
        json.remove("formatVersion");
        json.remove("mode");
        JsonResultReader.MAPPER.writeValue(file.toFile(), json);

        RunResult result = JsonResultReader.runResult(file);

        assertEquals(RunMode.RATE, result.setup().mode());
    }

    private static ObjectNode read(Path file) throws IOException {
        return (ObjectNode) JsonResultReader.MAPPER.readTree(file.toFile());
    }
}
