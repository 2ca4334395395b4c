package dev.vaultload.run;

import dev.vaultload.content.ChecksumVerifier;
import dev.vaultload.content.ContentGenerator;
import dev.vaultload.engine.Engine;
import dev.vaultload.engine.EngineException;
import dev.vaultload.engine.Space;
import dev.vaultload.engine.UserCredentials;
import dev.vaultload.fixture.ContentSizes;
import dev.vaultload.fixture.OperationType;
import dev.vaultload.fixture.StorageType;
import dev.vaultload.report.ObjectOutcomes;
import dev.vaultload.run.ObjectLedger.Expectation;
import dev.vaultload.stats.IntegrityViolation;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeSet;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The end-of-pass check that nothing was lost: for one execution, lists every user's private space and
 * inbox under the execution's prefix (the store's own listing, once the pass is over) and compares it with
 * what the {@link ObjectLedger} says each object may hold, reading every document back against its checksum.
 * An object the store acknowledged and no failure could have removed that is missing is LOST; one that holds
 * other content, or is there when it must not be, is INTEGRITY; one an earlier failure left in doubt may be
 * either way, and is counted. The check goes on to report every difference, each naming user, space, path,
 * expected and found.
 */
final class Validator {
    private final Engine vault;
    private final UserDirectory users;
    private final boolean usesInboxes;
    private final ObjectLedger ledger;
    private final ChecksumVerifier verifier;
    private final ContentSizes sizes;

    Validator(Engine vault, UserDirectory users, boolean usesInboxes, ObjectLedger ledger, ContentGenerator content,
              ContentSizes sizes) {
        this.vault = vault;
        this.users = users;
        this.usesInboxes = usesInboxes;
        this.ledger = ledger;
        this.verifier = new ChecksumVerifier(content);
        this.sizes = sizes;
    }

    ObjectOutcomes validate(String locationPrefix, RunControl control) {
        ObjectOutcomes outcomes = ObjectOutcomes.NONE;
        for (String userId : users.fixtureUserIds()) {
            UserCredentials user = users.credentials(userId);
            outcomes = outcomes.plus(validateSpace(userId, StorageType.PRIVATE, () -> vault.privateSpace(user),
                    locationPrefix, control));
            if (usesInboxes) {
                outcomes = outcomes.plus(validateSpace(userId, StorageType.INBOX, () -> vault.inbox(user),
                        locationPrefix, control));
            }
        }
        return outcomes;
    }

    private ObjectOutcomes validateSpace(String userId, StorageType storageType, Supplier<Space> spaceOfUser,
                                         String locationPrefix, RunControl control) {
        SortedMap<String, Expectation> expected = ledger.objectsUnder(userId, storageType, locationPrefix);
        String where = "user " + userId + " " + storageType + " ";
        Space space;
        Set<String> found;
        try {
            space = spaceOfUser.get();
            try (Stream<String> listing = space.list(locationPrefix)) {
                found = listing.collect(Collectors.toCollection(TreeSet::new));
            }
        } catch (RuntimeException failure) {
            String operation = "final LIST " + where + locationPrefix;
            control.checkFailed(OperationType.LIST, OwnerFailures.asSeenByOwner(failure, operation, users.wasCreated(userId)),
                    () -> FailureContext.of(operation, EngineException.storeKeyIn(failure).orElse(null)));
            return ObjectOutcomes.NONE;
        }
        for (String path : found) {
            if (!expected.containsKey(path)) {
                control.checkFailed(OperationType.LIST, new IntegrityViolation(
                        where + path + ": expected no document, found one"), storeKey(space, path));
            }
        }
        long checked = 0;
        long inDoubtFound = 0;
        long inDoubtAbsent = 0;
        for (Map.Entry<String, Expectation> object : expected.entrySet()) {
            String path = object.getKey();
            Expectation expectation = object.getValue();
            checked++;
            if (!found.contains(path)) {
                if (expectation.mustExist()) {
                    control.checkFailed(OperationType.LIST, ContentCheck.lost(where + path, expectation),
                            storeKey(space, path));
                } else {
                    inDoubtAbsent++;
                }
                continue;
            }
            if (read(space, userId, where + path, path, expectation, control) && expectation.inDoubt()) {
                inDoubtFound++;
            }
        }
        return new ObjectOutcomes(checked, inDoubtFound, inDoubtAbsent, 0);
    }

    /** @return whether the document holds one of the contents it may hold */
    private boolean read(Space space, String userId, String where, String path, Expectation expectation,
                         RunControl control) {
        String operation = "final READ " + where;
        try (InputStream in = space.read(path)) {
            ContentCheck.requireOneOf(verifier, in, sizes, where, expectation);
            return true;
        } catch (IOException e) {
            control.checkFailed(OperationType.READ, new UncheckedIOException(where + ": " + e.getMessage(), e),
                    () -> FailureContext.of(operation, storeKey(space, path)));
        } catch (RuntimeException failure) {
            control.checkFailed(OperationType.READ, OwnerFailures.asSeenByOwner(failure, where, users.wasCreated(userId)),
                    () -> FailureContext.of(operation, storeKey(space, path)));
        }
        return false;
    }

    private static String storeKey(Space space, String path) {
        return space.storeKey(path).orElse(null);
    }
}
