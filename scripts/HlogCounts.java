import java.io.File;
import java.io.FileNotFoundException;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * Each operation's count in an .hlog's periods that ended by a given instant, read with HdrHistogram's own reader (not
 * Vaultload's), as one JSON object: scripts/kill-recover.sh checks a recovered result against it. A last line cut off by
 * a kill ends the log. Usage: java -cp vaultload.jar scripts/HlogCounts.java FILE.hlog UNTIL_EPOCH_MILLIS
 */
public class HlogCounts {
    public static void main(String[] args) throws FileNotFoundException {
        long untilEpochMillis = Long.parseLong(args[1]);
        Map<String, Long> counts = new TreeMap<>();
        HistogramLogReader reader = new HistogramLogReader(new File(args[0]));
        for (EncodableHistogram period = next(reader); period != null; period = next(reader)) {
            if (!period.getTag().startsWith("errors.") && period.getEndTimeStamp() <= untilEpochMillis + 1) {
                counts.merge(period.getTag(), ((AbstractHistogram) period).getTotalCount(), Long::sum);
            }
        }
        System.out.println(counts.entrySet().stream().map(entry -> "\"" + entry.getKey() + "\":" + entry.getValue())
                .collect(Collectors.joining(",", "{", "}")));
    }

    private static EncodableHistogram next(HistogramLogReader reader) {
        try {
            return reader.nextIntervalHistogram();
        } catch (RuntimeException cutOff) {
            return null;
        }
    }
}
