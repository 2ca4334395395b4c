package dev.vaultload.report;

/**
 * One output format of a run's result: a log block, a file. The runner hands the finished {@link RunResult} to
 * each sink in turn; the HdrHistogram interval log is the exception, written while the run goes (see
 * {@link HistogramIntervalLog}), since it needs every period's histograms.
 */
public interface ReportSink {
    void write(RunResult result);
}
