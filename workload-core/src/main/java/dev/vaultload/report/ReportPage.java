package dev.vaultload.report;

import java.nio.file.Path;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * The page of a results folder ({@code report.html}), contributed by the part that draws it (the parse module) through
 * {@link ServiceLoader}, as engines and stores are: so every front door that writes results (the command line, the
 * JUnit suites) writes the page, and HEADROOM its plot, when REPORT_FORMATS asks for it, without depending on the module
 * that draws it.
 */
public interface ReportPage {

    /**
     * Writes the page of every result in {@code folder} and below it.
     *
     * @param trends each result's trend over earlier runs of its configuration ({@link RunTrends#NONE}: none)
     * @return the page written
     */
    Path write(Path folder, RunTrends trends);

    /**
     * Draws a HEADROOM measurement's plot (throughput and latency per concurrency, the knee marked), which the page
     * shows beside its result.
     *
     * @param label what was measured, the plot's title
     */
    void writeHeadroomPlot(String label, HeadroomSection headroom, Path file);

    /** The page on the class path, if any part contributes one. */
    static Optional<ReportPage> onClassPath() {
        return ServiceLoader.load(ReportPage.class).findFirst();
    }
}
