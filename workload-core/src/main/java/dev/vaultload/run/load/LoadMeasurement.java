package dev.vaultload.run.load;

import dev.vaultload.report.CpuUsage;
import dev.vaultload.report.HeadroomSection;
import dev.vaultload.report.RateSection;
import dev.vaultload.stats.ErrorClass;
import dev.vaultload.stats.OperationStatistics;
import java.util.List;
import java.util.Map;

/**
 * What a load runner measured, before {@link LoadRecording} makes it a result with the run's setup.
 *
 * @param operations per operation type: a RATE run's from the intended start, a HEADROOM run's knee step's
 * @param errors     failures by class over every measured operation
 * @param cpu        CPU of the measured operations
 * @param headroom   the HEADROOM section; null for RATE
 * @param rate       the RATE section; null for HEADROOM
 */
public record LoadMeasurement(List<OperationStatistics> operations, Map<ErrorClass, Long> errors, CpuUsage cpu,
                              HeadroomSection headroom, RateSection rate) {
}
