package dev.vaultload.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vaultload.ceiling.CryptoWork;
import dev.vaultload.content.ContentGenerator;
import dev.vaultload.engine.PlaintextEngine;
import dev.vaultload.fixture.OperationType;
import dev.vaultload.fixture.WriteReadFixture;
import dev.vaultload.report.CeilingLog;
import dev.vaultload.report.CeilingShare;
import dev.vaultload.report.ReportFiles;
import dev.vaultload.report.ResultFormat;
import dev.vaultload.report.RunResult;
import dev.vaultload.storage.InMemoryBlobStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/** A real run on MEMORY records the crypto ceiling and each WRITE's and READ's worker CPU per MiB against it. */
class CryptoCeilingRunTest {
    private static final int FILE_SIZE_KIB = 64;

    @TempDir
    Path reports;

    @Test
    void aRunRecordsTheCeilingAndTheCpuPerMibOfWritesAndReadsInItsJson() throws IOException {
        RunResult result = run("true");

        Map<CryptoWork, Double> ceiling = result.environment().cryptoCeiling().atFileSize(FILE_SIZE_KIB).orElseThrow()
                .mibPerSecond();
        // CIPHER's default, which every engine would encrypt with, and the hash of every read: nothing else
        assertEquals(Set.of(CryptoWork.AES256_GCM_ENCRYPT, CryptoWork.AES256_GCM_DECRYPT, CryptoWork.SHA256),
                ceiling.keySet());
        assertTrue(ceiling.values().stream().allMatch(rate -> rate > 0));
        for (OperationType type : List.of(OperationType.WRITE, OperationType.READ)) {
            Double cpu = WriteReadRuns.statistics(result, type).workerCpuMillisPerMib();
            assertTrue(cpu != null && cpu > 0, type + " worker CPU per MiB: " + cpu);
        }
        // the plaintext engine encrypts nothing: a READ still cannot avoid the SHA-256 that verifies it
        CeilingShare read = result.ceilingShares().getFirst();
        assertEquals(OperationType.READ, read.operation());
        assertEquals("SHA-256", read.work());
        assertTrue(read.shareOfCeiling() > 0);
        assertTrue(new CeilingLog(LoggerFactory.getLogger(getClass())).lines(result).getLast()
                .startsWith(PlaintextEngine.NAME + " READ " + FILE_SIZE_KIB + " KiB: "));
        assertTrue(new ReportFiles(reports, "console").sinks(LoggerFactory.getLogger(getClass()),
                Set.of(ResultFormat.CONSOLE)).stream().anyMatch(CeilingLog.class::isInstance), "the console has the line");

        JsonNode json = new ObjectMapper().readTree(jsonOf(result).toFile());
        assertTrue(json.at("/environment/cryptoCeiling/sizes/0/mibPerSecond/AES256_GCM_ENCRYPT").asDouble() > 0);
        assertTrue(json.at("/environment/cryptoCeiling/sizes/0/mibPerSecond/AES256_CBC_ENCRYPT").isMissingNode());
        assertTrue(json.at("/environment/cryptoCeiling/steady").isBoolean());
        assertEquals("READ", json.at("/ceilingShares/0/operation").asText());
        JsonNode operations = json.get("operations");
        for (JsonNode operation : operations) {
            if (List.of("WRITE", "READ").contains(operation.get("type").asText())) {
                assertTrue(operation.get("workerCpuNanos").asLong() > 0, operation.toString());
                assertTrue(operation.get("workerCpuMillisPerMib").asDouble() > 0);
            }
        }
    }

    @Test
    void withTheSettingOffNoCeilingIsMeasuredOrRecorded() throws IOException {
        RunResult result = run("false");

        assertNull(result.environment().cryptoCeiling());
        assertTrue(result.ceilingShares().isEmpty());
        assertNotNull(WriteReadRuns.statistics(result, OperationType.READ).workerCpuMillisPerMib());
        JsonNode json = new ObjectMapper().readTree(jsonOf(result).toFile());
        assertFalse(json.get("environment").has("cryptoCeiling"));
        assertFalse(json.has("ceilingShares"));
    }

    private RunResult run(String cryptoCeiling) {
        Map<String, String> settings = Map.of("STORAGE_PROVIDERS", "MEMORY", "THREADS", "2",
                "FILE_SIZES", Integer.toString(FILE_SIZE_KIB), "REPORT_DIR", reports.toString(), "REPORT_FORMATS", "JSON",
                "WARMUP", "0s", "CRYPTO_CEILING", cryptoCeiling);
        RunConfig config = new RunConfigParser(settings::get).parse();
        return new WorkloadRunner(config, "CryptoCeilingRunTest", new ContentGenerator())
                .run(new Combination("MEMORY", 2, FILE_SIZE_KIB), WriteReadFixture.pairs(20), "write-read",
                        new InMemoryBlobStore("ceiling"), PlaintextEngine::new, users -> Map.of());
    }

    private Path jsonOf(RunResult result) throws IOException {
        try (Stream<Path> files = Files.list(reports)) {
            return files.filter(file -> file.toString().endsWith(".json")).findFirst().orElseThrow();
        }
    }
}
