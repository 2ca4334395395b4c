package dev.vaultload.s3ec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.Engine;
import dev.vaultload.engine.EngineException;
import dev.vaultload.engine.EngineOptions;
import dev.vaultload.engine.Engines;
import dev.vaultload.engine.Password;
import dev.vaultload.engine.PlaintextEngine;
import dev.vaultload.engine.UserCredentials;
import dev.vaultload.storage.StorageProvider;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.ServerSideEncryption;

/**
 * What lies on the server's disks: each engine writes documents holding a marker of their own by one PUT, by a
 * multipart upload and by a share to two recipients (the second recipient's copy a server-side copy where the
 * server copies encrypted objects), then MinIO's drive directory or Ceph's RADOS objects are searched for the
 * markers. NONE (plaintext through the harness's S3 store: PUT, multipart, CopyObject) must show every marker, which
 * proves the search sees each way of storing; every encrypting engine must show none: VAULTLOAD and DATASAFE
 * (through the same store) as much as S3EC and the SSE engines. A server that stores plain
 * text while answering 200 (Ceph's "SSE-S3", Ceph's SSE-headed copy of a plain source) is caught by the same search.
 */
class CiphertextAtRestTest {
    private static final int SMALL_BYTES = 64 * 1024;
    private static final int LARGE_BYTES = 6 * 1024 * 1024 + 3;

    @ParameterizedTest(name = "{0} on {1}")
    @CsvSource({"NONE, MINIO", "VAULTLOAD, MINIO", "DATASAFE, MINIO", "S3EC, MINIO", "SSE_S3, MINIO", "SSE_KMS, MINIO",
            "SSE_C, MINIO", "NONE, CEPH", "VAULTLOAD, CEPH", "DATASAFE, CEPH", "S3EC, CEPH", "SSE_KMS, CEPH", "SSE_C, CEPH"})
    void markersAreOnDiskOnlyForPlaintext(String engineName, String server) throws IOException {
        try (StorageProvider provider = server.equals("MINIO") ? TestServers.minio(Map.of("S3_PART_SIZE_MIB", "5"))
                : TestServers.ceph(Map.of("S3_PART_SIZE_MIB", "5"))) {
            StoredBytes disk = server.equals("MINIO") ? StoredBytes.minioDrive(provider.defaultBucket()) : StoredBytes.cephRados();
            Engine engine = engine(engineName, provider);
            String run = "atrest-" + UUID.randomUUID().toString().substring(0, 8);
            UserCredentials writer = user(run + "-w");
            List<UserCredentials> recipients = List.of(user(run + "-r1"), user(run + "-r2"));
            engine.createUser(writer);
            recipients.forEach(engine::createUser);

            Map<String, String> markers = new LinkedHashMap<>();
            markers.put("PUT", write(engine.privateSpace(writer).write("small"), SMALL_BYTES));
            markers.put("multipart", write(engine.privateSpace(writer).write("large"), LARGE_BYTES));
            markers.put("share (PUT and copy)", write(engine.share(writer,
                    recipients.stream().map(UserCredentials::userId).toList(), "shared"), SMALL_BYTES));

            boolean plaintext = engineName.equals("NONE");
            for (Map.Entry<String, String> marker : markers.entrySet()) {
                assertEquals(plaintext, disk.contains(run, marker.getValue()),
                        engineName + " on " + server + ", " + marker.getKey() + ": marker " + (plaintext ? "not " : "") + "found on disk");
            }
            // the share's second copy on its own: found for plaintext proves the search reaches copies
            assertEquals(plaintext, disk.contains(recipients.get(1).userId(), markers.get("share (PUT and copy)")),
                    engineName + " on " + server + ": the second recipient's copy");
            engine.destroyUser(writer);
            recipients.forEach(engine::destroyUser);
        }
    }

    /**
     * Ceph 16.2 answers 200 to an SSE-S3 PUT and to an SSE-KMS-headed copy of a plain source, and stores both in plain
     * text: the search finds them, and the SSE engine refuses to count such a write as done.
     */
    @Test
    void cephsSilentDowngradesAreCaught() {
        try (StorageProvider provider = TestServers.ceph()) {
            StoredBytes disk = StoredBytes.cephRados();
            S3Access access = S3Access.read("TEST", provider.directAccess()::get);
            S3Client s3 = S3Endpoints.client(access);
            String run = "downgrade-" + UUID.randomUUID().toString().substring(0, 8);
            String sseS3 = marker();
            s3.putObject(request -> request.bucket(access.bucket()).key(run + "/sse-s3")
                    .serverSideEncryption(ServerSideEncryption.AES256), RequestBody.fromString(sseS3.repeat(100)));
            String plainSource = marker();
            s3.putObject(request -> request.bucket(access.bucket()).key(run + "/plain"), RequestBody.fromString(plainSource.repeat(100)));
            s3.copyObject(request -> request.sourceBucket(access.bucket()).sourceKey(run + "/plain")
                    .destinationBucket(access.bucket()).destinationKey(run + "/kms-copy")
                    .serverSideEncryption(ServerSideEncryption.AWS_KMS).ssekmsKeyId("vaultload-key"));
            s3.deleteObject(request -> request.bucket(access.bucket()).key(run + "/plain"));
            assertTrue(disk.contains(run + "/sse-s3", sseS3), "Ceph's SSE-S3 object in plain text on disk");
            assertTrue(disk.contains(run + "/kms-copy", plainSource), "Ceph's SSE-KMS-headed copy in plain text on disk");

            Engine sseS3Engine = SseEngineFactory.open(SseMode.SSE_S3, access, options(provider.directAccess()));
            UserCredentials user = user(run + "-u");
            sseS3Engine.createUser(user);
            EngineException refused = assertThrows(EngineException.class,
                    () -> write(sseS3Engine.privateSpace(user).write("doc"), SMALL_BYTES));
            assertEquals(EngineException.Reason.INTEGRITY, refused.reason());
            sseS3Engine.destroyUser(user);
        }
    }

    private static Engine engine(String name, StorageProvider provider) {
        if (name.equals("NONE")) {
            return new PlaintextEngine(provider.openBucket(provider.defaultBucket()));
        }
        if (name.equals("VAULTLOAD") || name.equals("DATASAFE")) {
            return Engines.named(name).open(provider.openBucket(provider.defaultBucket()), new EngineOptions(
                    CipherSuite.AES256_GCM, name.equals("DATASAFE") ? EngineOptions.DEFAULT_KDF_ITERATIONS : 1_000));
        }
        Map<String, String> settings = new HashMap<>(provider.directAccess());
        settings.put("ENGINE_MULTIPART_MIB", "5");
        if (System.getenv("CA_PATH") != null && provider.name().equals("MINIO")) {
            settings.put("CA_PATH", System.getenv("CA_PATH"));
        }
        S3Access access = S3Access.read("TEST", settings::get);
        return name.equals("S3EC") ? S3EcEngineFactory.open(access, options(settings))
                : SseEngineFactory.open(SseMode.valueOf(name), access, options(settings));
    }

    private static EngineOptions options(Map<String, String> settings) {
        return new EngineOptions(CipherSuite.AES256_GCM, 1_000, settings::get);
    }

    private static UserCredentials user(String id) {
        return new UserCredentials(id, Password.of("password of " + id));
    }

    private static String marker() {
        return "VLMARK" + UUID.randomUUID().toString().replace("-", "");
    }

    /** Writes {@code sizeBytes} of a fresh marker repeated; returns the marker. */
    private static String write(OutputStream out, int sizeBytes) {
        String marker = marker();
        byte[] unit = marker.getBytes(StandardCharsets.US_ASCII);
        try (out) {
            for (int written = 0; written < sizeBytes; written += unit.length) {
                out.write(unit, 0, Math.min(unit.length, sizeBytes - written));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return marker;
    }
}
