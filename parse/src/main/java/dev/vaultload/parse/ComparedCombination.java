package dev.vaultload.parse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A combination both sides of a comparison ran: the configuration without the compared dimension, the threads and
 * the file size. Its rows are its operations.
 */
record ComparedCombination(Configuration configuration, int threads, int fileSizeKib) {

    /** The rows grouped by combination, each group and the groups in the rows' order. */
    static Map<ComparedCombination, List<ResultComparison.Row>> of(List<ResultComparison.Row> rows) {
        Map<ComparedCombination, List<ResultComparison.Row>> combinations = new LinkedHashMap<>();
        rows.forEach(row -> combinations.computeIfAbsent(new ComparedCombination(row.key().configuration(),
                row.key().threads(), row.key().fileSizeKib()), unused -> new ArrayList<>()).add(row));
        return combinations;
    }

    /** "EMBEDDED VAULTLOAD 1 bucket RandomActionsOnDatasafeTest 2 threads 100kb". */
    String label() {
        return (configuration.label() + " " + threads + " threads " + Cell.sizeLabel(fileSizeKib)).strip();
    }
}
