package dev.vaultload.vault;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.vaultload.engine.EngineException;
import java.util.HexFormat;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

class SivPathCipherTest {

    private static final HexFormat HEX = HexFormat.of();

    @Test
    void rfc5297DeterministicExample() {
        SivPathCipher siv = new SivPathCipher(
                new SecretKeySpec(HEX.parseHex("fffefdfcfbfaf9f8f7f6f5f4f3f2f1f0"), "AES"),
                new SecretKeySpec(HEX.parseHex("f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff"), "AES"));
        byte[] ad = HEX.parseHex("101112131415161718191a1b1c1d1e1f2021222324252627");
        byte[] plaintext = HEX.parseHex("112233445566778899aabbccddee");
        byte[] sealed = siv.seal(plaintext, ad);
        assertEquals("85632d07c6e8f37f950acd320a2ecc9340c02b9690c4dc04daef7f6afe5c", HEX.formatHex(sealed));
        assertArrayEquals(plaintext, siv.open(sealed, ad));
    }

    @Test
    void pathsAreDeterministicPerSegmentAndRoundTrip() {
        SivPathCipher siv = newCipher();
        String file = siv.encryptPath("docs/2024/report.pdf");
        String dir = siv.encryptPath("docs/2024/");
        assertEquals(file, siv.encryptPath("docs/2024/report.pdf"));
        assertEquals(dir.substring(0, dir.length() - 1), file.substring(0, file.lastIndexOf('/')));
        assertEquals("docs/2024/report.pdf", siv.decryptPath(file));
        assertEquals("docs/2024/", siv.decryptPath(dir));
        assertNotEquals(file, newCipher().encryptPath("docs/2024/report.pdf"));
    }

    @Test
    void tamperedOrForeignSegmentIsAnIntegrityError() {
        SivPathCipher siv = newCipher();
        String stored = siv.encryptPath("secret");
        char flipped = stored.charAt(3) == 'A' ? 'B' : 'A';
        String tampered = stored.substring(0, 3) + flipped + stored.substring(4);
        assertEquals(EngineException.Reason.INTEGRITY,
                assertThrows(EngineException.class, () -> siv.decryptPath(tampered)).reason());
        assertEquals(EngineException.Reason.INTEGRITY,
                assertThrows(EngineException.class, () -> newCipher().decryptPath(stored)).reason());
        assertEquals(EngineException.Reason.INTEGRITY,
                assertThrows(EngineException.class, () -> siv.decryptPath("not+base64url!")).reason());
    }

    private static SivPathCipher newCipher() {
        java.security.SecureRandom random = new java.security.SecureRandom();
        byte[] k1 = new byte[32];
        byte[] k2 = new byte[32];
        random.nextBytes(k1);
        random.nextBytes(k2);
        return new SivPathCipher(new SecretKeySpec(k1, "AES"), new SecretKeySpec(k2, "AES"));
    }
}
