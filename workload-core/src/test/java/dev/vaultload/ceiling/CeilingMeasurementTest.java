package dev.vaultload.ceiling;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.fixture.OperationType;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CeilingMeasurementTest {

    @Test
    void onlyTheRunsCipherAndSha256AreMeasuredPositiveAtEverySizeWithLargeSizesCapped() {
        CryptoCeiling ceiling = CeilingMeasurement.measure(List.of(4, 8192),
                UnavoidableWork.ofRun(CipherSuite.CHACHA20_POLY1305));

        assertEquals(List.of(4, 8192), ceiling.sizes().stream().map(SizeCeiling::fileSizeKib).toList());
        assertEquals(CeilingMeasurement.MAX_BUFFER_KIB, ceiling.atFileSize(8192).orElseThrow().bufferKib());
        for (SizeCeiling size : ceiling.sizes()) {
            assertEquals(List.of(CryptoWork.CHACHA20_POLY1305_ENCRYPT, CryptoWork.CHACHA20_POLY1305_DECRYPT,
                    CryptoWork.SHA256), List.copyOf(size.mibPerSecond().keySet()));
            size.mibPerSecond().forEach((work, rate) -> assertTrue(rate > 0, work + " at " + size.fileSizeKib() + " KiB"));
        }
        assertTrue(ceiling.rounds() >= 2 * ceiling.sizes().size(), "at least a round per work and buffer");
        assertTrue(ceiling.measurementMillis() > 0);
    }

    @Test
    void aReadCannotAvoidDecryptionAndTheVerifyingHashAWriteOnlyEncryption() {
        assertEquals(List.of(CryptoWork.AES256_GCM_DECRYPT, CryptoWork.SHA256),
                UnavoidableWork.of(OperationType.READ, CipherSuite.AES256_GCM));
        assertEquals(List.of(CryptoWork.CHACHA20_POLY1305_ENCRYPT),
                UnavoidableWork.of(OperationType.WRITE, CipherSuite.CHACHA20_POLY1305));
        assertEquals(List.of(), UnavoidableWork.of(OperationType.WRITE, CipherSuite.NONE));
        assertEquals(List.of(CryptoWork.SHA256), UnavoidableWork.of(OperationType.READ, CipherSuite.NONE));
        assertEquals("AES-256-CBC decrypt + SHA-256",
                UnavoidableWork.label(UnavoidableWork.of(OperationType.READ, CipherSuite.AES256_CBC)));
    }

    @Test
    void aRunNeedsItsCiphersTwoWaysAndSha256AndWithoutEncryptionOnlySha256() {
        assertEquals(Set.of(CryptoWork.AES256_CBC_ENCRYPT, CryptoWork.AES256_CBC_DECRYPT, CryptoWork.SHA256),
                UnavoidableWork.ofRun(CipherSuite.AES256_CBC));
        assertEquals(Set.of(CryptoWork.SHA256), UnavoidableWork.ofRun(CipherSuite.NONE));
    }
}
