package dev.vaultload.report;

import java.util.List;
import org.slf4j.Logger;

/** A format that goes to the log, a line per message at INFO, through the logger the runner names. */
public abstract class LoggedReport implements ReportSink {
    private final Logger log;

    /** @param log the run's logger: Datasafe's parse scripts take the suite from the logger's name */
    protected LoggedReport(Logger log) {
        this.log = log;
    }

    /** The lines of this format for a result. */
    public abstract List<String> lines(RunResult result);

    @Override
    public void write(RunResult result) {
        lines(result).forEach(log::info);
    }

    protected Logger log() {
        return log;
    }
}
