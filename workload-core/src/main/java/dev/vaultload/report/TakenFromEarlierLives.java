package dev.vaultload.report;

import java.util.List;
import java.util.stream.Stream;

/**
 * The combinations a process did not run because an earlier life of its RUN_ID had finished them (their results are
 * in REPORT_DIR): they count in its last line and its exit status as they ended then.
 *
 * @param count    how many were taken
 * @param failed   the labels of those that failed then
 * @param breached the labels of those that passed then but broke a threshold
 */
public record TakenFromEarlierLives(int count, List<String> failed, List<String> breached) {
    public static final TakenFromEarlierLives NONE = new TakenFromEarlierLives(0, List.of(), List.of());

    public TakenFromEarlierLives {
        failed = List.copyOf(failed);
        breached = List.copyOf(breached);
    }

    /** This summary with one more combination, which ended as {@code end} says. */
    public TakenFromEarlierLives with(String label, JournalEvent.End end) {
        return new TakenFromEarlierLives(count + 1, end.passed() ? failed : append(failed, label),
                end.passed() && end.thresholdsBreached() ? append(breached, label) : breached);
    }

    private static List<String> append(List<String> labels, String label) {
        return Stream.concat(labels.stream(), Stream.of(label)).toList();
    }
}
