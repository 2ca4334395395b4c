package dev.vaultload.kms.aws;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.vaultload.kms.KeyManagerException;
import dev.vaultload.storage.BlobStoreException.Kind;
import java.net.ConnectException;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.core.exception.ApiCallTimeoutException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.kms.model.KmsException;

class AwsKmsFailuresTest {
    private static final String WHAT = "AWS KMS at http://127.0.0.1:1: Decrypt with key 'k'";

    @Test
    void throttlingIsLimitExceededWhateverItsStatus() {
        assertEquals(Kind.LIMIT_EXCEEDED, translated(refusal(400, "ThrottlingException")).kind());
        assertEquals(Kind.LIMIT_EXCEEDED, translated(refusal(429, "TooManyRequests")).kind());
    }

    @Test
    void otherRefusalsByStatusWithCodeAndMessage() {
        KeyManagerException unknownKey = translated(refusal(400, "NotFoundException"));
        assertEquals(Kind.CLIENT, unknownKey.kind());
        assertEquals(WHAT + " refused: HTTP 400 NotFoundException: reason", unknownKey.getMessage());
        assertEquals(Kind.SERVER, translated(refusal(500, "KMSInternalException")).kind());
    }

    @Test
    void brokenAndSlowCalls() {
        assertEquals(Kind.SERVER, translated(SdkClientException.create("Unable to execute HTTP request",
                new ConnectException("Connection refused"))).kind());
        assertEquals(Kind.TIMEOUT, translated(ApiCallTimeoutException.create(300)).kind());
        assertEquals(Kind.OTHER, translated(SdkClientException.create("Unable to load credentials")).kind());
    }

    private static KmsException refusal(int status, String code) {
        return (KmsException) KmsException.builder().statusCode(status)
                .awsErrorDetails(AwsErrorDetails.builder().errorCode(code).errorMessage("reason").build()).build();
    }

    private static KeyManagerException translated(SdkException failure) {
        return AwsKmsFailures.translate(failure, WHAT);
    }
}
