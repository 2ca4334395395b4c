package dev.vaultload.run;

import dev.vaultload.engine.DocumentBuffering;
import dev.vaultload.fixture.ContentSizes;
import dev.vaultload.fixture.Fixture;
import dev.vaultload.fixture.LiveDocuments;
import dev.vaultload.fixture.Operation;
import dev.vaultload.storage.StorageFootprint;
import dev.vaultload.storage.StorageProviderFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.LongSummaryStatistics;
import java.util.Map;
import java.util.function.Function;

/**
 * Refuses, before anything starts, a run whose documents cannot fit where its providers keep them: the fixture's peak
 * of live bytes per execution (each document of its WRITE's {@code sizeBytes}, an imported trace's own, or else of the
 * largest FILE_SIZES) times the most threads (twice over for a soak, whose previous pass waits for its deletion), against the heap and the free disk. A run that cannot fit would otherwise
 * die halfway with an OutOfMemoryError or a full disk. Likewise each engine's buffers ({@link DocumentBuffering}):
 * its largest document against the engine's limit, and what its threads hold of it in the heap beside the provider's.
 */
final class FootprintCheck {
    /** The heap a provider may fill: the rest is the harness's (histograms, buffers, the engine's caches). */
    private static final double HEAP_SHARE = 0.75;

    private FootprintCheck() {
    }

    /**
     * @param buffering what each engine of the run, by name, holds of a document
     * @throws IllegalArgumentException naming FILE_SIZES, the sizes and the limit, for the first provider or engine that
     *                                  cannot fit
     */
    static void refuseWhatCannotFit(RunConfig config, Fixture fixture, List<StorageProviderFactory> factories,
                                    Map<String, DocumentBuffering> buffering, Function<String, String> settings) {
        int threads = Collections.max(config.threads());
        long unsizedBytes = Collections.max(config.fileSizesKib()) * 1024L;
        LiveDocuments perThread = LiveDocuments.peak(fixture, ContentSizes.of(fixture, unsizedBytes));
        int passesKept = config.duration().isPresent() ? 2 : 1;
        long liveBytes = perThread.bytes() * threads * passesKept;
        String load = perThread.documents() + " documents live per thread at the fixture's peak, " + size(perThread.bytes())
                + " (each of its WRITE's sizeBytes, else " + size(unsizedBytes) + ")" + (passesKept > 1
                ? ", twice over in a soak" : "") + ", x " + threads + " threads";
        long maxHeapBytes = Runtime.getRuntime().maxMemory();
        long largestBytes = largestDocumentBytes(fixture, unsizedBytes);
        long engineHeapBytes = 0;
        String engineHolds = "";
        for (Map.Entry<String, DocumentBuffering> engine : buffering.entrySet()) {
            DocumentBuffering buffers = engine.getValue();
            if (buffers.maxDocumentBytes().isPresent() && largestBytes > buffers.maxDocumentBytes().getAsLong()) {
                throw refused(config, "engine " + engine.getKey() + " " + buffers.what() + ", and reads no document over "
                        + size(buffers.maxDocumentBytes().getAsLong()) + "; the run's largest is " + size(largestBytes));
            }
            long heldBytes = buffers.heapBytes().applyAsLong(largestBytes) * threads;
            if (heldBytes > engineHeapBytes) {
                engineHeapBytes = heldBytes;
                engineHolds = ", and engine " + engine.getKey() + " " + buffers.what() + ": " + size(heldBytes)
                        + " for " + threads + " threads at once";
            }
        }
        for (StorageProviderFactory factory : factories) {
            StorageFootprint footprint = factory.footprint(new StorageFootprint.Load(liveBytes, threads),
                    settings);
            if (footprint.heapBytes() + engineHeapBytes > HEAP_SHARE * maxHeapBytes) {
                throw refused(config, factory.name() + " keeps " + footprint.what() + ": " + size(footprint.heapBytes())
                        + " (" + load + ")" + engineHolds + ", more than " + Math.round(HEAP_SHARE * 100)
                        + "% of the heap of " + size(maxHeapBytes)
                        + " (-Xmx); give smaller FILE_SIZES, fewer THREADS, more heap, or FILESYSTEM");
            }
            if (footprint.disk().isPresent()) {
                long freeBytes = usableBytes(footprint.disk().get());
                if (footprint.diskBytes() > freeBytes) {
                    throw refused(config, factory.name() + " keeps " + footprint.what() + ": " + size(footprint.diskBytes())
                            + " (" + load + "), more than the " + size(freeBytes) + " free under " + footprint.disk().get()
                            + "; give smaller FILE_SIZES, fewer THREADS, or a FILESYSTEM_ROOT with room");
                }
            }
        }
    }

    /** The largest document the run writes: the fixture's own sizes, and FILE_SIZES' largest for WRITEs without one. */
    private static long largestDocumentBytes(Fixture fixture, long unsizedBytes) {
        boolean anyUnsized = fixture.operations().stream()
                .anyMatch(operation -> operation instanceof Operation.Write write && write.sizeBytes().isEmpty());
        long largestGiven = ContentSizes.givenRange(fixture).map(LongSummaryStatistics::getMax).orElse(0L);
        return Math.max(largestGiven, anyUnsized ? unsizedBytes : 0);
    }

    private static IllegalArgumentException refused(RunConfig config, String why) {
        return new IllegalArgumentException("Invalid " + RunSettings.FILE_SIZES.name() + "='" + String.join(",",
                config.fileSizesKib().stream().map(String::valueOf).toList()) + "' (KiB): " + why);
    }

    /** The free space of the file system that holds {@code directory}, or its nearest existing parent. */
    private static long usableBytes(Path directory) {
        Path existing = directory.toAbsolutePath();
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        try {
            return existing == null ? Long.MAX_VALUE : Files.getFileStore(existing).getUsableSpace();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the free space under " + existing, e);
        }
    }

    private static String size(long bytes) {
        return bytes >= 1L << 30 ? String.format(Locale.ROOT, "%.1f GiB", bytes / (double) (1L << 30))
                : String.format(Locale.ROOT, "%.1f MiB", bytes / (double) (1L << 20));
    }
}
