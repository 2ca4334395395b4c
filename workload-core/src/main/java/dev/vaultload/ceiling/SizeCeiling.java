package dev.vaultload.ceiling;

import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * The ceiling at one document size of the run.
 *
 * @param fileSizeKib  the size in FILE_SIZES
 * @param bufferKib    the buffer measured: the document's size, capped ({@link CeilingMeasurement#MAX_BUFFER_KIB})
 * @param mibPerSecond each measured work's throughput on one core, in MiB of content per second; a work the run did
 *                     not need is absent
 */
public record SizeCeiling(int fileSizeKib, int bufferKib, Map<CryptoWork, Double> mibPerSecond) {
    public SizeCeiling {
        mibPerSecond = mibPerSecond.isEmpty() ? Map.of() : Collections.unmodifiableMap(new EnumMap<>(mibPerSecond));
    }

    /** One core's milliseconds per MiB for all of these works done one after the other; empty when one is unmeasured. */
    public OptionalDouble millisPerMib(List<CryptoWork> works) {
        double millis = 0;
        for (CryptoWork work : works) {
            Double rate = mibPerSecond.get(work);
            if (rate == null || rate <= 0) {
                return OptionalDouble.empty();
            }
            millis += 1000 / rate;
        }
        return OptionalDouble.of(millis);
    }
}
