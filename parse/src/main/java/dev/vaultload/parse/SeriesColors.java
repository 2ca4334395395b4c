package dev.vaultload.parse;

import java.awt.Color;
import java.util.HashMap;
import java.util.Map;

/**
 * One color per line label across every panel and file of a chart set, so that "CEPH" or "AES256_CBC" looks the
 * same wherever it appears, even in a panel where another line is missing. An operation type's name takes its
 * color from {@link LineColors}, as on the report pages; other labels are handed colors in order of first use from
 * a palette that stays legible on white.
 */
final class SeriesColors {
    private static final Color[] PALETTE = {
            new Color(0x1f77b4), new Color(0xff7f0e), new Color(0x2ca02c), new Color(0xd62728), new Color(0x9467bd),
            new Color(0x8c564b), new Color(0xe377c2), new Color(0x7f7f7f), new Color(0xbcbd22), new Color(0x17becf)};

    private final Map<String, Color> byLabel = new HashMap<>();

    Color of(String label) {
        return LineColors.ofOperationNamed(label)
                .orElseGet(() -> byLabel.computeIfAbsent(label, unused -> PALETTE[byLabel.size() % PALETTE.length]));
    }
}
