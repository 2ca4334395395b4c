package dev.vaultload.cli;

import dev.vaultload.fixture.FixtureProfile;
import dev.vaultload.fixture.FixtureSummary;
import dev.vaultload.fixture.OperationType;
import java.io.PrintWriter;
import java.util.Locale;

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

    /** The operation mix in percent (the replayed operations), the WRITE sizes and the popularity of documents. */
    static void print(FixtureSummary summary, FixtureProfile profile, PrintWriter out) {
        long timed = summary.totalOperations() - summary.operationsPerType().get(OperationType.CREATE_USER)
                - profile.preparationWrites();
        StringBuilder mix = new StringBuilder("mix         ");
        summary.operationsPerType().forEach((type, count) -> {
            long replayed = type == OperationType.WRITE ? count - profile.preparationWrites() : count;
            if (type != OperationType.CREATE_USER && timed > 0) {
                mix.append(String.format(Locale.ROOT, " %s %.1f %%", type, 100.0 * replayed / timed));
            }
        });
        if (profile.preparationWrites() > 0) {
            mix.append(" (").append(profile.preparationWrites()).append(" preparation WRITEs left out)");
        }
        out.println(mix);
        out.println("WRITE sizes" + (profile.writesWithoutSize() > 0
                ? " (" + profile.writesWithoutSize() + " take the run's FILE_SIZES)" : ""));
        profile.writesBySize().forEach((range, count) -> out.printf(Locale.ROOT, "  %-21s %d%n", range, count));
        out.printf(Locale.ROOT, "popularity   %d documents, %d operations on them: top 1 %% %.1f %%, top 10 %% %.1f %%%n",
                profile.documents(), profile.documentOperations(), 100 * profile.topOnePercentShare(),
                100 * profile.topTenPercentShare());
        out.flush();
    }
}
