package dev.vaultload.run;

import dev.vaultload.fixture.ContentId;
import dev.vaultload.fixture.Operation;

/**
 * Documents numbered per user, written once and then gone over again by number (a load's READ pool, a rotation
 * sweep's documents): document {@code n} of every user has the same name and content.
 *
 * @param contentPrefix names the pool's contents apart from any fixture's
 */
public record DocumentPool(String contentPrefix) {

    public String name(int document) {
        return "doc-" + document + ".bin";
    }

    public ContentId contentId(int document) {
        return new ContentId(contentPrefix + "-" + document);
    }

    /** The user's WRITE of document {@code document}. */
    public Operation.Write write(String userId, int document) {
        return new Operation.Write(userId, contentId(document), name(document));
    }
}
