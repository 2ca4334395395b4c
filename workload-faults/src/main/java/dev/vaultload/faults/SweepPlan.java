package dev.vaultload.faults;

import dev.vaultload.engine.Password;
import dev.vaultload.engine.UserCredentials;
import dev.vaultload.fixture.ContentId;
import dev.vaultload.storage.BlobStore;
import dev.vaultload.vault.DatasafeStyleVault;
import dev.vaultload.vault.VaultSettings;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * What an interrupted rotation prepares, sweeps and checks, the same in the process that is killed and in the ones
 * before and after it: {@code rotatedUsers} users of {@code documentsPerRotatedUser} private documents whose keys the
 * rotation sweep moves to their next password, and {@code reencryptedUsers} users of
 * {@code documentsPerReencryptedUser} documents that the re-encryption sweep encrypts again under new body keys, every
 * document {@code documentBytes} long. The passwords derive from the user ids, so that no process is ever handed one
 * and none appears in any output.
 */
record SweepPlan(int rotatedUsers, int documentsPerRotatedUser, int reencryptedUsers, int documentsPerReencryptedUser,
                 int documentBytes, int kdfIterations) {

    SweepPlan {
        if (IntStream.of(rotatedUsers, documentsPerRotatedUser, reencryptedUsers, documentsPerReencryptedUser,
                documentBytes, kdfIterations).anyMatch(value -> value < 1)) {
            throw new IllegalArgumentException("every count of a sweep plan must be at least 1: " + this);
        }
    }

    List<String> rotationUsers() {
        return users("rot-", rotatedUsers);
    }

    List<String> reencryptionUsers() {
        return users("enc-", reencryptedUsers);
    }

    /** Every user of either sweep. */
    List<String> allUsers() {
        return Stream.concat(rotationUsers().stream(), reencryptionUsers().stream()).toList();
    }

    List<String> documentsOf(String userId) {
        int count = userId.startsWith("rot-") ? documentsPerRotatedUser : documentsPerReencryptedUser;
        return IntStream.range(0, count).mapToObj(index -> "sweep/d" + index + ".bin").toList();
    }

    int reencryptedDocuments() {
        return reencryptedUsers * documentsPerReencryptedUser;
    }

    int allDocuments() {
        return rotatedUsers * documentsPerRotatedUser + reencryptedDocuments();
    }

    /** The content a user's document holds, as {@code ContentGenerator} makes it. */
    static ContentId content(String userId, String document) {
        return new ContentId(userId + "/" + document);
    }

    /** The user with the password before the rotation, or the one it moves to. */
    static UserCredentials user(String userId, boolean rotated) {
        return new UserCredentials(userId, Password.of("pw-" + userId + (rotated ? "-r1" : "")));
    }

    DatasafeStyleVault vault(BlobStore store) {
        return new DatasafeStyleVault(store, VaultSettings.defaults().withKdfIterations(kdfIterations));
    }

    /** The plan as command-line arguments, read back by {@link #parse}. */
    List<String> arguments() {
        return IntStream.of(rotatedUsers, documentsPerRotatedUser, reencryptedUsers, documentsPerReencryptedUser,
                documentBytes, kdfIterations).mapToObj(Integer::toString).toList();
    }

    static SweepPlan parse(List<String> arguments) {
        int[] values = arguments.stream().mapToInt(Integer::parseInt).toArray();
        if (values.length != 6) {
            throw new IllegalArgumentException("a sweep plan is 6 numbers (rotated users, documents each, re-encrypted"
                    + " users, documents each, document bytes, KDF iterations); got " + arguments);
        }
        return new SweepPlan(values[0], values[1], values[2], values[3], values[4], values[5]);
    }

    private static List<String> users(String prefix, int count) {
        return IntStream.range(0, count).mapToObj(index -> prefix + index).toList();
    }
}
