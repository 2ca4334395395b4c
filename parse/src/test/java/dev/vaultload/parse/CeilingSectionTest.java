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
import dev.vaultload.report.CeilingLog;
import dev.vaultload.report.CeilingShare;
import dev.vaultload.report.RunResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

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
        // 2000 MiB/s AES-256-GCM decryption and 1000 MiB/s SHA-256: 1.5 ms per MiB; the READ spent 3 ms per MiB
        RunResult result = JsonResultReader.runResult(resultWith(true, 2000, 1000, 3_000_000));

        CeilingShare read = share(result, OperationType.READ);
        assertEquals("AES-256-GCM decrypt + SHA-256", read.work());
        assertEquals(1.5, read.ceilingMillisPerMib(), 1e-9);
        assertEquals(0.5, read.shareOfCeiling(), 1e-9);
        assertNull(read.ceilingSuspect());
        String page = Files.readString(new HtmlReport().write(folder));
        assertTrue(page.contains("Crypto ceiling of this machine"));
        assertTrue(page.contains("AES-256-GCM decrypt + SHA-256"));
        assertTrue(page.contains("Every work's best had stopped rising."));
        assertFalse(page.contains("AES-256-CBC"), "a work the run did not need was not measured, nor shown");
        assertFalse(page.contains("suspect"));
        assertFalse(page.contains(">cryptoCeiling<"), "the ceiling has its own table, not a row of the environment's");
    }

    @Test
    void aShareAboveOneFlagsTheCeilingAsSuspectInsteadOfStatingIt() throws IOException {
        // a ceiling measured cold, 200 MiB/s (5 ms per MiB), against a WRITE that encrypted at 2 ms per MiB
        RunResult result = JsonResultReader.runResult(resultWith(true, 200, 1000, 2_000_000));

        CeilingShare write = share(result, OperationType.WRITE);
        assertEquals(2.5, write.shareOfCeiling(), 1e-9);
        assertTrue(write.ceilingSuspect().startsWith("share above 1"), write.ceilingSuspect());
        assertTrue(new CeilingLog(LoggerFactory.getLogger(getClass())).lines(result).getFirst()
                .contains("CEILING SUSPECT (share above 1"));
        String page = Files.readString(new HtmlReport().write(folder));
        assertTrue(page.contains("2.50 (ceiling suspect: share above 1"), "the page says it is suspect");
    }

    @Test
    void aCeilingThatDidNotSettleMarksEveryShareSuspect() throws IOException {
        RunResult result = JsonResultReader.runResult(resultWith(false, 2000, 1000, 3_000_000));

        assertTrue(result.ceilingShares().stream().allMatch(share -> share.ceilingSuspect() != null));
        assertTrue(share(result, OperationType.READ).ceilingSuspect().contains("still rising"));
        String page = Files.readString(new HtmlReport().write(folder));
        assertTrue(page.contains("Not steady"));
    }

    /**
     * A result with a GCM ceiling at 1024 KiB (both ways at {@code gcmMibPerSecond}) and every operation spending
     * {@code cpuNanosPerMib}.
     */
    private Path resultWith(boolean steady, int gcmMibPerSecond, int sha256MibPerSecond, long cpuNanosPerMib)
            throws IOException {
        Path file = result();
        ObjectNode json = (ObjectNode) JSON.readTree(file.toFile());
        ((ObjectNode) json.get("environment")).set("cryptoCeiling", JSON.readTree("""
                {"rounds": 30, "roundMillis": 5, "measurementMillis": 600, "steady": %s, "sizes": [{"fileSizeKib": 1024,
                 "bufferKib": 1024, "mibPerSecond": {"AES256_GCM_ENCRYPT": %d, "AES256_GCM_DECRYPT": %d, "SHA256": %d}}]}"""
                .formatted(steady, gcmMibPerSecond, gcmMibPerSecond, sha256MibPerSecond)));
        for (JsonNode operation : json.get("operations")) {
            long mebibytes = operation.get("transferredBytes").asLong() / MIB;
            ((ObjectNode) operation).put("workerCpuNanos", cpuNanosPerMib * Math.max(1, mebibytes));
        }
        JSON.writeValue(file.toFile(), json);
        return file;
    }

    private static CeilingShare share(RunResult result, OperationType type) {
        return result.ceilingShares().stream().filter(share -> share.operation() == type).findFirst().orElseThrow();
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
