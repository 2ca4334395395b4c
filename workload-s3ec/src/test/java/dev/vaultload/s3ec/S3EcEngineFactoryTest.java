package dev.vaultload.s3ec;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.EngineOptions;
import dev.vaultload.engine.Engines;
import dev.vaultload.storage.BlobStore;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** S3EC refuses, before the run, what it cannot honour, in one line naming the setting. */
class S3EcEngineFactoryTest {
    private final S3EcEngineFactory factory = new S3EcEngineFactory();

    private static EngineOptions options(CipherSuite cipher, Map<String, String> settings) {
        return new EngineOptions(cipher, EngineOptions.DEFAULT_KDF_ITERATIONS, settings::get);
    }

    @Test
    void storesWithoutAnS3EndpointAreRefused() {
        for (String provider : new String[] {"MEMORY", "FILESYSTEM"}) {
            IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> factory.check(
                    options(CipherSuite.AES256_GCM, Map.of("STORAGE_PROVIDERS", "MINIO," + provider.toLowerCase()))));
            assertEquals("Invalid STORAGE_PROVIDERS='" + provider + "' for ENGINES=S3EC: expected an S3 provider"
                    + " (EMBEDDED, MINIO, CEPH, AMAZON): S3EC writes through an S3 client of its own", refused.getMessage());
        }
    }

    @Test
    void aCipherOtherThanGcmAndAnUnknownKeyringAreRefused() {
        IllegalArgumentException cipher = assertThrows(IllegalArgumentException.class,
                () -> factory.check(options(CipherSuite.AES256_CBC, Map.of())));
        assertEquals("Invalid CIPHER='AES256_CBC' for ENGINES=S3EC: expected AES256_GCM, the S3 Encryption Client's"
                + " only content cipher", cipher.getMessage());
        IllegalArgumentException keyring = assertThrows(IllegalArgumentException.class,
                () -> factory.check(options(CipherSuite.AES256_GCM, Map.of("S3EC_KEYRING", "HSM"))));
        assertEquals(1, keyring.getMessage().lines().count());
        assertEquals(true, keyring.getMessage().contains("S3EC_KEYRING"), keyring.getMessage());
    }

    @Test
    void theKmsKeyringWithoutAKeyOrWithAnotherKmsIsRefusedNamingTheSettings() {
        IllegalArgumentException noKey = assertThrows(IllegalArgumentException.class,
                () -> factory.check(options(CipherSuite.AES256_GCM, Map.of("S3EC_KEYRING", "KMS"))));
        assertEquals("Invalid AWS_KMS_KEY_ID: unset; expected a key id, key ARN or alias of the AWS KMS for"
                + " S3EC_KEYRING=KMS", noKey.getMessage());
        IllegalArgumentException kes = assertThrows(IllegalArgumentException.class, () -> factory.check(options(
                CipherSuite.AES256_GCM, Map.of("S3EC_KEYRING", "KMS", "KMS", "KES", "AWS_KMS_KEY_ID", "alias/k"))));
        assertEquals("Invalid KMS='KES' with S3EC_KEYRING=KMS: expected AWS_KMS or unset; S3EC's KMS keyring speaks"
                + " only the AWS KMS API", kes.getMessage());
        assertDoesNotThrow(() -> factory.check(options(CipherSuite.AES256_GCM,
                Map.of("S3EC_KEYRING", "KMS", "KMS", "AWS_KMS", "AWS_KMS_KEY_ID", "alias/k"))));
        assertDoesNotThrow(() -> factory.check(options(CipherSuite.AES256_GCM, Map.of("KMS", "KES"))),
                "the raw keyrings call no KMS, whichever another engine uses");
    }

    @Test
    void theDefaultsOnAnS3ProviderAreAcceptedAndTheBindingIsFoundByName() {
        assertDoesNotThrow(() -> factory.check(options(CipherSuite.AES256_GCM, Map.of("STORAGE_PROVIDERS", "MINIO,CEPH"))));
        assertDoesNotThrow(() -> factory.check(options(CipherSuite.AES256_GCM, Map.of())));
        assertEquals(S3EcEngineFactory.class, Engines.named("s3ec").getClass());
    }

    @Test
    void openingWithoutAnS3ProvidersAccessSaysSo() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> factory.open((BlobStore) null, options(CipherSuite.AES256_GCM, Map.of())));
        assertEquals(true, refused.getMessage().startsWith("Invalid STORAGE_PROVIDERS for ENGINES=S3EC"), refused.getMessage());
    }
}
