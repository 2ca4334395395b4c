package dev.vaultload.vault;

import java.util.List;

/**
 * Where a user's objects live in the BlobStore. Every key starts with the user id, so that a
 * MultiBucketBlobStore keeps all of one user in one bucket.
 */
final class StorageLayout {

    private StorageLayout() {
    }

    /** Everything of the user, for destroyUser. */
    static String userPrefix(String userId) {
        return userId + "/";
    }

    /** The keystore (the user's keys sealed under the password); also the marker that the user exists. */
    static String keystore(String userId) {
        return userId + "/keystore";
    }

    /** The inbox public key as X.509 SubjectPublicKeyInfo (DER), readable by every user. */
    static String publicKey(String userId) {
        return userId + "/pubkey";
    }

    /** A small public text profile: user id and inbox key algorithm. */
    static String profile(String userId) {
        return userId + "/profile";
    }

    /** The user's key material: what {@link DatasafeStyleVault#checkKeyMaterial} reads again. */
    static List<String> keyMaterial(String userId) {
        return List.of(keystore(userId), publicKey(userId), profile(userId));
    }

    /** Private documents, under per-segment encrypted paths. */
    static String privateSpace(String userId) {
        return userId + "/private/";
    }

    /** Documents shared with the user, under their plain paths. */
    static String inbox(String userId) {
        return userId + "/inbox/";
    }
}
