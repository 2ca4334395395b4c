package dev.vaultload.kms;

import dev.vaultload.storage.BlobStoreException.Kind;
import java.net.SocketTimeoutException;
import java.net.http.HttpTimeoutException;
import java.util.concurrent.TimeoutException;

/** How a KMS's answer or a broken call is counted, the same for every binding. */
public final class FailureKinds {
    private static final int TOO_MANY_REQUESTS = 429;
    private static final int FIRST_SERVER_ERROR = 500;

    private FailureKinds() {
    }

    /** The kind of a refusal with this HTTP status: 429 LIMIT_EXCEEDED, 5xx SERVER, any other CLIENT. */
    public static Kind ofStatus(int status) {
        if (status == TOO_MANY_REQUESTS) {
            return Kind.LIMIT_EXCEEDED;
        }
        return status >= FIRST_SERVER_ERROR ? Kind.SERVER : Kind.CLIENT;
    }

    /** The kind of a call that got no answer: TIMEOUT when a timeout is in its cause chain, else SERVER. */
    public static Kind ofTransport(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof HttpTimeoutException || cause instanceof SocketTimeoutException
                    || cause instanceof TimeoutException) {
                return Kind.TIMEOUT;
            }
        }
        return Kind.SERVER;
    }

    /** The last cause in {@code failure}'s chain: what really went wrong under the layers that wrapped it. */
    public static Throwable rootCause(Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root;
    }

    /** A throwable in one line for a message: its type and, if any, its text. */
    public static String describe(Throwable failure) {
        String text = failure.getMessage();
        return failure.getClass().getSimpleName() + (text == null || text.isBlank() ? "" : ": " + text);
    }
}
