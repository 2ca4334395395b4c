package dev.vaultload.storage;

import java.time.Duration;
import org.apache.commons.math3.special.Erf;

/**
 * A latency distribution with known quantiles, for {@link LatencyInjectingBlobStore}. Draws are taken by the
 * inverse distribution function at a point {@code u} in (0, 1) that the caller chooses.
 */
public sealed interface InjectedLatency {

    /** The delay at cumulative probability {@code u} in (0, 1), in nanoseconds. */
    long nanosAt(double u);

    /** The distribution's quantile at {@code percentile} (0-100), in nanoseconds. */
    default long percentileNanos(double percentile) {
        return nanosAt(percentile / 100.0);
    }

    /** Every call waits exactly {@code delay}. */
    record Fixed(Duration delay) implements InjectedLatency {
        @Override
        public long nanosAt(double u) {
            return delay.toNanos();
        }
    }

    /**
     * Lognormal: {@code median * exp(sigma * z)} with z standard normal, so the p-quantile is
     * {@code median * exp(sigma * Φ⁻¹(p))} (p99 = median * exp(2.326 sigma)).
     */
    record LogNormal(Duration median, double sigma) implements InjectedLatency {
        public LogNormal {
            if (!(sigma > 0)) {
                throw new IllegalArgumentException("sigma must be positive: " + sigma);
            }
        }

        @Override
        public long nanosAt(double u) {
            double z = Math.sqrt(2) * Erf.erfInv(2 * u - 1);
            return Math.round(median.toNanos() * Math.exp(sigma * z));
        }
    }
}
