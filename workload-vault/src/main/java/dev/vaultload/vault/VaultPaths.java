package dev.vaultload.vault;

import dev.vaultload.engine.EngineException;
/** The rules for user ids, document paths and listing prefixes, checked before any key is built from them. */
final class VaultPaths {

    private VaultPaths() {
    }

    /** A user id is one non-empty segment: no '/', not "." or "..", no control character or '\'. */
    static String requireUserId(String userId) {
        if (userId == null || userId.isEmpty() || userId.indexOf('/') >= 0 || !validSegment(userId)) {
            throw new EngineException(EngineException.Reason.INVALID_PATH, "invalid user id: '" + userId + "'");
        }
        return userId;
    }

    /** A document path: relative, non-empty segments separated by single '/', no trailing '/'. */
    static String requireDocumentPath(String path) {
        if (path == null || path.isEmpty() || path.endsWith("/")) {
            throw invalid(path);
        }
        return requirePrefix(path);
    }

    /** A listing prefix: "" or a path, optionally ending with '/'. */
    static String requirePrefix(String prefix) {
        if (prefix == null || prefix.startsWith("/")) {
            throw invalid(prefix);
        }
        String body = prefix.endsWith("/") ? prefix.substring(0, prefix.length() - 1) : prefix;
        if (!prefix.isEmpty()) {
            for (String segment : body.split("/", -1)) {
                if (segment.isEmpty() || !validSegment(segment)) {
                    throw invalid(prefix);
                }
            }
        }
        return prefix;
    }

    private static boolean validSegment(String segment) {
        if (segment.equals(".") || segment.equals("..")) {
            return false;
        }
        for (int i = 0; i < segment.length(); i++) {
            char c = segment.charAt(i);
            if (c < 0x20 || c == 0x7f || c == '\\') {
                return false;
            }
        }
        return true;
    }

    private static EngineException invalid(String path) {
        return new EngineException(EngineException.Reason.INVALID_PATH, "invalid path: '" + path + "'");
    }
}
