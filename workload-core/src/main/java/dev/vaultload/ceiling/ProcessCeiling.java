package dev.vaultload.ceiling;

import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The ceiling of this process, measured once before the first combination that asks for it and kept for the
 * others (measured again only for other document sizes): every combination of a run is set against the same one.
 */
public final class ProcessCeiling {
    private static final Logger LOG = LoggerFactory.getLogger(ProcessCeiling.class);
    private static List<Integer> measuredSizesKib;
    private static CryptoCeiling ceiling;

    private ProcessCeiling() {
    }

    /** @param fileSizesKib the run's document sizes (FILE_SIZES), in KiB */
    public static synchronized CryptoCeiling forFileSizes(List<Integer> fileSizesKib) {
        if (!fileSizesKib.equals(measuredSizesKib)) {
            ceiling = CeilingMeasurement.measure(fileSizesKib);
            measuredSizesKib = List.copyOf(fileSizesKib);
            LOG.info("Crypto ceiling of this machine measured in {} ms", ceiling.measurementMillis());
        }
        return ceiling;
    }
}
