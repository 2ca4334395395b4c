package dev.vaultload.ceiling;

/** One piece of crypto work over a buffer of a fixed size, repeated by the measurement. */
interface CryptoKernel {
    /** Bytes of content one {@link #process()} covers. */
    int contentBytes();

    /** Processes the buffer once; returns the output's first byte, for the caller's sink. */
    byte process();
}
