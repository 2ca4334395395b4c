package dev.vaultload.run;

import dev.vaultload.report.ProgressDisplay;
import java.io.PrintWriter;

/**
 * Where a mode prints: its tables and verdicts on {@code out}, what failed on {@code err}, and its progress through
 * {@code progress}.
 */
public record RunConsole(PrintWriter out, PrintWriter err, ProgressDisplay progress) {
}
