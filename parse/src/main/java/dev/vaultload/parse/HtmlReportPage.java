package dev.vaultload.parse;

import dev.vaultload.report.HeadroomSection;
import dev.vaultload.report.ReportPage;
import dev.vaultload.report.RunTrends;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/** {@link HtmlReport} as the {@link ReportPage} that the command line and the suites find on the class path. */
public final class HtmlReportPage implements ReportPage {
    @Override
    public Path write(Path folder, RunTrends trends) {
        return new HtmlReport(trends).write(folder);
    }

    @Override
    public void writeHeadroomPlot(String label, HeadroomSection headroom, Path file) {
        try {
            HeadroomChart.write(label, headroom, Machine.describe(), file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}
