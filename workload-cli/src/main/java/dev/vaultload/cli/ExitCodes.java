package dev.vaultload.cli;

import dev.vaultload.fixture.FixtureException;
import java.io.IOException;
import picocli.CommandLine;

/** What scripts can test: 0 passed, 1 a failed run (integrity, errors over budget, a store that failed), 2 bad input. */
final class ExitCodes {
    static final int OK = 0;
    static final int FAILED = 1;
    static final int BAD_INPUT = 2;

    private ExitCodes() {
    }

    /** An option or a setting with a bad value, or a fixture file that does not load: one line on stderr, exit 2. */
    static void install(CommandLine commandLine) {
        commandLine.setParameterExceptionHandler((exception, args) -> {
            exception.getCommandLine().getErr().println("vaultload: " + exception.getMessage());
            return BAD_INPUT;
        });
        commandLine.setExecutionExceptionHandler((exception, failed, parseResult) -> {
            // a file the user named that cannot be read or written is bad input too
            boolean badInput = exception instanceof IllegalArgumentException || exception instanceof FixtureException
                    || exception instanceof IOException;
            failed.getErr().println("vaultload: " + (badInput ? exception.getMessage() : exception));
            return badInput ? BAD_INPUT : FAILED;
        });
    }
}
