package dev.vaultload.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/** A {@link RunResult} as one JSON document: the configuration, the environment and every statistic. */
public final class JsonReportWriter implements ReportSink {
    private final ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private final Path file;

    public JsonReportWriter(Path file) {
        this.file = file;
    }

    @Override
    public void write(RunResult result) {
        try {
            mapper.writeValue(file.toFile(), result);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write JSON report " + file, e);
        }
    }
}
