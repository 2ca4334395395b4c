package dev.vaultload.ceiling;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.fixture.OperationType;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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

    /** An AEAD's two directions do the same work: one far below the other has not reached its compiled path yet. */
    @Test
    void anAeadDirectionFarBelowTheOtherIsNamedAndCbcsAreLeftAlone() {
        assertEquals(Optional.of(CryptoWork.AES256_GCM_ENCRYPT), CeilingMeasurement.slowerAeadDirection(Map.of(
                CryptoWork.AES256_GCM_ENCRYPT, 7_000.0, CryptoWork.AES256_GCM_DECRYPT, 13_000.0, CryptoWork.SHA256, 1_800.0)));
        assertEquals(Optional.of(CryptoWork.CHACHA20_POLY1305_DECRYPT), CeilingMeasurement.slowerAeadDirection(Map.of(
                CryptoWork.CHACHA20_POLY1305_ENCRYPT, 2_000.0, CryptoWork.CHACHA20_POLY1305_DECRYPT, 1_000.0)));
        assertEquals(Optional.empty(), CeilingMeasurement.slowerAeadDirection(Map.of(
                CryptoWork.AES256_GCM_ENCRYPT, 12_500.0, CryptoWork.AES256_GCM_DECRYPT, 13_000.0)));
        assertEquals(Optional.empty(), CeilingMeasurement.slowerAeadDirection(Map.of(
                CryptoWork.AES256_CBC_ENCRYPT, 1_200.0, CryptoWork.AES256_CBC_DECRYPT, 6_000.0)));
        assertEquals(Optional.empty(), CeilingMeasurement.slowerAeadDirection(Map.of(CryptoWork.SHA256, 1_800.0)));
    }
}
