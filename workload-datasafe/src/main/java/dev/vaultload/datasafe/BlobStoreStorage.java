package dev.vaultload.datasafe;

import de.adorsys.datasafe.storage.api.StorageService;
import de.adorsys.datasafe.types.api.callback.ResourceWriteCallback;
import de.adorsys.datasafe.types.api.resource.AbsoluteLocation;
import de.adorsys.datasafe.types.api.resource.BasePrivateResource;
import de.adorsys.datasafe.types.api.resource.BaseResolvedResource;
import de.adorsys.datasafe.types.api.resource.ResolvedResource;
import de.adorsys.datasafe.types.api.resource.Uri;
import de.adorsys.datasafe.types.api.resource.WithCallback;
import dev.vaultload.storage.BlobStore;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.time.Instant;
import java.util.stream.Stream;

/**
 * Datasafe's storage interface over the harness's {@link BlobStore}, so that Datasafe runs on every storage
 * provider, the multi-bucket store and the harness's store-time clock. A location {@code ROOT/a/b} is the key
 * {@code a/b} (its raw, URL-encoded path); a location ending with '/' is a directory, as in Datasafe's own stores.
 */
final class BlobStoreStorage implements StorageService {
    /** Datasafe's system root: every location is below it. */
    static final URI ROOT = URI.create("vaultload:/");

    private final BlobStore store;

    BlobStoreStorage(BlobStore store) {
        this.store = store;
    }

    @Override
    public boolean objectExists(AbsoluteLocation location) {
        String key = key(location);
        if (key.endsWith("/")) {
            try (Stream<String> keys = store.list(key)) {
                return keys.findAny().isPresent();
            }
        }
        return store.exists(key);
    }

    @Override
    public Stream<AbsoluteLocation<ResolvedResource>> list(AbsoluteLocation location) {
        Instant listedAt = Instant.now();
        return store.list(key(location)).map(key -> new AbsoluteLocation<>(
                new BaseResolvedResource(new BasePrivateResource(new Uri(ROOT.resolve(key))), listedAt)));
    }

    @Override
    public InputStream read(AbsoluteLocation location) {
        return store.get(key(location));
    }

    /** The document is stored when the stream is closed; Datasafe's version callbacks are not used (no versioning). */
    @Override
    public OutputStream write(WithCallback<AbsoluteLocation, ? extends ResourceWriteCallback> locationWithCallback) {
        return store.openOutput(key(locationWithCallback.getWrapped()));
    }

    /** A file, or a directory with everything below it (a user's removal takes the user's root). */
    @Override
    public void remove(AbsoluteLocation location) {
        String key = key(location);
        if (key.endsWith("/")) {
            store.deletePrefix(key);
        } else {
            store.delete(key);
            store.deletePrefix(key + "/");
        }
    }

    /** The store key of a location Datasafe resolved, for naming the object that holds a document. */
    static String key(AbsoluteLocation<?> location) {
        String path = location.location().getRawPath();
        return path.startsWith("/") ? path.substring(1) : path;
    }
}
