package dev.vaultload.run.load;

/** What the load modes (HEADROOM, RATE) repeat: the fixture's mix, or one operation type on its own. */
public enum LoadOperation {
    /** The fixture's operations in order, each thread under its own prefix, as an execution replays them. */
    MIX,
    /** Private documents, overwritten in a small rotation so the store stays bounded however long the run. */
    WRITE,
    /** Private documents written before the measured phase, each read verified against its checksum. */
    READ
}
