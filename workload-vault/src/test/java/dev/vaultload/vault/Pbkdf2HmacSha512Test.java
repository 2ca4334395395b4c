package dev.vaultload.vault;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.HexFormat;
import java.util.Random;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class Pbkdf2HmacSha512Test {

    /**
     * The PBKDF2-HMAC-SHA512 vectors published for RFC 6070's inputs (RFC 6070 itself only covers SHA-1),
     * reproduced independently with OpenSSL 3.0 ({@code hashlib.pbkdf2_hmac("sha512", ...)}).
     */
    @ParameterizedTest
    @CsvSource({
            "password, salt, 1, 867f70cf1ade02cff3752599a3a53dc4af34c7a669815ae5d513554e1c8cf252c02d470a285a0501bad999bfe943c08f050235d7d68b1da55e63f73b60a57fce",
            "password, salt, 4096, d197b1b33db0143e018b12f3d1d1479e6cdebdcc97c5c0f87f6902e072f457b5143f30602641b3d55cd335988cb36b84376060ecd532e039b742a239434af2d5",
            "passwordPASSWORDpassword, saltSALTsaltSALTsaltSALTsaltSALTsalt, 4096, 8c0511f4c6e597c6ac6315d8f0362e225f3c501495ba23b868c005174dc4ee71115b59f9e60cd9532fa33e0f75aefe30225c583a186cd82bd4daea9724a3d3b8"})
    void publishedVectors(String password, String salt, int iterations, String expectedHex) {
        byte[] derived = Pbkdf2HmacSha512.derive(utf8(password), utf8(salt), iterations, 64);
        assertEquals(expectedHex, HexFormat.of().formatHex(derived));
    }

    /**
     * Equal to the JDK's PBKDF2WithHmacSHA512 for passwords around HMAC's block size (a key longer than 128 bytes
     * is hashed first), empty and non-ASCII passwords, several salts, iteration counts and output lengths that
     * end inside, at and past a 64-byte block.
     */
    @Test
    void equalsTheJdksPbkdf2() throws GeneralSecurityException {
        SecretKeyFactory jdk = SecretKeyFactory.getInstance("PBKDF2WithHmacSHA512", "SunJCE");
        Random random = new Random(42);
        String[] passwords = {"", "p", "pw-of-alice-Zq8!", "Pässwörd ✓ 日本", "x".repeat(127), "y".repeat(128),
                "z".repeat(129), "long ".repeat(60)};
        int[] saltSizesBytes = {1, 16, 32, 100};
        int[] iterationCounts = {1, 2, 3, 1000, 2049};
        int[] lengthsBytes = {1, 32, 63, 64, 65, 128, 200};
        int cases = 0;
        for (String password : passwords) {
            for (int saltSizeBytes : saltSizesBytes) {
                byte[] salt = new byte[saltSizeBytes];
                random.nextBytes(salt);
                int iterations = iterationCounts[cases % iterationCounts.length];
                int lengthBytes = lengthsBytes[cases % lengthsBytes.length];
                byte[] expected = jdk.generateSecret(new PBEKeySpec(password.toCharArray(), salt, iterations, lengthBytes * 8))
                        .getEncoded();
                assertArrayEquals(expected, Pbkdf2HmacSha512.derive(utf8(password), salt, iterations, lengthBytes),
                        "password length " + password.length() + ", salt " + saltSizeBytes + " bytes, " + iterations
                                + " iterations, " + lengthBytes + " bytes");
                cases++;
            }
        }
        assertEquals(passwords.length * saltSizesBytes.length, cases);
    }

    @Test
    void refusesNonPositiveIterationsAndLengths() {
        assertThrows(IllegalArgumentException.class, () -> Pbkdf2HmacSha512.derive(utf8("pw"), utf8("salt"), 0, 32));
        assertThrows(IllegalArgumentException.class, () -> Pbkdf2HmacSha512.derive(utf8("pw"), utf8("salt"), 1, 0));
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
