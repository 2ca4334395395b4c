package dev.vaultload.report;


/**
 * What a run's section of report.html shows of earlier runs of its configuration: HTML, empty for nothing. Closed
 * once the page is written (a history holds a database connection).
 */
@FunctionalInterface
public interface RunTrends extends AutoCloseable {
    RunTrends NONE = result -> "";

    String html(RunResult result);

    @Override
    default void close() {
    }
}
