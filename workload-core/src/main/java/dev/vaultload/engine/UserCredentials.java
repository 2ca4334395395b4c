package dev.vaultload.engine;

import java.util.Objects;

/** A user id and the password that unlocks its keystore. {@link #toString()} never shows the password. */
public record UserCredentials(String userId, Password password) {
    public UserCredentials {
        Objects.requireNonNull(userId, "userId");
        Objects.requireNonNull(password, "password");
    }

    @Override
    public String toString() {
        return "UserCredentials[userId=" + userId + ", password=" + password + "]";
    }
}
