package dev.vaultload.stats;

/**
 * What was read differs from what the fixture expects. The message names user, space, path, expected and
 * found, so a report line alone says which object is at fault.
 */
public class IntegrityViolation extends RuntimeException {
    public IntegrityViolation(String message) {
        super(message);
    }
}
