package dev.vaultload.engine;

import java.util.Arrays;

/** A keystore password. Kept as chars so it can be wiped; printed as {@code ****}. */
public final class Password {
    private final char[] chars;

    public Password(char[] chars) {
        this.chars = chars.clone();
    }

    public static Password of(String value) {
        return new Password(value.toCharArray());
    }

    /** A copy of the password's characters; the caller should wipe it after use. */
    public char[] chars() {
        return chars.clone();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Password that && Arrays.equals(chars, that.chars);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(chars);
    }

    @Override
    public String toString() {
        return "****";
    }
}
