package dev.vaultload.kms.kes;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;

/** The JSON bodies of KES's key API (v1), byte arrays in Base64 as KES writes them; an empty context is left out. */
final class KesMessages {

    private KesMessages() {
    }

    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    record GenerateRequest(byte[] context) {
    }

    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    record EncryptRequest(byte[] plaintext, byte[] context) {
    }

    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    record DecryptRequest(byte[] ciphertext, byte[] context) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    record GenerateResponse(byte[] plaintext, byte[] ciphertext) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    record EncryptResponse(byte[] ciphertext) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    record DecryptResponse(byte[] plaintext) {
    }
}
