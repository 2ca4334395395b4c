package dev.vaultload.faults;

/** How much of a matrix to run: SHORT every fault or alteration once (CI), FULL every one on every store it applies to. */
enum MatrixScope {
    SHORT, FULL
}
