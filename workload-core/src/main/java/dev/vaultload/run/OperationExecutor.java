package dev.vaultload.run;

import dev.vaultload.content.ChecksumVerifier;
import dev.vaultload.content.ContentGenerator;
import dev.vaultload.engine.Engine;
import dev.vaultload.engine.Space;
import dev.vaultload.engine.UserCredentials;
import dev.vaultload.fixture.ContentId;
import dev.vaultload.fixture.Operation;
import dev.vaultload.fixture.StorageType;
import dev.vaultload.stats.IntegrityViolation;
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
        try {
            return switch (operation) {
                case Operation.CreateUser ignored -> {
                    vault.createUser(user);
                    yield 0;
                }
                case Operation.Write write -> write(vault.privateSpace(user).write(locationPrefix + write.location()),
                        write.contentId());
                case Operation.Share share -> write(vault.share(user, recipients(share),
                        locationPrefix + share.location()), share.contentId());
                case Operation.Read read -> read(space(user, read.storageType()), read, locationPrefix);
                case Operation.Listing listing -> {
                    list(space(user, listing.storageType()), listing, locationPrefix);
                    yield 0;
                }
                case Operation.Delete delete -> {
                    space(user, delete.storageType()).delete(locationPrefix + delete.location());
                    yield 0;
                }
            };
        } catch (IOException e) {
            throw new UncheckedIOException(operation.describe(locationPrefix) + ": " + e.getMessage(), e);
        }
    }

    private long write(OutputStream target, ContentId contentId) throws IOException {
        try (OutputStream out = target) {
            content.writeTo(contentId, fileSizeBytes, out);
        }
        return fileSizeBytes;
    }

    private long read(Space space, Operation.Read read, String locationPrefix) throws IOException {
        try (InputStream in = space.read(locationPrefix + read.location())) {
            return ContentCheck.requireMatch(verifier.verify(in, read.expectedContent(), fileSizeBytes),
                    read.describe(locationPrefix), read.expectedContent());
        }
    }

    private static void list(Space space, Operation.Listing listing, String locationPrefix) {
        List<String> found;
        try (Stream<String> paths = space.list(locationPrefix + listing.location())) {
            found = paths.sorted().toList();
        }
        List<String> expected = listing.expectedPaths().stream()
                .map(path -> locationPrefix + path).sorted().toList();
        if (!found.equals(expected)) {
            throw new IntegrityViolation(listing.describe(locationPrefix) + ": expected " + expected + ", found " + found);
        }
    }

    private Space space(UserCredentials user, StorageType storageType) {
        return storageType == StorageType.INBOX ? vault.inbox(user) : vault.privateSpace(user);
    }

    private List<String> recipients(Operation.Share share) {
        return share.recipients().stream().map(users::storeUserId).toList();
    }
}
