package dev.vaultload.datasafe;

import de.adorsys.datasafe.encrypiton.api.types.UserIDAuth;
import de.adorsys.datasafe.types.api.actions.ListRequest;
import de.adorsys.datasafe.types.api.actions.ReadRequest;
import de.adorsys.datasafe.types.api.actions.RemoveRequest;
import de.adorsys.datasafe.types.api.resource.AbsoluteLocation;
import de.adorsys.datasafe.types.api.resource.PrivateResource;
import de.adorsys.datasafe.types.api.resource.ResolvedResource;
import de.adorsys.datasafe.types.api.resource.Uri;
import dev.vaultload.engine.Space;
import java.io.InputStream;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * A user's private space or inbox in Datasafe: the two services have the same read, list and remove calls on
 * different interfaces, handed in here as functions. Datasafe removes one document at a time, so a prefix is
 * listed and each document under it removed.
 */
class DatasafeSpace implements Space {
    private final UserIDAuth user;
    private final Function<ReadRequest<UserIDAuth, PrivateResource>, InputStream> reader;
    private final Function<ListRequest<UserIDAuth, PrivateResource>, Stream<AbsoluteLocation<ResolvedResource>>> lister;
    private final Consumer<RemoveRequest<UserIDAuth, PrivateResource>> remover;
    /** Whether Datasafe's locations are the harness's store keys (ADAPTER), so that {@link #storeKey} can name them. */
    private final boolean storeKeysKnown;

    DatasafeSpace(UserIDAuth user, Function<ReadRequest<UserIDAuth, PrivateResource>, InputStream> reader,
                  Function<ListRequest<UserIDAuth, PrivateResource>, Stream<AbsoluteLocation<ResolvedResource>>> lister,
                  Consumer<RemoveRequest<UserIDAuth, PrivateResource>> remover, boolean storeKeysKnown) {
        this.user = user;
        this.storeKeysKnown = storeKeysKnown;
        this.reader = reader;
        this.lister = lister;
        this.remover = remover;
    }

    protected UserIDAuth user() {
        return user;
    }

    @Override
    public InputStream read(String path) {
        return DatasafeFailures.reading(() -> reader.apply(ReadRequest.forDefaultPrivate(user, path)));
    }

    @Override
    public Stream<String> list(String prefix) {
        return lister.apply(ListRequest.forDefaultPrivate(user, prefix))
                .map(location -> location.getResource().asPrivate().decryptedPath().getPath())
                .filter(path -> covers(prefix, path));
    }

    /** Where the document's object is, from Datasafe's own listing (its private paths are encrypted); ADAPTER only. */
    @Override
    public Optional<String> storeKey(String path) {
        if (!storeKeysKnown) {
            return Optional.empty();
        }
        try (Stream<AbsoluteLocation<ResolvedResource>> listed = lister.apply(ListRequest.forDefaultPrivate(user, path))) {
            return listed.filter(location -> location.getResource().asPrivate().decryptedPath().getPath().equals(path))
                    .findFirst().map(BlobStoreStorage::key);
        }
    }

    @Override
    public long delete(String prefix) {
        List<String> paths;
        try (Stream<String> listed = list(prefix)) {
            paths = listed.toList();
        }
        paths.forEach(path -> remover.accept(RemoveRequest.forDefaultPrivate(user, new Uri(path))));
        return paths.size();
    }

    /** Segment-complete: "" covers everything, "a/" what is below it, "a/b" itself and what is below it. */
    private static boolean covers(String prefix, String path) {
        return prefix.isEmpty() || prefix.endsWith("/") ? path.startsWith(prefix)
                : path.equals(prefix) || path.startsWith(prefix + "/");
    }
}
