package dev.vaultload.faults;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.storage.InMemoryBlobStore;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class TampererTest {
    private static final int USERS = 50;

    private final InMemoryBlobStore store = new InMemoryBlobStore("tamperer");

    @Test
    void aRollbackPutsBackTheOneKeystoreReSealedAmongMany() throws IOException {
        for (int user = 0; user < USERS; user++) {
            put("user-" + user + "/keystore", "sealed under the first password of " + user);
        }
        Tamperer tamperer = new Tamperer(store, new AtomicLong(), List.of(Alteration.Kind.KEY_ROLLBACK),
                Duration.ofDays(1), 10, 20261129L);
        tamperer.alterOne(); // reads every keystore as it first is; none re-sealed yet, so nothing to roll back
        assertTrue(tamperer.made().isEmpty(), tamperer.made().toString());

        put("user-17/keystore", "re-sealed under a new password");
        tamperer.alterOne();

        List<Alteration> made = tamperer.made();
        assertEquals(1, made.size(), "the one re-sealed keystore is the only candidate: " + made);
        assertEquals("user-17/keystore", made.getFirst().storeKey());
        try (InputStream in = store.get("user-17/keystore")) {
            assertArrayEquals("sealed under the first password of 17".getBytes(StandardCharsets.UTF_8), in.readAllBytes());
        }
    }

    private void put(String key, String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        store.put(key, new ByteArrayInputStream(bytes), bytes.length);
    }
}
