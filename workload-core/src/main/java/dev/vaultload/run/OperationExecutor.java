package dev.vaultload.run;

import dev.vaultload.content.ChecksumVerifier;
import dev.vaultload.content.ContentGenerator;
import dev.vaultload.fixture.Operation;
import dev.vaultload.fixture.StorageType;
import dev.vaultload.stats.IntegrityViolation;
import dev.vaultload.engine.Space;
import dev.vaultload.engine.UserCredentials;
import dev.vaultload.engine.Engine;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.stream.Stream;

/**
 * Carries out one fixture operation against the vault and checks its result: a READ against the checksum
 * of its content id, a LIST against the expected listing. One per execution; public for the load modes
 * (run.headroom, run.rate), which drive single operations.
 */
public final class OperationExecutor {
    private final Engine vault;
    private final UserDirectory users;
    private final ContentGenerator content;
    private final ChecksumVerifier verifier;
    private final long fileSizeBytes;

    public OperationExecutor(Engine vault, UserDirectory users, ContentGenerator content, long fileSizeBytes) {
        this.vault = vault;
        this.users = users;
        this.content = content;
        this.verifier = new ChecksumVerifier(content);
        this.fileSizeBytes = fileSizeBytes;
    }

    /**
     * Runs the operation with its location under {@code locationPrefix} (the execution's id).
     *
     * @return payload bytes written or read (0 for the other types)
     * @throws IntegrityViolation when what was read or listed differs from what the fixture expects
     */
    public long execute(Operation operation, String locationPrefix) {
        UserCredentials user = users.credentials(operation.userId());
        String location = operation.location() == null ? null : locationPrefix + operation.location();
        try {
            return switch (operation.type()) {
                case CREATE_USER -> {
                    vault.createUser(user);
                    yield 0;
                }
                case WRITE -> write(vault.privateSpace(user).write(location), operation);
                case SHARE -> write(vault.share(user, recipients(operation), location), operation);
                case READ -> read(space(user, operation.storageType()), location, operation);
                case LIST -> {
                    list(space(user, operation.storageType()), locationPrefix, location, operation);
                    yield 0;
                }
                case DELETE -> {
                    space(user, operation.storageType()).delete(location);
                    yield 0;
                }
            };
        } catch (IOException e) {
            throw new UncheckedIOException(operation.type() + " " + describe(operation, location) + ": " + e.getMessage(), e);
        }
    }

    private long write(OutputStream target, Operation operation) throws IOException {
        try (OutputStream out = target) {
            content.writeTo(operation.contentId(), fileSizeBytes, out);
        }
        return fileSizeBytes;
    }

    private long read(Space space, String location, Operation operation) throws IOException {
        try (InputStream in = space.read(location)) {
            return ContentCheck.requireMatch(verifier.verify(in, operation.result().content(), fileSizeBytes),
                    "READ " + describe(operation, location), operation.result().content());
        }
    }

    private static void list(Space space, String locationPrefix, String location, Operation operation) {
        List<String> found;
        try (Stream<String> paths = space.list(location)) {
            found = paths.sorted().toList();
        }
        List<String> expected = operation.result().dirContent().stream()
                .map(path -> locationPrefix + path).sorted().toList();
        if (!found.equals(expected)) {
            throw new IntegrityViolation("LIST " + describe(operation, location)
                    + ": expected " + expected + ", found " + found);
        }
    }

    private Space space(UserCredentials user, StorageType storageType) {
        return storageType == StorageType.INBOX ? vault.inbox(user) : vault.privateSpace(user);
    }

    private List<String> recipients(Operation operation) {
        return operation.recipients().stream().map(users::storeUserId).toList();
    }

    private static String describe(Operation operation, String location) {
        return "user " + operation.userId() + " " + operation.storageType() + " " + location;
    }
}
