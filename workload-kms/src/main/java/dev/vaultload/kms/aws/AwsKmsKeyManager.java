package dev.vaultload.kms.aws;

import dev.vaultload.kms.DataKey;
import dev.vaultload.kms.KeyManager;
import java.util.Base64;
import java.util.Map;
import java.util.function.Supplier;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.kms.KmsClient;
import software.amazon.awssdk.services.kms.model.DataKeySpec;
import software.amazon.awssdk.services.kms.model.GenerateDataKeyResponse;

/**
 * The AWS KMS API's GenerateDataKey (AES_256), Encrypt and Decrypt. The context is one entry of the encryption
 * context, {@code vaultload-context} = its Base64.
 */
final class AwsKmsKeyManager implements KeyManager {
    private static final String CONTEXT_ENTRY = "vaultload-context";

    private final KmsClient client;
    private final String description;
    private final String keyId;

    AwsKmsKeyManager(KmsClient client, String description, String keyId) {
        this.client = client;
        this.description = description;
        this.keyId = keyId;
    }

    @Override
    public String description() {
        return description;
    }

    @Override
    public String keyId() {
        return keyId;
    }

    @Override
    public DataKey generateDataKey(String keyId, byte[] context) {
        GenerateDataKeyResponse answer = call("GenerateDataKey", keyId, () -> client.generateDataKey(request -> request
                .keyId(keyId).keySpec(DataKeySpec.AES_256).encryptionContext(encryptionContext(context))));
        return new DataKey(answer.plaintext().asByteArray(), answer.ciphertextBlob().asByteArray());
    }

    @Override
    public byte[] encrypt(String keyId, byte[] plaintext, byte[] context) {
        return call("Encrypt", keyId, () -> client.encrypt(request -> request.keyId(keyId)
                .plaintext(SdkBytes.fromByteArray(plaintext)).encryptionContext(encryptionContext(context))))
                .ciphertextBlob().asByteArray();
    }

    @Override
    public byte[] decrypt(String keyId, byte[] ciphertext, byte[] context) {
        return call("Decrypt", keyId, () -> client.decrypt(request -> request.keyId(keyId)
                .ciphertextBlob(SdkBytes.fromByteArray(ciphertext)).encryptionContext(encryptionContext(context))))
                .plaintext().asByteArray();
    }

    @Override
    public void close() {
        client.close();
    }

    private <T> T call(String operation, String keyId, Supplier<T> request) {
        try {
            return request.get();
        } catch (SdkException e) {
            throw AwsKmsFailures.translate(e, description + ": " + operation + " with key '" + keyId + "'");
        }
    }

    /** Null for an empty context: the SDK then sends none. */
    private static Map<String, String> encryptionContext(byte[] context) {
        return context.length == 0 ? null : Map.of(CONTEXT_ENTRY, Base64.getEncoder().encodeToString(context));
    }
}
