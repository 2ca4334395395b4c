package dev.vaultload.s3.provider;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayInputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Optional;

import dev.vaultload.s3.S3BlobStore;
import dev.vaultload.s3.S3ClientSettings;
import dev.vaultload.s3.S3Connection;
import dev.vaultload.s3.S3TransferSettings;
import dev.vaultload.storage.BlobOutputStream;
import dev.vaultload.storage.BlobStoreException;
import dev.vaultload.storage.BlobStoreException.Kind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** A MinIO killed by pid in the middle of use: every later operation fails fast with a classified error. */
class MinioKilledTest {

    private static final Duration PER_OPERATION_LIMIT = Duration.ofSeconds(15);

    @Test
    void operationsAfterAKillFailAsServerOrTimeoutWithoutHanging() throws Exception {
        Optional<String> binary = TestConfig.minioBinary();
        assumeTrue(binary.isPresent(), "no minio binary: scripts/start-minio.sh binary builds one");
        try (MinioProcess minio = MinioProcess.start(Path.of(binary.get()), Duration.ofSeconds(30));
             S3Connection connection = S3Connection.open(S3ClientSettings.of(minio.endpoint(), minio.credentials()))) {
            connection.createBucket("victim");
            S3BlobStore store = connection.bucket("victim", new S3TransferSettings(5 << 20, 1000, 1000));
            store.put("before", new ByteArrayInputStream(new byte[] {42}), 1);
            BlobOutputStream multipart = store.openOutput("multipart");
            multipart.write(new byte[(5 << 20) + 1]); // the first part is uploaded

            minio.kill();

            assertClassified(() -> store.get("before"));
            assertClassified(() -> store.put("after", new ByteArrayInputStream(new byte[] {1}), 1));
            assertClassified(() -> store.list("").count());
            assertClassified(() -> store.exists("before"));
            assertClassified(() -> store.deletePrefix(""));
            assertClassified(multipart::close); // the last part fails; the abort that follows fails too, as a suppressed error
            assertTrue(connection.retries("GetObject") > 0, connection.retriesByOperation().toString());
        }
    }

    private static void assertClassified(Executable operation) {
        BlobStoreException failure = assertTimeoutPreemptively(PER_OPERATION_LIMIT, () -> assertThrows(BlobStoreException.class, operation));
        assertTrue(EnumSet.of(Kind.SERVER, Kind.TIMEOUT).contains(failure.kind()), failure.kind() + ": " + failure.getMessage());
    }
}
