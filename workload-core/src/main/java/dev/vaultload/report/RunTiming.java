package dev.vaultload.report;

/**
 * When a combination ran and how far it got.
 *
 * @param startedAt       ISO-8601 instant the combination started
 * @param wallClockMillis duration of the whole combination, users' creation and validation included
 * @param passes          passes of the fixture completed
 * @param interruptedBy   the signal that stopped the run early ({@code SIGINT}, {@code SIGTERM}), null when none did:
 *                        the figures are those of the time before it
 */
public record RunTiming(String startedAt, long wallClockMillis, int passes, String interruptedBy) {
}
