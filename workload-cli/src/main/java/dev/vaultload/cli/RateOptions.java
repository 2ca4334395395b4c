package dev.vaultload.cli;

import picocli.CommandLine.Option;

/** The options of {@code run --mode RATE}. */
final class RateOptions {
    @Option(names = "--rate", paramLabel = "OPS_PER_SECOND",
            description = "target rate, all threads together (required with --mode RATE); runs for DURATION (default 30s)")
    Double opsPerSecond;
}
