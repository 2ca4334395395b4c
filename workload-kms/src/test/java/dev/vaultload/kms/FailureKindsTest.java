package dev.vaultload.kms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.vaultload.stats.ErrorClass;
import dev.vaultload.stats.ErrorClassifier;
import dev.vaultload.storage.BlobStoreException.Kind;
import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import org.junit.jupiter.api.Test;

class FailureKindsTest {

    @Test
    void statusesAreCountedAsTheKmsToolCountsThem() {
        assertEquals(Kind.LIMIT_EXCEEDED, FailureKinds.ofStatus(429));
        assertEquals(Kind.CLIENT, FailureKinds.ofStatus(400));
        assertEquals(Kind.CLIENT, FailureKinds.ofStatus(403));
        assertEquals(Kind.CLIENT, FailureKinds.ofStatus(404));
        assertEquals(Kind.SERVER, FailureKinds.ofStatus(500));
        assertEquals(Kind.SERVER, FailureKinds.ofStatus(503));
    }

    @Test
    void timeoutsAnywhereInTheCauseChainAreTimeoutOtherBrokenCallsServer() {
        assertEquals(Kind.TIMEOUT, FailureKinds.ofTransport(new HttpTimeoutException("request timed out")));
        assertEquals(Kind.TIMEOUT, FailureKinds.ofTransport(new HttpConnectTimeoutException("connect timed out")));
        assertEquals(Kind.TIMEOUT, FailureKinds.ofTransport(new IOException(new SocketTimeoutException())));
        assertEquals(Kind.SERVER, FailureKinds.ofTransport(new ConnectException()));
        assertEquals(Kind.SERVER, FailureKinds.ofTransport(new IOException("connection reset")));
    }

    @Test
    void theHarnessCountsKeyManagerExceptionsByKind() {
        assertEquals(ErrorClass.LIMIT_EXCEEDED, ErrorClassifier.classify(new KeyManagerException(Kind.LIMIT_EXCEEDED, "slow down")));
        assertEquals(ErrorClass.CLIENT, ErrorClassifier.classify(new RuntimeException(new KeyManagerException(Kind.CLIENT, "no such key"))));
        assertThrows(IllegalArgumentException.class, () -> new KeyManagerException(Kind.NOT_FOUND, "would count as lost data"));
    }

    @Test
    void describeIsTypeAndText() {
        assertEquals("ConnectException", FailureKinds.describe(new ConnectException()));
        assertEquals("IOException: connection reset", FailureKinds.describe(new IOException("connection reset")));
    }
}
