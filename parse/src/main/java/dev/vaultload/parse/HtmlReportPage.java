package dev.vaultload.parse;

import dev.vaultload.report.ReportPage;
import dev.vaultload.report.RunTrends;
import java.nio.file.Path;

/** {@link HtmlReport} as the {@link ReportPage} that the command line and the suites find on the class path. */
public final class HtmlReportPage implements ReportPage {
    @Override
    public Path write(Path folder, RunTrends trends) {
        return new HtmlReport(trends).write(folder);
    }
}
