package dev.vaultload.cli;

import dev.vaultload.report.FinalVerdict;
import dev.vaultload.report.Plural;
import dev.vaultload.parse.HtmlReport;
import dev.vaultload.parse.RunRecovery;
import dev.vaultload.report.RunJournal;
import dev.vaultload.report.RunResult;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code vaultload recover DIR}: the results of a run whose process died (killed, out of memory, the machine lost)
 * from its journal and .hlog ({@link RunRecovery}), then report.html, and the verdict line.
 */
@Command(name = "recover", mixinStandardHelpOptions = true,
        description = {"Write the JSON, CSV and report.html that a dead run (killed, out of memory) would have written,"
                + " from the journal (*" + RunJournal.SUFFIX + ") and .hlog it left in DIR: exact up to the last period"
                + " it flushed, marked incomplete. A combination that finished is left alone.",
                "Exit status: 0 nothing to recover (every run finished), 1 a recovered run had failed already (data"
                        + " lost or altered, errors under FAIL_FAST), 2 bad input (no journal, a newer or malformed one,"
                        + " its .hlog missing, its process still running), 6 recovered incomplete."})
final class RecoverCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "DIR", description = "the REPORT_DIR of the run (searched recursively)")
    private Path folder;

    @Override
    public Integer call() {
        if (!Files.isDirectory(folder)) {
            throw new IllegalArgumentException(folder + ": not a folder");
        }
        RunRecovery.Outcome outcome = new RunRecovery().recover(folder);
        PrintWriter out = spec.commandLine().getOut();
        if (outcome.recovered().isEmpty()) {
            if (outcome.finished().isEmpty()) {
                throw new IllegalArgumentException(folder + ": no run journal (*" + RunJournal.SUFFIX + ", written beside"
                        + " the .hlog by runs of this version) to recover from");
            }
            out.println(folder + ": " + Plural.of(outcome.finished().size(), "run journal") + ", every combination"
                    + " finished and wrote its results: nothing to recover");
            out.flush();
            return ExitCodes.OK;
        }
        outcome.recovered().forEach(recovered -> out.println(RunRecovery.Outcome.line(recovered)));
        Path page = new HtmlReport().write(folder);
        List<RunResult> results = outcome.recovered().stream().map(RunRecovery.Recovered::result).toList();
        out.println(FinalVerdict.line(results, Optional.of(page)));
        out.flush();
        return results.stream().allMatch(FinalVerdict::onlyIncomplete) ? ExitCodes.INCOMPLETE : ExitCodes.FAILED;
    }
}
