package dev.vaultload.storage;

/** Key rules shared by the stores: what a valid key or prefix is, and how a key splits into segments. */
public final class BlobKeys {

    /** Name prefix of the temporary files a file-system write goes through; no key segment may start with it. */
    static final String TEMP_PREFIX = ".vltmp-";

    private BlobKeys() {
    }

    /** Checks a key: non-empty, no leading '/', no empty, '.' or '..' segment, no '\' or control character. */
    public static String requireValidKey(String key) {
        if (key == null || key.isEmpty() || key.endsWith("/")) {
            throw invalid(key);
        }
        return requireValidPrefix(key);
    }

    /** Like {@link #requireValidKey} but "" and a trailing '/' are allowed. */
    public static String requireValidPrefix(String prefix) {
        if (prefix == null || prefix.startsWith("/")) {
            throw invalid(prefix);
        }
        int start = 0;
        while (start < prefix.length()) {
            int end = prefix.indexOf('/', start);
            boolean last = end < 0;
            String segment = prefix.substring(start, last ? prefix.length() : end);
            if (segment.isEmpty() || segment.equals(".") || segment.equals("..") || segment.startsWith(TEMP_PREFIX)) {
                throw invalid(prefix);
            }
            start = last ? prefix.length() : end + 1;
        }
        for (int i = 0; i < prefix.length(); i++) {
            char c = prefix.charAt(i);
            if (c < 0x20 || c == 0x7f || c == '\\') {
                throw invalid(prefix);
            }
        }
        return prefix;
    }

    /** The first segment: everything before the first '/', or the whole key. */
    static String firstSegment(String key) {
        int slash = key.indexOf('/');
        return slash < 0 ? key : key.substring(0, slash);
    }

    private static BlobStoreException invalid(String key) {
        return new BlobStoreException(BlobStoreException.Kind.CLIENT, "invalid key: '" + key + "'");
    }
}
