package dev.vaultload.engine;

import java.io.OutputStream;

/** The user's own encrypted documents. */
public interface PrivateSpace extends Space {

    /** Encrypting stream for the document at {@code path}; it is stored when the stream is closed. */
    OutputStream write(String path);
}
