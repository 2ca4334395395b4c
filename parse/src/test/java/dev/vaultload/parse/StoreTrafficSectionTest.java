package dev.vaultload.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vaultload.engine.CipherSuite;
import dev.vaultload.fixture.OperationType;
import dev.vaultload.report.RunResult;
import dev.vaultload.stats.OperationStatistics;
import dev.vaultload.stats.RangedReadStatistics;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** READ's ranged reads read back from a result's JSON and shown on its page; results without them show nothing. */
class StoreTrafficSectionTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path folder;

    @Test
    void rangedReadsAreReadBackAndShown() throws IOException {
        Path file = result();
        ObjectNode json = (ObjectNode) JSON.readTree(file.toFile());
        for (JsonNode operation : json.get("operations")) {
            if (operation.get("type").asText().equals("READ")) {
                ((ObjectNode) operation).set("rangedReads", JSON.readTree("""
                        {"count": 40, "returnedBytesPerRead": 65536.0, "fetchedBytesPerReturnedByte": 2.0625,
                         "decryptedBytesPerReturnedByte": 2.0}"""));
            }
        }
        JSON.writeValue(file.toFile(), json);

        RunResult result = JsonResultReader.runResult(file);

        assertEquals(new RangedReadStatistics(40, 65536.0, 2.0625, 2.0), read(result).rangedReads());
        String page = Files.readString(new HtmlReport().write(folder));
        assertTrue(page.contains("READs of a byte range"), "the section is shown");
        assertTrue(page.contains("<td class=\"fetched\">2.063</td><td class=\"decrypted\">2.000</td>"), page);
    }

    @Test
    void aResultWithoutRangedReadsShowsNoSection() throws IOException {
        RunResult result = JsonResultReader.runResult(result());

        assertNull(read(result).rangedReads());
        assertFalse(Files.readString(new HtmlReport().write(folder)).contains("READs of a byte range"));
    }

    private static OperationStatistics read(RunResult result) {
        return result.operations().stream().filter(operation -> operation.type() == OperationType.READ).findFirst()
                .orElseThrow();
    }

    private Path result() {
        return ResultFixtures.writeJson(folder, "ranged", ResultFixtures.Run.of("MINIO", CipherSuite.AES256_GCM, 2, 1024),
                List.of(new ResultFixtures.Figures(OperationType.WRITE, 10, 1, 2, 3, 4, 5),
                        new ResultFixtures.Figures(OperationType.READ, 10, 1, 2, 3, 4, 5)));
    }
}
