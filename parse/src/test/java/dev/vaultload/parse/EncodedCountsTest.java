package dev.vaultload.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.stats.LatencyHistograms;
import java.nio.ByteBuffer;
import java.util.SplittableRandom;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class EncodedCountsTest {
    private final EncodedCounts encodedCounts = new EncodedCounts();

    @Test
    void addsExactlyWhatHdrHistogramsOwnDecodingReads() throws DataFormatException {
        SplittableRandom random = new SplittableRandom(14);
        Histogram sum = LatencyHistograms.histogram();
        Histogram expected = LatencyHistograms.histogram();
        for (int period = 0; period < 50; period++) {
            Histogram interval = LatencyHistograms.histogram();
            for (int i = 0; i < 1 + random.nextInt(5000); i++) {
                // log-uniform from 1 us to about an hour, and a few huge counts (the 9-byte varints)
                long valueMicros = (long) Math.exp(random.nextDouble() * Math.log(3.6e9));
                interval.recordValueWithCount(valueMicros, i % 997 == 0 ? 1L << 58 >> period % 3 : 1 + random.nextInt(3));
            }
            ByteBuffer compressed = compressed(interval);
            expected.add(Histogram.decodeFromCompressedByteBuffer(compressed.duplicate(), 0));
            encodedCounts.addTo(sum, compressed);
        }
        assertEquals(expected, sum);
        assertEquals(expected.getTotalCount(), sum.getTotalCount());
    }

    @Test
    void readsTheLayoutFromTheHeaderNotFromTheTarget() throws DataFormatException {
        Histogram coarse = new Histogram(1000, 3_600_000_000L, 2);
        coarse.recordValue(1234);
        coarse.recordValueWithCount(987_654_321L, 7);
        Histogram target = new Histogram(1, 3_600_000_000L, 3);

        encodedCounts.addTo(target, compressed(coarse));

        assertEquals(8, target.getTotalCount());
        // each count lands on its coarse bucket's value: the same bucket of the coarse layout
        assertTrue(coarse.valuesAreEquivalent(987_654_321L, target.getMaxValue()), "max " + target.getMaxValue());
        assertTrue(coarse.valuesAreEquivalent(1234, target.getMinNonZeroValue()), "min " + target.getMinNonZeroValue());
    }

    @Test
    void refusesWhatIsNotACompressedHistogram() {
        assertThrows(DataFormatException.class, () -> encodedCounts.addTo(LatencyHistograms.histogram(),
                ByteBuffer.wrap(new byte[]{1, 2, 3, 4, 0, 0, 0, 0})));
    }

    private static ByteBuffer compressed(Histogram histogram) {
        ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
        histogram.encodeIntoCompressedByteBuffer(buffer);
        buffer.flip();
        return buffer;
    }
}
