package dev.vaultload.cli;

import dev.vaultload.fixture.FixtureException;
import dev.vaultload.parse.RunRecovery;
import dev.vaultload.scaleout.ShardBarrier;
import dev.vaultload.settings.Suggestion;
import dev.vaultload.storage.StoreUnavailableException;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.OverwrittenOptionException;

/**
 * What scripts can test: 0 passed, 1 a failed run (integrity, errors over budget, a schedule not kept, a store that
 * failed during the run), 2 bad input, 3 a run that passed but broke a threshold (THRESHOLDS, {@code --threshold}),
 * 5 a store that could not be used at the start (nothing measured), 6 a run recovered incomplete from its journal
 * (its process died before final validation; nothing failed up to then).
 */
final class ExitCodes {
    static final int OK = 0;
    static final int FAILED = 1;
    static final int BAD_INPUT = 2;
    static final int THRESHOLD_BREACHED = 3;
    static final int STORE_UNAVAILABLE = 5;
    static final int INCOMPLETE = RunRecovery.INCOMPLETE_EXIT_STATUS;
    /** Every status a command may end with, for the top-level help. */
    static final String SUMMARY = "Exit status: 0 passed, 1 a failed run (data lost or altered, errors over the budget,"
            + " a schedule not kept), 2 bad input (nothing started), 3 a threshold broken by a run that otherwise passed,"
            + " 4 history check without enough runs for a verdict, 5 a store that could not be used at the start,"
            + " 6 a run recovered incomplete (recover, parse report: its process died before final validation),"
            + " 130/143 stopped by SIGINT/SIGTERM (results so far written).";

    private ExitCodes() {
    }

    /** An option or a setting with a bad value, or a fixture file that does not load: one line on stderr, exit 2. */
    /** The status of a run or merge whose results all {@code passed} or not, and broke a threshold or not. */
    static int of(boolean passed, boolean thresholdsBreached) {
        return !passed ? FAILED : thresholdsBreached ? THRESHOLD_BREACHED : OK;
    }

    static void install(CommandLine commandLine) {
        commandLine.setParameterExceptionHandler((exception, args) -> {
            exception.getCommandLine().getErr().println("vaultload: " + (exception instanceof OverwrittenOptionException
                    overwritten && overwritten.getOverwritten() instanceof OptionSpec option
                    ? givenTwice(option, args) : exception.getMessage() + suggestion(exception)));
            return BAD_INPUT;
        });
        commandLine.setExecutionExceptionHandler((exception, failed, parseResult) -> {
            if (exception instanceof StoreUnavailableException) {
                failed.getErr().println("vaultload: " + exception.getMessage());
                return STORE_UNAVAILABLE;
            }
            // a file the user named that cannot be read or written is bad input too
            boolean badInput = exception instanceof IllegalArgumentException || exception instanceof FixtureException
                    || exception instanceof IOException;
            // a shard that waited in vain for the others says which, in its own words
            boolean explained = badInput || exception instanceof ShardBarrier.Timeout;
            failed.getErr().println("vaultload: " + (explained ? exception.getMessage() : exception));
            return badInput ? BAD_INPUT : FAILED;
        });
    }

    /**
     * The option meant by an unknown one, e.g. {@code --threads} for {@code --thread}, by edit distance (picocli's own
     * suggestions go by prefix: {@code --threshold} for {@code --thread}); empty when none is close.
     */
    private static String suggestion(CommandLine.ParameterException exception) {
        if (!(exception instanceof CommandLine.UnmatchedArgumentException unmatched)) {
            return "";
        }
        List<String> options = unmatched.getCommandLine().getCommandSpec().options().stream()
                .flatMap(option -> Arrays.stream(option.names())).toList();
        return unmatched.getUnmatched().stream().filter(arg -> arg.startsWith("-")).findFirst()
                .flatMap(typed -> Suggestion.closest(typed.split("=", 2)[0], options))
                .map(meant -> "; did you mean " + meant + "?").orElse("");
    }

    /** Names an option given twice as the user typed it each time ({@code --threads} and {@code --THREADS} are one). */
    private static String givenTwice(OptionSpec option, String[] args) {
        List<String> typed = Arrays.stream(args).map(arg -> arg.split("=", 2)[0])
                .filter(name -> Arrays.asList(option.names()).contains(name)).distinct().toList();
        String names = typed.stream().map(name -> "'" + name + "'").collect(Collectors.joining(" and "));
        return (typed.size() == 1 ? "option " + names : "options " + names + " are one option,") + " given twice: give it once";
    }
}
