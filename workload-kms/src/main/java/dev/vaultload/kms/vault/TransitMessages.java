package dev.vaultload.kms.vault;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * The JSON bodies of Vault's transit engine: byte arrays in Base64 as Vault reads and writes them, its ciphertexts
 * as its own text ({@code vault:v1:...}), every answer under {@code data}.
 */
final class TransitMessages {

    private TransitMessages() {
    }

    record DataKeyRequest(byte[] context) {
    }

    record EncryptRequest(byte[] plaintext, byte[] context) {
    }

    record DecryptRequest(String ciphertext, byte[] context) {
    }

    /** What datakey, encrypt and decrypt answer: the fields each fills. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Data(byte[] plaintext, String ciphertext) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    record Answer(Data data) {
    }

    /** Vault's text of a refusal, {@code {"errors": [...]}} joined; never key material. */
    static String reason(JsonNode answer) {
        List<String> errors = new ArrayList<>();
        answer.path("errors").forEach(error -> errors.add(error.asText()));
        return String.join("; ", errors);
    }
}
