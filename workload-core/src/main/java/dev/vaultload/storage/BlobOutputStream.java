package dev.vaultload.storage;

import java.io.OutputStream;

/** An object being written: {@link #close()} commits it, {@link #abort()} discards it (close after abort is a no-op). */
public abstract class BlobOutputStream extends OutputStream {
    public abstract void abort();
}
