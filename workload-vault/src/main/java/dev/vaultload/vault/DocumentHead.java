package dev.vaultload.vault;

import dev.vaultload.storage.BlobStore;
import dev.vaultload.storage.BlobStoreException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.io.UncheckedIOException;
import java.util.Optional;

/**
 * The first bytes of a stored document, fetched with one ranged GET, and the ranges of the object after them: the
 * prelude and envelope of a ranged read, then its chunks. A range inside what the first GET brought (a small
 * document comes whole) costs no second GET; any other is a ranged GET of just that range, so a ranged read of a
 * large document never fetches it whole.
 */
final class DocumentHead {
    /**
     * What the first GET asks for: a private document's prelude and envelope and a share's to a few recipients fit,
     * and a document of up to this size comes whole in one request.
     */
    static final int FIRST_GET_BYTES = 4096;

    private final BlobStore store;
    private final String objectKey;
    private final byte[] fetched;
    /** Whether {@link #fetched} is the whole object: it ended before {@link #FIRST_GET_BYTES}. */
    private final boolean whole;

    private DocumentHead(BlobStore store, String objectKey, byte[] fetched) {
        this.store = store;
        this.objectKey = objectKey;
        this.fetched = fetched;
        this.whole = fetched.length < FIRST_GET_BYTES;
    }

    /** Fetches the object's first {@link #FIRST_GET_BYTES} (all of it when it is smaller). */
    static DocumentHead fetch(BlobStore store, String objectKey) {
        try (InputStream in = store.get(objectKey, 0, FIRST_GET_BYTES - 1)) {
            return new DocumentHead(store, objectKey, in.readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException("reading the first bytes of " + objectKey + " failed", e);
        }
    }

    /** The bytes fetched first, for the prelude. */
    byte[] first() {
        return fetched;
    }

    /**
     * Bytes {@code firstByte} to {@code lastByte} of the object (cut at its end), from what was fetched where it holds
     * them, else by a ranged GET of the rest; empty when the object ends before {@code firstByte}.
     */
    Optional<InputStream> bytes(long firstByte, long lastByte) {
        if (firstByte < fetched.length) {
            int endInFetched = (int) Math.min(lastByte, fetched.length - 1) + 1;
            InputStream head = new ByteArrayInputStream(fetched, (int) firstByte, endInFetched - (int) firstByte);
            if (whole || lastByte < fetched.length) {
                return Optional.of(head);
            }
            return Optional.of(fetchRest(fetched.length, lastByte)
                    .<InputStream>map(rest -> new SequenceInputStream(head, rest)).orElse(head));
        }
        return whole ? Optional.empty() : fetchRest(firstByte, lastByte);
    }

    /**
     * A ranged GET; empty when the store refuses the range as starting past the object's end (CLIENT: the first GET
     * of the same object just succeeded, so the refusal is S3's 416, not a credential).
     */
    private Optional<InputStream> fetchRest(long firstByte, long lastByte) {
        try {
            return Optional.of(store.get(objectKey, firstByte, lastByte));
        } catch (BlobStoreException refused) {
            if (refused.kind() == BlobStoreException.Kind.CLIENT) {
                return Optional.empty();
            }
            throw refused;
        }
    }
}
