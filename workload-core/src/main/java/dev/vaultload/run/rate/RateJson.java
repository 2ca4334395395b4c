package dev.vaultload.run.rate;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A {@link RateResult} as one JSON document: both latency views per operation type, with their histograms. */
public final class RateJson {
    private final ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    public void write(RateResult result, Path file) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            mapper.writeValue(file.toFile(), result);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write JSON report " + file, e);
        }
    }
}
