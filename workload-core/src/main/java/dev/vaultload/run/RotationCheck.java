package dev.vaultload.run;

import dev.vaultload.engine.Engine;
import dev.vaultload.engine.EngineException;
import dev.vaultload.engine.Space;
import dev.vaultload.engine.UserCredentials;
import dev.vaultload.fixture.OperationType;
import dev.vaultload.stats.IntegrityViolation;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.stream.Stream;

/**
 * The check that a ROTATE_KEY really retired the old secret: for every user that was rotated, the passwords it had
 * before ({@link UserSecret#superseded()}) must open none of its private documents under the pass's prefixes. The
 * engine is asked as any caller would: a refusal of the password (WRONG_PASSWORD, ACCESS_DENIED, when the space is
 * opened or listed) opens nothing; a document that a superseded password still reads is INTEGRITY, named with its
 * store key. That the current password opens every document is the {@link Validator}'s reading of each one.
 */
final class RotationCheck {
    private final Engine engine;
    private final UserDirectory users;

    RotationCheck(Engine engine, UserDirectory users) {
        this.engine = engine;
        this.users = users;
    }

    /** @return how many superseded passwords were tried */
    int check(List<String> prefixes, RunControl control) {
        int tried = 0;
        for (String userId : users.fixtureUserIds()) {
            UserSecret secret = users.secret(userId);
            for (UserCredentials superseded : secret.superseded()) {
                tried++;
                for (String prefix : prefixes) {
                    checkSuperseded(userId, superseded, prefix, control);
                }
            }
        }
        return tried;
    }

    private void checkSuperseded(String userId, UserCredentials superseded, String prefix, RunControl control) {
        String where = "ROTATE_KEY check of user " + userId + " PRIVATE " + prefix;
        Space space;
        List<String> paths;
        try {
            space = engine.privateSpace(superseded);
            try (Stream<String> listing = space.list(prefix)) {
                paths = listing.toList();
            }
        } catch (RuntimeException failure) {
            if (!refused(failure)) {
                control.checkFailed(OperationType.ROTATE_KEY, failure, () -> FailureContext.of(where));
            }
            return;
        }
        for (String path : paths) {
            if (opens(space, path)) {
                String storeKey = space.storeKey(path).orElse(null);
                control.checkFailed(OperationType.ROTATE_KEY, new IntegrityViolation(where
                        + ": a superseded password still opens " + path), () -> FailureContext.of(where, storeKey));
            }
        }
    }

    /**
     * Whether the whole document reads (every chunk authenticated) with the superseded password; a failure of any
     * kind shows no opening.
     */
    private static boolean opens(Space space, String path) {
        try (InputStream in = space.read(path)) {
            in.transferTo(OutputStream.nullOutputStream());
            return true;
        } catch (IOException | RuntimeException refusedOrFailed) {
            return false;
        }
    }

    private static boolean refused(RuntimeException failure) {
        return failure instanceof EngineException refusal && (refusal.reason() == EngineException.Reason.WRONG_PASSWORD
                || refusal.reason() == EngineException.Reason.ACCESS_DENIED);
    }
}
