package dev.vaultload.datasafe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.engine.Engine;
import dev.vaultload.engine.Password;
import dev.vaultload.engine.UserCredentials;
import dev.vaultload.report.RunResult;
import dev.vaultload.run.Combination;
import dev.vaultload.run.RunOutcome;
import dev.vaultload.run.SuiteSession;
import dev.vaultload.storage.BlobStore;
import dev.vaultload.storage.StorageProvider;
import dev.vaultload.storage.StorageProviders;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * DATASAFE_STORAGE=NATIVE: Datasafe's own S3 adapter (AWS SDK v1) on the embedded S3 server's endpoint and
 * bucket, the fixture verified as through the adapter; its objects are those the harness's S3 client sees.
 */
class NativeS3StorageTest {

    @Test
    void datasafesOwnS3AdapterRunsTheFixtureOnTheProvidersBucket(@TempDir Path reports) throws IOException {
        Map<String, String> settings = Map.of("STORAGE_PROVIDERS", "EMBEDDED", "ENGINES", "DATASAFE",
                "DATASAFE_STORAGE", "NATIVE", "THREADS", "2", "FILE_SIZES", "10", "REPORT_DIR", reports.toString());
        try (SuiteSession session = SuiteSession.start("NativeS3StorageTest", false, settings::get, StorageProviders::named)) {
            Combination combination = session.combinations().findFirst().orElseThrow();
            StorageProvider provider = session.provider(combination);
            BlobStore bucket = provider.openBucket(provider.defaultBucket());

            RunResult result = session.run(combination, bucket, store -> session.engine(combination, store), users -> Map.of());
            assertTrue(result.passed(), () -> RunOutcome.describe(result));

            Engine engine = session.engine(combination, bucket);
            UserCredentials user = new UserCredentials("native-probe", Password.of("probe password"));
            engine.createUser(user);
            try (OutputStream out = engine.privateSpace(user).write("a/b.txt")) {
                new ByteArrayInputStream(new byte[100]).transferTo(out);
            }
            try (Stream<String> keys = bucket.list("users/native-probe/")) {
                assertTrue(keys.findAny().isPresent(), "Datasafe's S3 client wrote into the provider's bucket");
            }
            try (InputStream in = engine.privateSpace(user).read("a/b.txt")) {
                assertEquals(100, in.readAllBytes().length);
            }
            engine.destroyUser(user);
        }
    }

    @Test
    void nativeNeedsAnS3Provider() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> NativeS3Storage.open(name -> null));
        assertTrue(refused.getMessage().startsWith("Invalid DATASAFE_STORAGE='NATIVE'"), refused.getMessage());
    }
}
