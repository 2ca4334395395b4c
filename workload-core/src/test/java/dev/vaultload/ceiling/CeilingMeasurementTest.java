package dev.vaultload.ceiling;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.fixture.OperationType;
import java.util.List;
import org.junit.jupiter.api.Test;

class CeilingMeasurementTest {

    @Test
    void everyWorkIsMeasuredPositiveAtEverySizeWithLargeSizesCapped() {
        CryptoCeiling ceiling = CeilingMeasurement.measure(List.of(4, 8192));

        assertEquals(List.of(4, 8192), ceiling.sizes().stream().map(SizeCeiling::fileSizeKib).toList());
        assertEquals(CeilingMeasurement.MAX_BUFFER_KIB, ceiling.atFileSize(8192).orElseThrow().bufferKib());
        for (SizeCeiling size : ceiling.sizes()) {
            assertEquals(List.of(CryptoWork.values()), List.copyOf(size.mibPerSecond().keySet()));
            size.mibPerSecond().forEach((work, rate) -> assertTrue(rate > 0, work + " at " + size.fileSizeKib() + " KiB"));
        }
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
}
