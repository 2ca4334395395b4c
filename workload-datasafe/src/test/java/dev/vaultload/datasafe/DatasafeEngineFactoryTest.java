package dev.vaultload.datasafe;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.EngineOptions;
import dev.vaultload.engine.Engines;
import org.junit.jupiter.api.Test;

/** DATASAFE refuses, before the run, what Datasafe 1.0.3 cannot honour, in one line naming the setting. */
class DatasafeEngineFactoryTest {
    private final DatasafeEngineFactory factory = new DatasafeEngineFactory();

    @Test
    void aCipherDatasafeDoesNotOfferIsRefused() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> factory.check(new EngineOptions(CipherSuite.AES256_CBC, EngineOptions.DEFAULT_KDF_ITERATIONS)));
        assertEquals("Invalid CIPHER='AES256_CBC' for ENGINES=DATASAFE: expected AES256_GCM, the only cipher"
                + " Datasafe 1.0.3 offers", refused.getMessage());
    }

    @Test
    void kdfIterationsItCannotApplyAreRefused() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> factory.check(new EngineOptions(CipherSuite.AES256_GCM, 1000)));
        assertEquals(1, refused.getMessage().lines().count());
        assertEquals(true, refused.getMessage().startsWith("Invalid KDF_ITERATIONS='1000' for ENGINES=DATASAFE"));
    }

    @Test
    void theDefaultsAreAcceptedAndTheBindingIsFoundByName() {
        assertDoesNotThrow(() -> factory.check(EngineOptions.defaults()));
        assertEquals(DatasafeEngineFactory.class, Engines.named("datasafe").getClass());
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class, () -> Engines.named("NOPE"));
        assertEquals("Invalid ENGINES='NOPE': expected one of [DATASAFE, VAULTLOAD]", unknown.getMessage());
    }
}
