package dev.vaultload.storage;

import java.io.IOException;

/**
 * An object's input stream that can show its reader the next bytes where the store keeps them, sparing the copy a
 * {@code read} makes: a MEMORY read of a large document otherwise moves each byte through memory no cache holds twice,
 * once into the reader's buffer and once out of it. A decorator passes it on where it can; a reader falls back to
 * {@code read} when a stream is not one or lends nothing.
 */
public interface InPlaceSource {

    /**
     * The next {@code lengthBytes} bytes of the object, consumed, as they are kept, or null with nothing consumed when
     * they are not kept in one piece (or fewer remain). The caller only reads them.
     */
    Lent lend(int lengthBytes) throws IOException;

    /**
     * Bytes lent in place.
     *
     * @param endsObject no byte of the object follows them
     */
    record Lent(byte[] array, int offset, int length, boolean endsObject) {
    }
}
