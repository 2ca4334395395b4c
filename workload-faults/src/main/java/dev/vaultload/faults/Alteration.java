package dev.vaultload.faults;

import dev.vaultload.stats.ErrorClass;
import java.util.Arrays;
import java.util.List;

/**
 * One change an outside party made to a stored object during a run, in the order of {@link RunEvents}' sequence.
 *
 * @param startSequence before the object was read or checked for the change
 * @param endSequence   once the change was made
 * @param storeKey      the object changed
 */
record Alteration(long startSequence, long endSequence, Kind kind, String storeKey) {

    /** What was done to the object, and the class the run must report it as. */
    enum Kind {
        /** A document removed. */
        DELETE(Target.DOCUMENT, ErrorClass.LOST),
        /** A document cut to half its length. */
        TRUNCATE(Target.DOCUMENT, ErrorClass.INTEGRITY),
        /** One byte of a document flipped. */
        FLIP(Target.DOCUMENT, ErrorClass.INTEGRITY),
        /** A document overwritten with as many random bytes. */
        OVERWRITE(Target.DOCUMENT, ErrorClass.INTEGRITY),
        /** A document replaced by another user's valid private document: an envelope its owner's key cannot open. */
        SWAP(Target.DOCUMENT, ErrorClass.INTEGRITY),
        /** One byte of a keystore, public key or profile flipped. */
        KEY_FLIP(Target.KEY_MATERIAL, ErrorClass.INTEGRITY),
        /** A keystore, public key or profile removed. */
        KEY_DELETE(Target.KEY_MATERIAL, ErrorClass.LOST),
        /** A keystore, public key or profile replaced by another user's of the same kind, valid in itself. */
        KEY_SWAP(Target.KEY_MATERIAL, ErrorClass.INTEGRITY),
        /**
         * A re-sealed keystore put back as it was before a ROTATE_KEY: the user's own keys, valid, sealed under a
         * superseded password. Only a workload that rotates offers it one.
         */
        KEY_ROLLBACK(Target.KEYSTORE, ErrorClass.INTEGRITY);

        final Target target;
        final ErrorClass reportedAs;

        Kind(Target target, ErrorClass reportedAs) {
            this.target = target;
            this.reportedAs = reportedAs;
        }

        boolean deletes() {
            return this == DELETE || this == KEY_DELETE;
        }

        /** Whether it needs a keystore re-sealed by the run to act on. */
        boolean needsRotation() {
            return this == KEY_ROLLBACK;
        }

        /** The kinds a workload offers objects to: without ROTATE_KEY, none for a rollback. */
        static List<Kind> applicable(boolean rotates) {
            return Arrays.stream(values()).filter(kind -> rotates || !kind.needsRotation()).toList();
        }
    }

    enum Target {
        DOCUMENT, KEY_MATERIAL, KEYSTORE;

        /**
         * Whether a vault store key is of this target: {@code <user>/private/..} or {@code <user>/inbox/..}, any other
         * (keystore, public key, profile), or {@code <user>/keystore}.
         */
        boolean holds(String storeKey) {
            return switch (this) {
                case DOCUMENT -> isDocument(storeKey);
                case KEY_MATERIAL -> !isDocument(storeKey);
                case KEYSTORE -> isKeystore(storeKey);
            };
        }

        static boolean isDocument(String storeKey) {
            return storeKey.contains("/private/") || storeKey.contains("/inbox/");
        }

        static boolean isKeystore(String storeKey) {
            return storeKey.endsWith("/keystore") && storeKey.indexOf('/') == storeKey.lastIndexOf('/');
        }
    }

    /** The store user id a vault key starts with. */
    String userOfKey() {
        return storeKey.substring(0, storeKey.indexOf('/'));
    }
}
