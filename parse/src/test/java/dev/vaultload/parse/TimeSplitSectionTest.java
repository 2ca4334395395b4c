package dev.vaultload.parse;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vaultload.engine.CipherSuite;
import dev.vaultload.fixture.OperationType;
import dev.vaultload.stats.StoreTrafficStatistics;
import dev.vaultload.stats.TimeSplit;
import dev.vaultload.storage.StoreRequest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The page's time split: store and engine always, the key manager's columns and name only when the engine called one. */
class TimeSplitSectionTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path folder;

    @Test
    void aRunThroughAKeyManagerShowsItsCallsTimeAndName() throws IOException {
        result(1.0, "KES DOCUMENT keys (cache OFF)");

        String page = Files.readString(new HtmlReport().write(folder));

        assertTrue(page.contains("Where the time went"), "the split's table");
        assertTrue(page.contains("<th>KMS calls per operation</th>"), "its KMS columns");
        assertTrue(page.contains("<td class=\"kms-calls\">1.00</td>"), "one call per operation");
        assertTrue(page.contains("KES DOCUMENT keys (cache OFF)"), "the key manager named");
    }

    @Test
    void aRunWithoutAKeyManagerShowsTheSplitWithoutItsColumns() throws IOException {
        result(0, null);

        String page = Files.readString(new HtmlReport().write(folder));

        assertTrue(page.contains("Where the time went"));
        assertFalse(page.contains("KMS calls per operation"));
    }

    @Test
    void whatEachOperationAskedOfTheStoreIsShownPerOperation() throws IOException {
        result(0, null);
        Path file = folder.resolve("split.json");
        ObjectNode json = (ObjectNode) JSON.readTree(file.toFile());
        ((ObjectNode) json.get("operations").get(0)).set("storeTraffic", JSON.valueToTree(new StoreTrafficStatistics(
                Map.of(StoreRequest.PUT, 1.0, StoreRequest.HEAD, 0.5), 1100, 0, 1.0742, 0.0)));
        JSON.writeValue(file.toFile(), json);

        String page = Files.readString(new HtmlReport().write(folder));

        assertTrue(page.contains("What each operation asked of the store"), "the table");
        assertTrue(page.contains("<th>PUT</th><th>HEAD</th>"), "the kinds made, in S3's order of them");
        assertTrue(page.contains("<td>1.00</td><td>0.50</td><td class=\"sent\">1.074</td>"), page);
    }

    /** A WRITE and READ result whose time split has {@code kmsCallsPerOperation}, its engine's key manager {@code keyManager}. */
    private void result(double kmsCallsPerOperation, String keyManager) throws IOException {
        Path file = ResultFixtures.writeJson(folder, "split", ResultFixtures.Run.of("MEMORY", CipherSuite.AES256_GCM, 2, 100),
                List.of(new ResultFixtures.Figures(OperationType.WRITE, 10, 1, 2, 3, 4, 5),
                        new ResultFixtures.Figures(OperationType.READ, 10, 1, 2, 3, 4, 5)));
        ObjectNode json = (ObjectNode) JSON.readTree(file.toFile());
        json.get("operations").forEach(operation -> ((ObjectNode) operation).set("timeSplit", JSON.valueToTree(
                new TimeSplit(Map.of("50", 500L, "99", 900L), Map.of("50", 300L, "99", 600L),
                        600, 400, 0.4, Map.of("50", 450L, "99", 800L), 500, 0.33, kmsCallsPerOperation))));
        if (keyManager != null) {
            json.put("keyManager", keyManager);
        }
        JSON.writeValue(file.toFile(), json);
    }
}
