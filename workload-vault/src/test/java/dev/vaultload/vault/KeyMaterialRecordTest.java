package dev.vaultload.vault;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.vaultload.engine.EngineException;
import dev.vaultload.stats.ErrorClass;
import dev.vaultload.stats.ErrorClassifier;
import org.junit.jupiter.api.Test;

class KeyMaterialRecordTest {
    private static final String PUBLIC_KEY = "run-user-2/pubkey";
    private static final EngineException UNKNOWN = new EngineException(EngineException.Reason.UNKNOWN_USER, "no user");

    private final KeyMaterialRecord record = new KeyMaterialRecord();

    @Test
    void aReadOfOtherBytesThanTheEngineWroteIsIntegrityAboutTheObject() {
        record.wrote(PUBLIC_KEY, new byte[] {1, 2, 3});

        assertDoesNotThrow(() -> record.read(PUBLIC_KEY, new byte[] {1, 2, 3}));
        EngineException changed = assertThrows(EngineException.class, () -> record.read(PUBLIC_KEY, new byte[] {1, 2, 4}));

        assertEquals(EngineException.Reason.INTEGRITY, changed.reason());
        assertEquals(PUBLIC_KEY, EngineException.storeKeyIn(changed).orElseThrow());
    }

    @Test
    void theFirstReadIsRecordedAndALaterOneCheckedAgainstIt() {
        record.read(PUBLIC_KEY, new byte[] {7});

        assertThrows(EngineException.class, () -> record.read(PUBLIC_KEY, new byte[] {8}));
    }

    @Test
    void keyMaterialGoneAfterTheEngineKnewItIsLostNamingIt() {
        record.wrote(PUBLIC_KEY, new byte[] {1});

        RuntimeException gone = record.gone(PUBLIC_KEY, UNKNOWN);

        assertEquals(ErrorClass.LOST, ErrorClassifier.classify(gone));
        assertEquals(PUBLIC_KEY, EngineException.storeKeyIn(gone).orElseThrow());
    }

    @Test
    void keyMaterialNeverSeenIsAnUnknownUserAndForgottenOnesAreNoLongerChecked() {
        assertSame(UNKNOWN, record.gone(PUBLIC_KEY, UNKNOWN));

        record.wrote(PUBLIC_KEY, new byte[] {1});
        record.forget(PUBLIC_KEY);

        assertSame(UNKNOWN, record.gone(PUBLIC_KEY, UNKNOWN));
        assertDoesNotThrow(() -> record.read(PUBLIC_KEY, new byte[] {2}));
    }
}
