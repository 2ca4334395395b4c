package dev.vaultload.cli;

import picocli.CommandLine.Option;

/** The options of {@code run --mode TRACE}. */
final class TraceOptions {
    @Option(names = "--speed", paramLabel = "FACTOR",
            description = "TRACE: replay the trace this many times faster than it was recorded (default 1: its own pace)")
    Double speed;
}
