package dev.vaultload.s3ec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.Engine;
import dev.vaultload.engine.EngineOptions;
import dev.vaultload.engine.Password;
import dev.vaultload.engine.UserCredentials;
import dev.vaultload.run.Suite;
import dev.vaultload.run.SuiteSession;
import dev.vaultload.storage.StorageProvider;
import dev.vaultload.storage.StorageProviders;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.encryption.s3.S3EncryptionClientUtilities;

/**
 * S3EC reads an object through a buffer that authenticates it whole before returning a byte, and refuses one larger
 * than the buffer: a document that fills it with its 16-byte GCM tag reads back, one byte more does not. So a run with larger documents
 * is refused before it starts, naming the engine and the limit, rather than failing every READ as if the data were at
 * fault.
 */
class ReadBufferLimitTest {
    private static final long LIMIT_BYTES = S3EncryptionClientUtilities.DEFAULT_BUFFER_SIZE_BYTES - 16;

    @TempDir
    Path reports;

    @Test
    void aDocumentOfTheBufferSizeReadsBackAndOneByteMoreIsRefused() throws IOException {
        try (StorageProvider provider = TestServers.embedded()) {
            Map<String, String> settings = provider.directAccess();
            Engine engine = S3EcEngineFactory.open(S3Access.read("TEST", settings::get),
                    new EngineOptions(CipherSuite.AES256_GCM, 1_000, settings::get));
            UserCredentials user = new UserCredentials("buffer-" + Long.toHexString(System.nanoTime()),
                    Password.of("a password"));
            engine.createUser(user);
            write(engine.privateSpace(user).write("at-limit"), LIMIT_BYTES);
            write(engine.privateSpace(user).write("over-limit"), LIMIT_BYTES + 1);

            assertEquals(LIMIT_BYTES, length(engine.privateSpace(user).read("at-limit")));
            RuntimeException refused = assertThrows(RuntimeException.class,
                    () -> length(engine.privateSpace(user).read("over-limit")));
            assertTrue(refused.getMessage().contains("exceeds the maximum buffer size"), refused.getMessage());
            engine.destroyUser(user);
        }
    }

    @Test
    void aRunWithDocumentsOverTheBufferIsRefusedBeforeItStartsNamingEngineAndLimit() {
        Map<String, String> settings = Map.of("ENGINES", "S3EC", "STORAGE_PROVIDERS", "EMBEDDED", "THREADS", "1",
                "FILE_SIZES", "65536", "REPORT_DIR", reports.toString());

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> SuiteSession.start(
                Suite.RandomActionsOnDatasafeTest.name(), false, settings::get, StorageProviders::named).close());

        assertTrue(refused.getMessage().startsWith("Invalid FILE_SIZES='65536' (KiB): engine S3EC holds"),
                refused.getMessage());
        assertTrue(refused.getMessage().contains("reads no document over 64.0 MiB"), refused.getMessage());
        assertFalse(refused.getMessage().contains("\n"));
    }

    /** Writes {@code sizeBytes} of a repeating pattern, a MiB at a time. */
    private static void write(OutputStream out, long sizeBytes) throws IOException {
        byte[] mebibyte = new byte[1 << 20];
        for (int index = 0; index < mebibyte.length; index++) {
            mebibyte[index] = (byte) index;
        }
        try (out) {
            for (long left = sizeBytes; left > 0; left -= mebibyte.length) {
                out.write(mebibyte, 0, (int) Math.min(left, mebibyte.length));
            }
        }
    }

    private static long length(InputStream in) throws IOException {
        try (in) {
            return in.transferTo(OutputStream.nullOutputStream());
        }
    }
}
