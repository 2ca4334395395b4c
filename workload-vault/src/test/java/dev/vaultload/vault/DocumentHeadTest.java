package dev.vaultload.vault;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.storage.InMemoryBlobStore;
import dev.vaultload.storage.StoreRequest;
import dev.vaultload.storage.TimedBlobStore;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The first GET and the ranges after it: from memory where it brought them, else one ranged GET each. */
class DocumentHeadTest {
    private final TimedBlobStore store = new TimedBlobStore(new InMemoryBlobStore());

    @Test
    void anEnvelopeLongerThanTheFirstGetIsCompletedByASecondOne() throws IOException {
        byte[] object = stored(10_000);
        DocumentHead head = DocumentHead.fetch(store, "key");
        assertEquals(DocumentHead.FIRST_GET_BYTES, head.first().length);

        assertArrayEquals(Arrays.copyOfRange(object, 0, 6000), readAll(head, 0, 5999), "a share's long envelope");
        assertArrayEquals(Arrays.copyOfRange(object, 100, 200), readAll(head, 100, 199), "from what came first");
        assertArrayEquals(Arrays.copyOfRange(object, 9000, 10_000), readAll(head, 9000, 20_000), "across the end");
        assertTrue(head.bytes(10_000, 10_010).isEmpty(), "from the end on");
        assertEquals(4, store.takeThreadTraffic().requests(StoreRequest.GET),
                "the first GET, the envelope's rest, the tail, the refused range; none for what came first");
    }

    @Test
    void aSmallObjectComesWholeInTheFirstGet() throws IOException {
        byte[] object = stored(1000);
        DocumentHead head = DocumentHead.fetch(store, "key");

        assertArrayEquals(Arrays.copyOfRange(object, 500, 1000), readAll(head, 500, Long.MAX_VALUE));
        assertTrue(head.bytes(1000, 1000).isEmpty(), "from the end on");
        assertEquals(1, store.takeThreadTraffic().requests(StoreRequest.GET));
    }

    private byte[] stored(int sizeBytes) {
        byte[] object = new byte[sizeBytes];
        new Random(3).nextBytes(object);
        store.put("key", new ByteArrayInputStream(object), object.length);
        store.resetThread();
        return object;
    }

    private static byte[] readAll(DocumentHead head, long firstByte, long lastByte) throws IOException {
        try (InputStream in = head.bytes(firstByte, lastByte).orElseThrow()) {
            return in.readAllBytes();
        }
    }
}
