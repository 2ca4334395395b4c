package dev.vaultload.run;

import dev.vaultload.content.ChecksumVerifier;
import dev.vaultload.content.ContentGenerator;
import dev.vaultload.engine.Engine;
import dev.vaultload.engine.Space;
import dev.vaultload.engine.UserCredentials;
import dev.vaultload.fixture.ContentId;
import dev.vaultload.fixture.Fixture;
import dev.vaultload.fixture.OperationType;
import dev.vaultload.fixture.StorageType;
import dev.vaultload.stats.IntegrityViolation;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The end-of-pass check that nothing was lost: for one execution, lists every user's private space and
 * inbox under the execution's prefix, compares the listing with the fixture's expected final content and
 * reads every document back against its checksum. Each difference is reported as an INTEGRITY failure
 * naming user, space, path, expected and found; the check goes on to report them all.
 */
final class Validator {
    private final Engine vault;
    private final UserDirectory users;
    private final Fixture fixture;
    private final ChecksumVerifier verifier;
    private final long fileSizeBytes;

    Validator(Engine vault, UserDirectory users, Fixture fixture, ContentGenerator content, long fileSizeBytes) {
        this.vault = vault;
        this.users = users;
        this.fixture = fixture;
        this.verifier = new ChecksumVerifier(content);
        this.fileSizeBytes = fileSizeBytes;
    }

    void validate(String locationPrefix, RunControl control) {
        for (String userId : users.fixtureUserIds()) {
            UserCredentials user = users.credentials(userId);
            validateSpace(userId, StorageType.PRIVATE, () -> vault.privateSpace(user),
                    fixture.userPrivateSpace().getOrDefault(userId, Map.of()), locationPrefix, control);
            if (fixture.usesInboxes()) {
                validateSpace(userId, StorageType.INBOX, () -> vault.inbox(user),
                        fixture.userPublicSpace().getOrDefault(userId, Map.of()), locationPrefix, control);
            }
        }
    }

    private void validateSpace(String userId, StorageType storageType, Supplier<Space> spaceOfUser,
                               Map<String, String> expected, String locationPrefix, RunControl control) {
        Map<String, String> expectedPaths = new TreeMap<>();
        expected.forEach((path, contentId) -> expectedPaths.put(locationPrefix + path, contentId));
        Space space;
        Set<String> found;
        try {
            space = spaceOfUser.get();
            try (Stream<String> listing = space.list(locationPrefix)) {
                found = listing.collect(Collectors.toCollection(TreeSet::new));
            }
        } catch (RuntimeException failure) {
            control.onFailure(OperationType.LIST, failure,
                    () -> "final LIST user " + userId + " " + storageType + " " + locationPrefix);
            return;
        }
        String where = "user " + userId + " " + storageType + " ";
        for (String path : found) {
            if (!expectedPaths.containsKey(path)) {
                control.onFailure(OperationType.LIST, new IntegrityViolation(
                        where + path + ": expected no document, found one"));
            }
        }
        expectedPaths.forEach((path, contentId) -> {
            if (!found.contains(path)) {
                control.onFailure(OperationType.LIST, new IntegrityViolation(
                        where + path + ": expected content " + contentId + ", found no document"));
                return;
            }
            try (InputStream in = space.read(path)) {
                ContentId expectedContent = new ContentId(contentId);
                ContentCheck.requireMatch(verifier.verify(in, expectedContent, fileSizeBytes), where + path, expectedContent);
            } catch (IOException e) {
                control.onFailure(OperationType.READ, new UncheckedIOException(where + path + ": " + e.getMessage(), e));
            } catch (RuntimeException failure) {
                control.onFailure(OperationType.READ, failure, () -> "final READ " + where + path);
            }
        });
    }
}
