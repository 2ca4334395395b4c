package dev.vaultload.run;

import dev.vaultload.content.ChecksumVerifier;
import dev.vaultload.content.ContentGenerator;
import dev.vaultload.engine.Engine;
import dev.vaultload.engine.EngineException;
import dev.vaultload.engine.Space;
import dev.vaultload.engine.UserCredentials;
import dev.vaultload.fixture.ContentId;
import dev.vaultload.fixture.ContentSizes;
import dev.vaultload.fixture.Operation;
import dev.vaultload.fixture.StorageType;
import dev.vaultload.run.ObjectLedger.Expectation;
import dev.vaultload.stats.ErrorClass;
import dev.vaultload.stats.ErrorClassifier;
import dev.vaultload.stats.IndeterminateOutcome;
import dev.vaultload.stats.DocumentsAtFault;
import dev.vaultload.stats.IntegrityViolation;
import dev.vaultload.stats.ProcessCpu;
import dev.vaultload.stats.LostObject;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeSet;
import java.util.concurrent.locks.Lock;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Carries out one fixture operation against the vault and checks its result against the {@link ObjectLedger}:
 * a READ against the checksum of the content the object may hold, a LIST against the paths that must and may
 * exist; a write, share or delete updates the ledger with its outcome, a failed one as in doubt. One per
 * execution, sharing the run's ledger; public for the load modes (run.headroom, run.rate), which drive single
 * operations.
 */
public final class OperationExecutor {
    private final Engine vault;
    private final UserDirectory users;
    private final ContentGenerator content;
    private final ChecksumVerifier verifier;
    private final ContentSizes sizes;
    private final ObjectLedger ledger;

    /** @param sizes the size of each content written and expected (the fixture's, else the run's file size) */
    /** Used by one thread at a time (an execution's, a load thread's): a plain tally. */
    private long generationCpuNanos;

    public OperationExecutor(Engine vault, UserDirectory users, ContentGenerator content, ContentSizes sizes,
                             ObjectLedger ledger) {
        this.vault = vault;
        this.users = users;
        this.content = content;
        this.verifier = new ChecksumVerifier(content, ProcessCpu::currentThreadNanos);
        this.sizes = sizes;
        this.ledger = ledger;
    }

    /**
     * Runs the operation with its location under {@code locationPrefix} (the execution's id).
     *
     * @return payload bytes written or read (0 for the other types)
     * @throws IntegrityViolation when what was read or listed differs from what the ledger allows
     * @throws dev.vaultload.stats.LostObject when an object the store acknowledged is missing
     */
    public long execute(Operation operation, String locationPrefix) {
        UserSecret secret = users.secret(operation.userId());
        try {
            settleDoubtfulRotation(secret);
            Lock lock = operation instanceof Operation.RotateKey ? secret.exclusive() : secret.shared();
            lock.lock();
            try {
                return perform(operation, secret, locationPrefix);
            } finally {
                lock.unlock();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(operation.describe(locationPrefix) + ": " + e.getMessage(), e);
        } catch (RuntimeException failure) {
            throw OwnerFailures.asSeenByOwner(failure, operation.describe(locationPrefix), usersCreated(operation));
        }
    }

    private long perform(Operation operation, UserSecret secret, String locationPrefix) throws IOException {
        UserCredentials user = secret.current();
        return switch (operation) {
            case Operation.CreateUser ignored -> {
                vault.createUser(user);
                users.created(user);
                yield 0;
            }
            case Operation.Write write -> write(write, user, locationPrefix + write.location());
            case Operation.Share share -> share(share, user, locationPrefix);
            case Operation.Read read -> read(space(user, read.storageType()), read, locationPrefix);
            case Operation.Listing listing -> {
                list(space(user, listing.storageType()), listing, locationPrefix);
                yield 0;
            }
            case Operation.Delete delete -> {
                delete(delete, user, locationPrefix + delete.location());
                yield 0;
            }
            case Operation.RotateKey ignored -> {
                rotate(secret);
                yield 0;
            }
            case Operation.Reencrypt reencrypt -> reencrypt(reencrypt, user, locationPrefix);
        };
    }

    /**
     * Moves the user to its next password. A refusal (the engine's, or the store's CLIENT or LIMIT_EXCEEDED) changed
     * nothing; any other failure may have stored the re-sealed keys, so the secret is in doubt until settled.
     */
    private void rotate(UserSecret secret) {
        try {
            vault.rotateKey(secret.current(), secret.nextPassword());
            secret.rotated();
        } catch (RuntimeException failure) {
            RuntimeException counted = IndeterminateOutcome.of(failure);
            if (counted instanceof IndeterminateOutcome) {
                secret.rotationInDoubt();
            }
            throw counted;
        }
    }

    /**
     * Before any operation of a user whose last rotation is in doubt: rotates again from the password before it.
     * Success, or a refusal of that password (the doubtful rotation had landed), settles it on the next password;
     * another failure leaves it in doubt and fails this operation.
     */
    private void settleDoubtfulRotation(UserSecret secret) {
        if (!secret.inDoubt()) {
            return;
        }
        secret.exclusive().lock();
        try {
            if (!secret.inDoubt()) {
                return;
            }
            try {
                vault.rotateKey(secret.current(), secret.nextPassword());
            } catch (EngineException refused) {
                if (refused.reason() != EngineException.Reason.WRONG_PASSWORD) {
                    throw refused;
                }
            }
            secret.rotated();
        } finally {
            secret.exclusive().unlock();
        }
    }

    /**
     * Encrypts the document again in place. Its content stays what the ledger allows, whatever the outcome (the
     * store replaces an object whole or not at all), so the ledger does not change; a failure that may have
     * reached the store is in doubt all the same.
     */
    private long reencrypt(Operation.Reencrypt reencrypt, UserCredentials user, String locationPrefix) {
        String path = locationPrefix + reencrypt.location();
        try {
            vault.reencrypt(user, path);
            return sizes.sizeBytes(reencrypt.expectedContent());
        } catch (RuntimeException failure) {
            Expectation expected = ledger.expectation(reencrypt.userId(), StorageType.PRIVATE, path);
            if (!ErrorClassifier.isNotFound(failure)) {
                throw IndeterminateOutcome.of(failure);
            }
            if (expected.mustExist()) {
                throw ContentCheck.lost(reencrypt.describe(locationPrefix), expected);
            }
            return 0; // absent, as an earlier failed write or delete allows
        }
    }

    /**
     * Reads a REENCRYPT's document back against what the ledger allows, outside the operation's timing: its content
     * must have survived the new encryption.
     *
     * @return the bytes read
     */
    long readBack(Operation.Reencrypt reencrypt, String locationPrefix) throws IOException {
        UserSecret secret = users.secret(reencrypt.userId());
        // under the user's shared lock, as any operation: another execution's ROTATE_KEY must not re-seal the keys
        // between the password taken here and the read
        secret.shared().lock();
        try {
            return read(vault.privateSpace(secret.current()), new Operation.Read(reencrypt.userId(), StorageType.PRIVATE,
                    reencrypt.location(), reencrypt.expectedContent()), locationPrefix);
        } finally {
            secret.shared().unlock();
        }
    }

    /** The store key of a REENCRYPT's document whose bytes are its ciphertext, when the engine names one. */
    Optional<String> storeKeyOf(Operation.Reencrypt reencrypt, String locationPrefix) {
        UserSecret secret = users.secret(reencrypt.userId());
        secret.shared().lock(); // as readBack
        try {
            return vault.privateSpace(secret.current()).ciphertextKey(locationPrefix + reencrypt.location());
        } finally {
            secret.shared().unlock();
        }
    }

    /** Whether every user the operation acts on or for (a share's recipients too) was acknowledged as created. */
    private boolean usersCreated(Operation operation) {
        boolean recipientsCreated = !(operation instanceof Operation.Share share)
                || share.recipients().stream().allMatch(users::wasCreated);
        return recipientsCreated && users.wasCreated(operation.userId());
    }

    private long write(Operation.Write write, UserCredentials user, String path) {
        try {
            long sizeBytes = write(vault.privateSpace(user).write(path), write.contentId());
            ledger.written(write.userId(), StorageType.PRIVATE, path, write.contentId().id());
            return sizeBytes;
        } catch (IOException | RuntimeException failure) {
            ledger.writeFailed(write.userId(), StorageType.PRIVATE, path, write.contentId().id());
            throw inDoubt(failure);
        }
    }

    private long share(Operation.Share share, UserCredentials user, String locationPrefix) {
        String path = locationPrefix + share.location();
        try {
            long sizeBytes = write(vault.share(user, recipients(share), path), share.contentId());
            share.recipients().forEach(recipient ->
                    ledger.written(recipient, StorageType.INBOX, path, share.contentId().id()));
            return sizeBytes;
        } catch (IOException | RuntimeException failure) {
            // Some inboxes may have it and some not: each is in doubt on its own.
            share.recipients().forEach(recipient ->
                    ledger.writeFailed(recipient, StorageType.INBOX, path, share.contentId().id()));
            if (ErrorClassifier.isNotFound(failure) && ErrorClassifier.classify(failure) == ErrorClass.INTEGRITY) {
                // An engine stores the first recipient's object and copies it to the others: the store acknowledged
                // that object, and it was gone when the copy asked for it.
                throw new LostObject(share.describe(locationPrefix) + ": an object the share stored is gone before it"
                        + " reached every recipient (" + failure.getMessage() + ")", failure);
            }
            throw inDoubt(failure);
        }
    }

    private void delete(Operation.Delete delete, UserCredentials user, String prefix) {
        try {
            space(user, delete.storageType()).delete(prefix);
            ledger.deleted(delete.userId(), delete.storageType(), prefix);
        } catch (RuntimeException failure) {
            ledger.deleteFailed(delete.userId(), delete.storageType(), prefix);
            throw IndeterminateOutcome.of(failure);
        }
    }

    /** A failed write's failure as it is counted: in doubt unless the store refused it. */
    private static RuntimeException inDoubt(Exception failure) {
        return IndeterminateOutcome.of(failure instanceof IOException io
                ? new UncheckedIOException(io.getMessage(), io) : (RuntimeException) failure);
    }

    private long write(OutputStream target, ContentId contentId) throws IOException {
        long sizeBytes = sizes.sizeBytes(contentId);
        try (OutputStream out = target) {
            generationCpuNanos += content.writeTo(contentId, sizeBytes, out, ProcessCpu::currentThreadNanos);
        }
        return sizeBytes;
    }

    /**
     * The thread CPU the harness spent since the last call generating the documents written and the expected digests of
     * those read (a content's first read): its work, not the engine's (an application writes data it has and knows
     * what it stored), which {@link TimedOperation} takes out of an operation's worker CPU.
     */
    long takeHarnessCpuNanos() {
        long taken = generationCpuNanos + verifier.takeExpectationNanos();
        generationCpuNanos = 0;
        return taken;
    }

    private long read(Space space, Operation.Read read, String locationPrefix) throws IOException {
        String path = locationPrefix + read.location();
        Expectation expected = ledger.expectation(read.userId(), read.storageType(), path);
        String where = read.describe(locationPrefix);
        try (InputStream in = read.range().map(range -> space.read(path, range.firstByte(), range.lastByte()))
                .orElseGet(() -> space.read(path))) {
            return ContentCheck.requireOneOf(verifier, in, sizes, read.range(), where, expected);
        } catch (RuntimeException failure) {
            if (failure instanceof EngineException refused
                    && refused.reason() == EngineException.Reason.RANGE_NOT_SATISFIABLE) {
                throw new EngineException(refused.reason(), vault.description().engine() + ": " + where + ": "
                        + refused.getMessage(), refused);
            }
            if (!ErrorClassifier.isNotFound(failure)) {
                throw failure;
            }
            if (expected.mustExist()) {
                throw ContentCheck.lost(where, expected);
            }
            return 0; // absent, as an earlier failed write or delete allows
        }
    }

    private void list(Space space, Operation.Listing listing, String locationPrefix) {
        String location = locationPrefix + listing.location();
        Set<String> found;
        try (Stream<String> paths = space.list(location)) {
            found = paths.collect(Collectors.toCollection(TreeSet::new));
        }
        SortedMap<String, Expectation> expected = ledger.objectsUnder(listing.userId(), listing.storageType(), location);
        Set<String> required = new TreeSet<>();
        expected.forEach((path, expectation) -> {
            if (expectation.mustExist()) {
                required.add(path);
            }
        });
        boolean missing = !found.containsAll(required);
        boolean unexpected = !expected.keySet().containsAll(found);
        if (missing || unexpected) {
            String inDoubt = required.size() == expected.size() ? ""
                    : " (and maybe " + expected.keySet().stream().filter(path -> !required.contains(path)).toList() + ")";
            String message = listing.describe(locationPrefix) + ": expected " + required + inDoubt + ", found " + found;
            // acknowledged objects missing were deleted behind the run's back (docs/faults.md's LOST); each is named
            List<String> gone = required.stream().filter(path -> !found.contains(path)).toList();
            if (unexpected) {
                IntegrityViolation planted = new IntegrityViolation(message,
                        found.stream().filter(path -> !expected.containsKey(path)).toList());
                if (!gone.isEmpty()) {
                    planted.addSuppressed(new LostObject(message, gone));
                }
                throw planted;
            }
            throw new LostObject(message, gone);
        }
    }

    /**
     * The store keys of the objects a failure of the operation is about, for its report to name: the object the engine
     * names (a listed key it could not decode, a keystore that does not open), the documents the failure names (a
     * LIST's missing or unexpected ones), else the document written, read or deleted, a share's first recipient's
     * copy, a LIST's prefix; empty when the engine does not say or the user's keys cannot be had.
     */
    public List<String> storeKeysOf(Operation operation, String locationPrefix, RuntimeException failure) {
        Optional<String> named = EngineException.storeKeyIn(failure);
        if (named.isPresent()) {
            return List.of(named.get()); // of any operation: a ROTATE_KEY's keystore too
        }
        if (!(operation instanceof Operation.InSpace inSpace)) {
            return List.of();
        }
        try {
            String owner = operation instanceof Operation.Share share ? share.recipients().getFirst() : operation.userId();
            Space space = space(users.credentials(owner), inSpace.storageType());
            List<String> locations = failure instanceof DocumentsAtFault atFault && !atFault.documentPaths().isEmpty()
                    ? atFault.documentPaths() : List.of(locationPrefix + inSpace.location());
            return locations.stream().map(location -> space.storeKey(location.endsWith("/")
                    ? location.substring(0, location.length() - 1) : location)).flatMap(Optional::stream).toList();
        } catch (RuntimeException unlocatable) {
            return List.of();
        }
    }

    private Space space(UserCredentials user, StorageType storageType) {
        return storageType == StorageType.INBOX ? vault.inbox(user) : vault.privateSpace(user);
    }

    private List<String> recipients(Operation.Share share) {
        return share.recipients().stream().map(users::storeUserId).toList();
    }
}
