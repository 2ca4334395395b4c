package dev.vaultload.s3ec;

import dev.vaultload.engine.EngineException;
import java.util.Arrays;

/**
 * Where these engines keep a user's objects: {@code users/ID/} holds the user's marker or key material and
 * {@code private/PATH} and {@code inbox/PATH} in plain text (neither S3EC nor SSE hides object keys). A path is one
 * key segment, its '/' written {@code %2F} (and '%' {@code %25}): MinIO and S3Proxy keep objects as files and refuse
 * "a/b/c" beside an object "a/b", which the engine contract writes; escaped, prefixes still list.
 */
final class ObjectLayout {
    private ObjectLayout() {
    }

    static String root(String userId) {
        return "users/" + userId + "/";
    }

    static String profile(String userId) {
        return root(userId) + "profile";
    }

    static String privateRoot(String userId) {
        return root(userId) + "private/";
    }

    static String inboxRoot(String userId) {
        return root(userId) + "inbox/";
    }

    /** The object key of the document at {@code path} (or of a list prefix) under a space's root. */
    static String documentKey(String spaceRoot, String path) {
        return spaceRoot + path.replace("%", "%25").replace("/", "%2F");
    }

    /** The path of a document's object key under {@code spaceRoot}. */
    static String pathOf(String spaceRoot, String key) {
        return key.substring(spaceRoot.length()).replace("%2F", "/").replace("%25", "%");
    }

    /** {@code path} if it is relative, without '..', empty segments or control characters; else INVALID_PATH. */
    static String checked(String path) {
        boolean valid = !path.startsWith("/") && !path.contains("//") && !path.endsWith("/")
                && path.chars().noneMatch(Character::isISOControl)
                && Arrays.stream(path.split("/")).noneMatch(segment -> segment.equals("..") || segment.equals("."));
        if (!valid || path.isEmpty()) {
            throw new EngineException(EngineException.Reason.INVALID_PATH, "invalid document path: " + path);
        }
        return path;
    }
}
