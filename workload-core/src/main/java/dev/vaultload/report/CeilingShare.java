package dev.vaultload.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.vaultload.ceiling.CryptoCeiling;
import dev.vaultload.ceiling.CryptoWork;
import dev.vaultload.ceiling.SizeCeiling;
import dev.vaultload.ceiling.UnavoidableWork;
import dev.vaultload.fixture.OperationType;
import dev.vaultload.stats.OperationStatistics;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * How close a WRITE's or READ's CPU comes to this machine's crypto ceiling for the work it cannot avoid
 * ({@link UnavoidableWork}) at the run's document size. The CPU is the worker threads' ({@link
 * OperationStatistics#workerCpuNanos()}): on an S3 store the HTTP client's own threads are not in it, so the share
 * is the engine's side of the work; on MEMORY and FILESYSTEM it is all of it.
 *
 * @param operation             WRITE or READ
 * @param workerCpuMillisPerMib the operation's worker CPU per MiB of content
 * @param work                  the unavoidable work, e.g. {@code AES-256-GCM decrypt + SHA-256}
 * @param ceilingMillisPerMib   one core's CPU per MiB for that work at the ceiling
 * @param shareOfCeiling        ceilingMillisPerMib / workerCpuMillisPerMib: 1 is the ceiling, 0.5 twice its CPU
 * @param ceilingSuspect        why the ceiling is not to be trusted for this share, null when nothing says so: a share
 *                              above 1 (the operation did at least the ceiling's work, so the ceiling was measured
 *                              too low) or a ceiling whose rounds were still rising when its time ran out
 */
public record CeilingShare(OperationType operation, double workerCpuMillisPerMib, String work,
                           double ceilingMillisPerMib, double shareOfCeiling,
                           @JsonInclude(JsonInclude.Include.NON_NULL) String ceilingSuspect) {
    /** Without commas, as the CSV has them. */
    static final String ABOVE_ONE = "share above 1: the operation cannot do less than this work; the ceiling was"
            + " measured below what this machine does";
    static final String NOT_STEADY = "the ceiling's rounds were still rising when its time ran out";

    /** The shares of a result's WRITE and READ; empty without a ceiling (CRYPTO_CEILING false, older results). */
    public static List<CeilingShare> of(RunResult result) {
        CryptoCeiling ceiling = result.environment() == null ? null : result.environment().cryptoCeiling();
        Optional<SizeCeiling> atSize = ceiling == null ? Optional.empty() : ceiling.atFileSize(result.setup().fileSizeKib());
        List<CeilingShare> shares = new ArrayList<>();
        if (atSize.isEmpty() || result.engineDescription() == null || result.engineDescription().cipher() == null) {
            return shares;
        }
        for (OperationStatistics operation : result.operations()) {
            List<CryptoWork> works = UnavoidableWork.of(operation.type(), result.engineDescription().cipher());
            Double cpuMillisPerMib = operation.workerCpuMillisPerMib();
            if (works.isEmpty() || cpuMillisPerMib == null) {
                continue;
            }
            atSize.get().millisPerMib(works).ifPresent(ceilingMillis -> {
                double share = ceilingMillis / cpuMillisPerMib;
                shares.add(new CeilingShare(operation.type(), cpuMillisPerMib, UnavoidableWork.label(works),
                        ceilingMillis, share, share > 1 ? ABOVE_ONE : ceiling.steady() ? null : NOT_STEADY));
            });
        }
        return shares;
    }
}
