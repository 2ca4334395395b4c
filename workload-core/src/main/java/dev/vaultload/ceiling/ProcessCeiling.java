package dev.vaultload.ceiling;

import dev.vaultload.engine.CipherSuite;
import java.util.List;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The ceiling of this process, measured once before the first combination that asks for it and kept for the
 * others (measured again only for other document sizes or another cipher): every combination of a run is set against
 * the same one.
 */
public final class ProcessCeiling {
    private static final Logger LOG = LoggerFactory.getLogger(ProcessCeiling.class);
    private static List<Integer> measuredSizesKib;
    private static Set<CryptoWork> measuredWorks;
    private static CryptoCeiling ceiling;

    private ProcessCeiling() {
    }

    /**
     * @param fileSizesKib the run's document sizes (FILE_SIZES), in KiB
     * @param cipher       the run's CIPHER, which every engine encrypts with: only its works and SHA-256 are measured
     */
    public static synchronized CryptoCeiling forRun(List<Integer> fileSizesKib, CipherSuite cipher) {
        Set<CryptoWork> works = UnavoidableWork.ofRun(cipher);
        if (!fileSizesKib.equals(measuredSizesKib) || !works.equals(measuredWorks)) {
            ceiling = CeilingMeasurement.measure(fileSizesKib, works);
            measuredSizesKib = List.copyOf(fileSizesKib);
            measuredWorks = Set.copyOf(works);
            if (ceiling.steady()) {
                LOG.info("Crypto ceiling of this machine measured in {} ms ({} rounds)", ceiling.measurementMillis(),
                        ceiling.rounds());
            } else {
                LOG.warn("Crypto ceiling of this machine NOT steady after {} ms: its shares are marked suspect",
                        ceiling.measurementMillis());
            }
        }
        return ceiling;
    }
}
