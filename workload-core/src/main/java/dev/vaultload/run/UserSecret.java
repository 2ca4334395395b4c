package dev.vaultload.run;

import dev.vaultload.engine.Password;
import dev.vaultload.engine.UserCredentials;
import java.util.List;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * One user's key-encryption secret as ROTATE_KEY moves it on: the password of each rotation is derived from the
 * store-side user id and the rotation's number ({@link #passwordOf}), so the harness always knows which password is
 * current and which ones were superseded without keeping any. The run's executions share the users, so a rotation
 * takes the user exclusively ({@link #exclusive()}) and every other operation of the user shares it
 * ({@link #shared()}): no operation runs with a password that a rotation beside it is replacing.
 *
 * <p>A rotation that failed with an unknown outcome (the engine may have stored the re-sealed keys) leaves the
 * secret in doubt; the user's next operation settles it first ({@link OperationExecutor}).
 */
final class UserSecret {
    private final String storeUserId;
    private final ReadWriteLock lock = new ReentrantReadWriteLock();
    private volatile int rotations;
    private volatile boolean inDoubt;

    UserSecret(String storeUserId) {
        this.storeUserId = storeUserId;
    }

    /**
     * The password of {@code storeUserId} after {@code rotation} rotations: {@code pw-<id>} at creation, then
     * {@code pw-<id>-r<rotation>}. A fixed derivation: tests never need the password, and it never appears in any
     * output.
     */
    static Password passwordOf(String storeUserId, int rotation) {
        return Password.of("pw-" + storeUserId + (rotation == 0 ? "" : "-r" + rotation));
    }

    String storeUserId() {
        return storeUserId;
    }

    UserCredentials current() {
        return credentialsAt(rotations);
    }

    /** The password the next rotation moves to. */
    Password nextPassword() {
        return passwordOf(storeUserId, rotations + 1);
    }

    /**
     * Passwords the user had before, which must open nothing: the one the last rotation replaced and the one the user
     * was created with (the ones between are not tried: each try costs the engine a key derivation). None while a
     * rotation is in doubt, when the one before may still be current.
     */
    List<UserCredentials> superseded() {
        int now = rotations;
        if (now == 0 || inDoubt) {
            return List.of();
        }
        return now == 1 ? List.of(credentialsAt(0)) : List.of(credentialsAt(now - 1), credentialsAt(0));
    }

    int rotations() {
        return rotations;
    }

    boolean inDoubt() {
        return inDoubt;
    }

    /** Held by a ROTATE_KEY, and while a doubtful rotation is settled. */
    Lock exclusive() {
        return lock.writeLock();
    }

    /** Held by every other operation of the user. */
    Lock shared() {
        return lock.readLock();
    }

    /** The engine acknowledged the rotation to {@link #nextPassword()}, or showed that a doubtful one had landed. */
    void rotated() {
        rotations++;
        inDoubt = false;
    }

    /** The engine may or may not have rotated: the current and the next password are both possible. */
    void rotationInDoubt() {
        inDoubt = true;
    }

    private UserCredentials credentialsAt(int rotation) {
        return new UserCredentials(storeUserId, passwordOf(storeUserId, rotation));
    }
}
