package dev.vaultload.parse;

import java.util.List;

/** Everything read from the inputs, and what could not be read. */
public record LoadedResults(List<Measurement> measurements, List<Problem> problems) {
}
