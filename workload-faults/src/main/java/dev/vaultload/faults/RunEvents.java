package dev.vaultload.faults;

import dev.vaultload.storage.BlobOutputStream;
import dev.vaultload.storage.BlobStore;
import dev.vaultload.storage.ForwardingBlobOutputStream;
import dev.vaultload.storage.ForwardingBlobStore;
import java.io.IOException;
import java.io.InputStream;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

/**
 * The run's own store calls, in one sequence with the {@link Tamperer}'s alterations, so that afterwards each
 * alteration can be judged: did the run read or list the object before it wrote or deleted it again? A write is
 * recorded when it commits, a read when it is asked for. An existence check counts with the writes: the vault
 * makes one only to delete a single document or to create a user, and a document already gone is not deleted
 * again, so the check is where the run's own delete of it ends what can be demanded.
 */
final class RunEvents extends ForwardingBlobStore {
    /**
     * COPY: the source of a server-side copy, which the run does not read (a share's further inbox copies);
     * REENCRYPTED: the engine's acknowledgement that its last WRITE of the document was a REENCRYPT's, no store call.
     */
    enum Type { READ, COPY, WRITE, EXISTS, DELETE, DELETE_PREFIX, LIST, REENCRYPTED }

    /** @param copiedTo the copy's target for a COPY; null for the rest */
    record Event(long sequence, Type type, String keyOrPrefix, String copiedTo) {
        boolean covers(String storeKey) {
            return switch (type) {
                case DELETE_PREFIX, LIST -> storeKey.startsWith(keyOrPrefix);
                default -> storeKey.equals(keyOrPrefix);
            };
        }
    }

    private final AtomicLong sequence;
    private final ConcurrentLinkedQueue<Event> events = new ConcurrentLinkedQueue<>();

    RunEvents(BlobStore delegate, AtomicLong sequence) {
        super(delegate);
        this.sequence = sequence;
    }

    private void record(Type type, String keyOrPrefix) {
        events.add(new Event(sequence.incrementAndGet(), type, keyOrPrefix, null));
    }

    /** Marks the document under {@code storeKey} as re-encrypted: its last WRITE was a REENCRYPT's. */
    void reencrypted(String storeKey) {
        record(Type.REENCRYPTED, storeKey);
    }

    /** Every event so far, in sequence order. */
    List<Event> events() {
        return events.stream().sorted(Comparator.comparingLong(Event::sequence)).toList();
    }

    @Override
    public void put(String key, InputStream content, long lengthBytes) {
        super.put(key, content, lengthBytes);
        record(Type.WRITE, key);
    }

    @Override
    public BlobOutputStream openOutput(String key) {
        return new ForwardingBlobOutputStream(super.openOutput(key)) {
            @Override
            public void close() throws IOException {
                super.close();
                record(Type.WRITE, key);
            }
        };
    }

    @Override
    public void copy(String sourceKey, String targetKey) {
        events.add(new Event(sequence.incrementAndGet(), Type.COPY, sourceKey, targetKey));
        super.copy(sourceKey, targetKey);
        record(Type.WRITE, targetKey);
    }

    @Override
    public InputStream get(String key) {
        record(Type.READ, key);
        return super.get(key);
    }

    @Override
    public Stream<String> list(String prefix) {
        record(Type.LIST, prefix);
        return super.list(prefix);
    }

    @Override
    public boolean exists(String key) {
        record(Type.EXISTS, key);
        return super.exists(key);
    }

    @Override
    public void delete(String key) {
        super.delete(key);
        record(Type.DELETE, key);
    }

    @Override
    public long deletePrefix(String prefix) {
        long deleted = super.deletePrefix(prefix);
        record(Type.DELETE_PREFIX, prefix);
        return deleted;
    }
}
