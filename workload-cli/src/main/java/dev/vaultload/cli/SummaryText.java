package dev.vaultload.cli;

import dev.vaultload.fixture.FixtureSummary;
import java.io.PrintWriter;

/** Prints a {@link FixtureSummary} as the few lines both subcommands show. */
final class SummaryText {
    private SummaryText() {
    }

    static void print(FixtureSummary summary, String fixtureName, PrintWriter out) {
        out.printf("fixture      %s%n", fixtureName);
        out.printf("users        %d%n", summary.users());
        out.printf("operations   %d%n", summary.totalOperations());
        summary.operationsPerType().forEach((type, count) -> out.printf("  %-11s %d%n", type, count));
        out.printf("final files  private %d, inbox %d%n", summary.privateFiles(), summary.inboxFiles());
        out.flush();
    }
}
