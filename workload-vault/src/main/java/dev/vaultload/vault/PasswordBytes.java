package dev.vaultload.vault;

import dev.vaultload.engine.Password;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** A password's UTF-8 bytes (as the JDK's and BouncyCastle's PBKDF2 encode it), leaving no other copy behind. */
final class PasswordBytes {

    private PasswordBytes() {
    }

    /** The caller wipes the returned array after use. */
    static byte[] utf8(Password password) {
        char[] chars = password.chars();
        ByteBuffer encoded = StandardCharsets.UTF_8.encode(CharBuffer.wrap(chars));
        try {
            byte[] bytes = new byte[encoded.remaining()];
            encoded.get(bytes);
            return bytes;
        } finally {
            Arrays.fill(chars, '\0');
            if (encoded.hasArray()) {
                Arrays.fill(encoded.array(), (byte) 0);
            }
        }
    }
}
