package dev.vaultload.s3ec;

import dev.vaultload.kms.KmsSettings;
import dev.vaultload.kms.aws.AwsKmsClients;
import dev.vaultload.kms.aws.AwsKmsKeyManagerFactory;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import software.amazon.awssdk.services.kms.KmsClient;
import software.amazon.encryption.s3.materials.CryptographicMaterialsManager;
import software.amazon.encryption.s3.materials.DefaultCryptoMaterialsManager;
import software.amazon.encryption.s3.materials.KmsKeyring;

/**
 * S3EC_KEYRING=KMS: S3EC's own {@link KmsKeyring} on a {@link KmsClient} built from the AWS_KMS_* settings
 * ({@link AwsKmsClients}), every call timed ({@link TimedKmsCalls}). One client per KMS configuration for the whole
 * process, as a service holds one connection pool to its KMS; the JVM's exit closes it.
 */
final class S3EcKms {
    /** The engine description's key manager: the KMS API and who wraps; no endpoint (it is a series key). */
    static final String KEY_MANAGER = AwsKmsKeyManagerFactory.NAME + " S3EC keyring";
    private static final Map<List<String>, KmsKeyring> KEYRINGS = new ConcurrentHashMap<>();

    private S3EcKms() {
    }

    /**
     * Refuses, naming the setting, a KMS keyring without a key or with another KMS than the AWS KMS API's.
     *
     * @throws IllegalArgumentException with S3EC_KEYRING=KMS: KMS set to another binding, AWS_KMS_KEY_ID unset
     */
    static void check(Function<String, String> settings) {
        if (AwsEngineSettings.S3EC_KEYRING.read(settings) != S3EcKeyring.KMS) {
            return;
        }
        KmsSettings.KMS.find(settings).filter(kms -> !kms.equalsIgnoreCase(AwsKmsKeyManagerFactory.NAME))
                .ifPresent(kms -> {
                    throw new IllegalArgumentException("Invalid KMS='" + kms + "' with "
                            + AwsEngineSettings.S3EC_KEYRING.name() + "=KMS: expected " + AwsKmsKeyManagerFactory.NAME
                            + " or unset; S3EC's KMS keyring speaks only the AWS KMS API");
                });
        KmsSettings.AWS_KMS_KEY_ID.require(settings, "a key id, key ARN or alias of the AWS KMS for "
                + AwsEngineSettings.S3EC_KEYRING.name() + "=KMS");
        clientSettings(settings); // parsed now: a malformed URL or timeout is refused before the run
    }

    /** S3EC's default materials manager over the KMS keyring, crediting each caller with its reads' KMS calls. */
    static CryptographicMaterialsManager materials(Function<String, String> settings) {
        check(settings);
        KmsKeyring keyring = KEYRINGS.computeIfAbsent(clientSettings(settings), configuration -> {
            String keyId = KmsSettings.AWS_KMS_KEY_ID.read(settings);
            KmsClient client = AwsKmsClients.open(settings,
                    List.of(new TimedKmsCalls(AwsKmsClients.description(settings), keyId)));
            Runtime.getRuntime().addShutdownHook(new Thread(client::close, "vaultload-s3ec-kms-close"));
            return KmsKeyring.builder().kmsClient(client).wrappingKeyId(keyId).build();
        });
        return CallerKmsCalls.crediting(DefaultCryptoMaterialsManager.builder().keyring(keyring).build());
    }

    /** What the client and keyring are made of: equal lists mean the same endpoint, region, key and timeout. */
    private static List<String> clientSettings(Function<String, String> settings) {
        return List.of(String.valueOf(KmsSettings.AWS_KMS_URL.find(settings).orElse(null)),
                KmsSettings.AWS_KMS_REGION.read(settings), KmsSettings.AWS_KMS_KEY_ID.read(settings),
                KmsSettings.KMS_TIMEOUT.read(settings).toString());
    }
}
