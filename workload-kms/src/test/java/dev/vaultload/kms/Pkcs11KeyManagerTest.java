package dev.vaultload.kms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.kms.pkcs11.Pkcs11KeyManagerFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The PKCS11 binding against the SoftHSM2 token of scripts/start-softhsm.sh, and its refusals before any call. */
class Pkcs11KeyManagerTest extends KeyManagerContract {
    private static final String WRONG_PIN = "not-the-pin-4711";

    @Override
    String kms() {
        return Pkcs11KeyManagerFactory.NAME;
    }

    @Test
    void eachCiphertextHasAFreshIvBeforeCiphertextAndTag() {
        byte[] data = new byte[32];
        try (KeyManager kms = open(Map.of())) {
            byte[] first = kms.encrypt(kms.keyId(), data, CONTEXT);
            byte[] second = kms.encrypt(kms.keyId(), data, CONTEXT);
            assertEquals(12 + 32 + 16, first.length);
            assertEquals(first.length, kms.generateDataKey(kms.keyId(), CONTEXT).ciphertext().length);
            assertFalse(Arrays.equals(Arrays.copyOf(first, 12), Arrays.copyOf(second, 12)), "the IVs differ");
        }
    }

    @Test
    void wrongPinIsRefusedNamingPkcs11PinWithoutShowingIt() {
        String pin = KmsServers.settings(kms()).apply(KmsSettings.PKCS11_PIN.name());
        assertNotEquals(WRONG_PIN, pin);
        assertRefusedNamingPin(pin); // the token checks it
        try (KeyManager loggedIn = open(Map.of())) {
            assertRefusedNamingPin(pin); // the process is logged in: the token would not check it again
            assertEquals(32, loggedIn.generateDataKey(loggedIn.keyId(), CONTEXT).plaintext().length, "the login holds");
        }
    }

    private void assertRefusedNamingPin(String pin) {
        String message = refusal(Map.of(KmsSettings.PKCS11_PIN.name(), WRONG_PIN));
        assertTrue(message.startsWith("Invalid PKCS11_PIN: "), message);
        assertFalse(message.contains(WRONG_PIN) || message.contains(pin), message);
    }

    @Test
    void missingLibraryIsRefusedNamingPkcs11Library() {
        String message = refusal(Map.of(KmsSettings.PKCS11_LIBRARY.name(), "/nonexistent/libsofthsm2.so"));
        assertTrue(message.startsWith("Invalid PKCS11_LIBRARY='/nonexistent/libsofthsm2.so': "), message);
    }

    @Test
    void fileThatIsNoLibraryIsRefusedNamingPkcs11Library(@TempDir Path directory) throws IOException {
        Path notALibrary = Files.writeString(directory.resolve("libnot.so"), "not a shared object");
        String message = refusal(Map.of(KmsSettings.PKCS11_LIBRARY.name(), notALibrary.toString()));
        assertTrue(message.startsWith("Invalid PKCS11_LIBRARY='" + notALibrary + "': not a PKCS#11 library"), message);
    }

    @Test
    void slotWithoutTheTokenIsRefusedNamingPkcs11SlotIndex() {
        for (String index : new String[] {"1", "9"}) { // SoftHSM2's free slot, and none
            String message = refusal(Map.of(KmsSettings.PKCS11_SLOT_INDEX.name(), index));
            assertTrue(message.startsWith("Invalid PKCS11_SLOT_INDEX=" + index + ": "), message);
        }
    }

    @Test
    void unknownKeyLabelIsRefusedNamingPkcs11KeyLabel() {
        String message = refusal(Map.of(KmsSettings.PKCS11_KEY_LABEL.name(), "vaultload-no-such-key"));
        assertTrue(message.startsWith("Invalid PKCS11_KEY_LABEL='vaultload-no-such-key': "), message);
    }

    /** The one-line refusal of opening the binding with these settings replaced. */
    private String refusal(Map<String, String> replaced) {
        Function<String, String> settings = settings(replaced); // outside assertThrows: without a token the test is skipped
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> KeyManagers.named(kms()).open(settings).close());
        assertFalse(refused.getMessage().contains("\n"), refused.getMessage());
        return refused.getMessage();
    }
}
