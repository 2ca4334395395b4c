package dev.vaultload.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.kms.KmsSettings;
import dev.vaultload.kms.aws.AwsKmsClients;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.kms.KmsClient;
import software.amazon.awssdk.services.kms.model.DataKeySpec;
import software.amazon.awssdk.services.kms.model.GenerateDataKeyResponse;

/**
 * local-kms restarted by scripts/start-local-kms.sh's {@code down} and {@code up} (a server of this test's own, on a
 * free port): a data key made before the restart opens after it, and only the server the script runs is restartable.
 */
class ScriptedKmsTest {
    /** The first start builds the pinned local-kms (about 15 s on 2 cores). */
    private static final Duration SCRIPT_TIMEOUT = Duration.ofMinutes(3);

    @TempDir
    static Path work;

    private static ScriptedKms localKms;
    private static Map<String, String> exports;

    @BeforeAll
    static void startLocalKms() {
        localKms = ScriptedKms.LOCAL_KMS.in(Map.of("LOCAL_KMS_BASE_DIR", work.resolve("local-kms").toString(),
                "LOCAL_KMS_PORT", Integer.toString(LoopbackPorts.free())));
        exports = RepositoryScript.exports(script().run(SCRIPT_TIMEOUT, localKms.environment(), "start"));
    }

    @AfterAll
    static void stopLocalKms() {
        script().run(SCRIPT_TIMEOUT, localKms.environment(), "stop");
    }

    private static RepositoryScript script() {
        return RepositoryScript.named(ScriptedKms.LOCAL_KMS.script());
    }

    @Test
    void aRestartedServerRefusesWhileDownAndOpensTheDataKeysMadeBefore() {
        String keyId = exports.get(KmsSettings.AWS_KMS_KEY_ID.name());
        try (KmsClient client = AwsKmsClients.open(exports::get, List.of());
             Fault restarted = localKms.restarted()) {
            GenerateDataKeyResponse dataKey = client.generateDataKey(request -> request.keyId(keyId)
                    .keySpec(DataKeySpec.AES_256));
            restarted.inject();
            assertThrows(SdkClientException.class, () -> client.decrypt(request -> request.keyId(keyId)
                    .ciphertextBlob(dataKey.ciphertextBlob())), "down");
            restarted.heal();
            assertEquals(dataKey.plaintext(), client.decrypt(request -> request.keyId(keyId)
                    .ciphertextBlob(dataKey.ciphertextBlob())).plaintext(), "the same key after the restart");
        }
    }

    @Test
    void onlyTheServerTheScriptRunsIsRestartable() {
        URI server = URI.create(exports.get(KmsSettings.AWS_KMS_URL.name()));
        assertTrue(localKms.runs(server));
        assertFalse(localKms.runs(URI.create("http://127.0.0.1:1")), "another server");
        assertFalse(localKms.in(Map.of("LOCAL_KMS_BASE_DIR", work.resolve("none").toString(), "LOCAL_KMS_PORT",
                Integer.toString(server.getPort()))).runs(server), "a script pointed elsewhere runs none");
    }
}
