package dev.vaultload.kms.pkcs11;

import dev.vaultload.kms.KmsSettings;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;

/**
 * The process's logins, one per token, shared by every key manager on it. PKCS#11 keeps the login state per token for
 * the whole process, not per provider or session: a second login while one holds answers "already logged in" without
 * checking the PIN, and a logout ends the login of everyone. So the first key manager of a token logs in (the token
 * checks the PIN), a later one must bring the same PIN (a token has one user PIN), and the last one to close logs out.
 */
final class Pkcs11Tokens {
    private record Slot(Path library, int index) {
    }

    /** A login and how many key managers use it; the PIN is kept only as its SHA-256. */
    private static final class Login {
        final Pkcs11Token token;
        final byte[] pinDigest;
        int users;

        Login(Pkcs11Token token, byte[] pinDigest) {
            this.token = token;
            this.pinDigest = pinDigest;
        }
    }

    private static final Map<Slot, Login> LOGGED_IN = new HashMap<>();

    private Pkcs11Tokens() {
    }

    /**
     * The token at {@code slotIndex} of {@code library}, logged in with {@code pin}, which is cleared.
     *
     * @throws IllegalArgumentException naming PKCS11_LIBRARY, PKCS11_SLOT_INDEX or PKCS11_PIN, never the PIN itself
     */
    static synchronized Pkcs11Token login(Path library, int slotIndex, char[] pin) {
        Slot slot = new Slot(library.toAbsolutePath().normalize(), slotIndex);
        try {
            byte[] pinDigest = sha256(pin);
            Login login = LOGGED_IN.get(slot);
            if (login == null) {
                login = new Login(Pkcs11Token.login(slot.library(), slot.index(), pin), pinDigest);
                LOGGED_IN.put(slot, login);
            } else if (!MessageDigest.isEqual(login.pinDigest, pinDigest)) {
                throw new IllegalArgumentException("Invalid " + KmsSettings.PKCS11_PIN.name() + ": not the PIN this"
                        + " process is logged in to the token at " + login.token.where() + " with");
            }
            login.users++;
            return login.token;
        } finally {
            Arrays.fill(pin, '\0');
        }
    }

    /** One user of {@code token} less; the last one logs the process out of it. */
    static synchronized void release(Pkcs11Token token) {
        for (Iterator<Login> logins = LOGGED_IN.values().iterator(); logins.hasNext(); ) {
            Login login = logins.next();
            if (login.token == token && --login.users == 0) {
                logins.remove();
                token.logout();
            }
        }
    }

    private static byte[] sha256(char[] pin) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(new String(pin).getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
