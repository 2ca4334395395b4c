package dev.vaultload.stats;

import java.util.List;

/**
 * A data failure that names the documents at fault when its operation covers several (a LIST): its report names
 * each one's stored object, so that every document deleted or planted behind the run's back is named, not only
 * the first.
 */
public interface DocumentsAtFault {
    /** The documents at fault, in the failed operation's space; empty when it is the operation's own. */
    List<String> documentPaths();
}
