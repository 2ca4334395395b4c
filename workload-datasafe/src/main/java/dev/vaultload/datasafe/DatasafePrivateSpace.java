package dev.vaultload.datasafe;

import de.adorsys.datasafe.encrypiton.api.types.UserIDAuth;
import de.adorsys.datasafe.privatestore.api.PrivateSpaceService;
import de.adorsys.datasafe.types.api.actions.WriteRequest;
import dev.vaultload.engine.PrivateSpace;
import java.io.OutputStream;

/** A user's private space in Datasafe: its private service's calls. */
final class DatasafePrivateSpace extends DatasafeSpace implements PrivateSpace {
    private final PrivateSpaceService privateService;

    DatasafePrivateSpace(UserIDAuth user, PrivateSpaceService privateService, boolean storeKeysKnown) {
        super(user, privateService::read, privateService::list, privateService::remove, storeKeysKnown);
        this.privateService = privateService;
    }

    @Override
    public OutputStream write(String path) {
        return privateService.write(WriteRequest.forDefaultPrivate(user(), path));
    }
}
