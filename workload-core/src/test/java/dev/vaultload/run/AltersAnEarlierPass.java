package dev.vaultload.run;

import dev.vaultload.storage.BlobOutputStream;
import dev.vaultload.storage.BlobStore;
import dev.vaultload.storage.ForwardingBlobStore;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Overwrites pass 0's private document when pass 1 writes its first one: pass 0 has been validated by then and
 * waits for its deletion, the window a soak run must not leave unwatched.
 */
final class AltersAnEarlierPass extends ForwardingBlobStore {
    private final AtomicBoolean altered = new AtomicBoolean();

    AltersAnEarlierPass(BlobStore delegate) {
        super(delegate);
    }

    @Override
    public BlobOutputStream openOutput(String key) {
        if (key.contains("/private/p1e0/") && altered.compareAndSet(false, true)) {
            String passZero = key.replace("/private/p1e0/", "/private/p0e0/");
            byte[] other = "not what pass 0 wrote".getBytes(StandardCharsets.UTF_8);
            delegate().put(passZero, new ByteArrayInputStream(other), other.length);
        }
        return delegate().openOutput(key);
    }

    boolean altered() {
        return altered.get();
    }
}
