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
import dev.vaultload.report.CeilingShare;
import dev.vaultload.report.RunResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The crypto ceiling and the CPU per MiB read back from a result's JSON and shown on its page; older results without. */
class CeilingSectionTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long MIB = 1 << 20;

    @TempDir
    Path folder;

    @Test
    void aResultWrittenBeforeTheFieldsLoadsWithoutThem() throws IOException {
        Path file = result();
        ObjectNode json = (ObjectNode) JSON.readTree(file.toFile());
        ((ObjectNode) json.get("environment")).remove("cryptoCeiling");
        json.get("operations").forEach(operation -> ((ObjectNode) operation).remove(
                List.of("workerCpuNanos", "workerCpuMillisPerMib")));
        JSON.writeValue(file.toFile(), json);

        RunResult result = JsonResultReader.runResult(file);

        assertNull(result.environment().cryptoCeiling());
        assertNull(result.operations().getFirst().workerCpuNanos());
        assertTrue(result.ceilingShares().isEmpty());
        String page = Files.readString(new HtmlReport().write(folder));
        assertFalse(page.contains("Crypto ceiling"));
        assertFalse(page.contains("CPU per MiB"));
    }

    @Test
    void theCeilingAndEachOperationsShareOfItAreReadBackAndShown() throws IOException {
        Path file = result();
        ObjectNode json = (ObjectNode) JSON.readTree(file.toFile());
        // 2000 MiB/s AES-256-GCM decryption and 1000 MiB/s SHA-256: 1.5 ms per MiB; the READ spent 3 ms per MiB
        ((ObjectNode) json.get("environment")).set("cryptoCeiling", JSON.readTree("""
                {"rounds": 5, "roundMillis": 5, "measurementMillis": 900, "sizes": [{"fileSizeKib": 1024, "bufferKib": 1024,
                 "mibPerSecond": {"AES256_GCM_ENCRYPT": 2000, "AES256_GCM_DECRYPT": 2000, "SHA256": 1000}}]}"""));
        for (JsonNode operation : json.get("operations")) {
            long mebibytes = operation.get("transferredBytes").asLong() / MIB;
            ((ObjectNode) operation).put("workerCpuNanos", 3_000_000 * Math.max(1, mebibytes));
        }
        JSON.writeValue(file.toFile(), json);

        RunResult result = JsonResultReader.runResult(file);

        CeilingShare read = result.ceilingShares().stream().filter(share -> share.operation() == OperationType.READ)
                .findFirst().orElseThrow();
        assertEquals("AES-256-GCM decrypt + SHA-256", read.work());
        assertEquals(1.5, read.ceilingMillisPerMib(), 1e-9);
        assertEquals(0.5, read.shareOfCeiling(), 1e-9);
        String page = Files.readString(new HtmlReport().write(folder));
        assertTrue(page.contains("Crypto ceiling of this machine"));
        assertTrue(page.contains("AES-256-GCM decrypt + SHA-256"));
        assertFalse(page.contains(">cryptoCeiling<"), "the ceiling has its own table, not a row of the environment's");
    }

    /** A result of WRITE and READ whose transferred bytes are whole MiB: ResultFixtures writes 1024 bytes a type. */
    private Path result() throws IOException {
        Path file = ResultFixtures.writeJson(folder, "ceiling", ResultFixtures.Run.of("MEMORY", CipherSuite.AES256_GCM, 2, 1024),
                List.of(new ResultFixtures.Figures(OperationType.WRITE, 10, 1, 2, 3, 4, 5),
                        new ResultFixtures.Figures(OperationType.READ, 10, 1, 2, 3, 4, 5)));
        ObjectNode json = (ObjectNode) JSON.readTree(file.toFile());
        json.get("operations").forEach(operation -> ((ObjectNode) operation).put("transferredBytes", MIB));
        JSON.writeValue(file.toFile(), json);
        return file;
    }
}
