package dev.vaultload.scaleout;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Refuses a shard whose clock is off: START_AT and the merge's steady window compare instants taken on different
 * machines. The reference is the results store's {@code Date} header, which has whole seconds: the server's time
 * at the reply lies in [Date, Date + 1 s), so only a skew certainly beyond CLOCK_SKEW_LIMIT is refused.
 */
public final class ClockSkewCheck {
    private static final Duration DATE_RESOLUTION = Duration.ofSeconds(1);

    private final Clock clock;
    private final Duration limit;

    public ClockSkewCheck(Clock clock, Duration limit) {
        this.clock = clock;
        this.limit = limit;
    }

    /**
     * @param serverDate asks the store for its Date (one request), empty when it sends none
     * @param store      names the store in the message
     * @return the skew's lower bound in milliseconds (0 when the clocks may agree), empty when there was no Date
     * @throws IllegalArgumentException in one line when the skew is certainly beyond the limit
     */
    public Optional<Long> check(Supplier<Optional<Instant>> serverDate, String store) {
        Instant before = clock.instant();
        Optional<Instant> date = serverDate.get();
        Instant after = clock.instant();
        if (date.isEmpty()) {
            return Optional.empty();
        }
        Instant serverEarliest = date.get();
        Instant serverLatest = date.get().plus(DATE_RESOLUTION);
        // ahead: even our earliest reading is past the server's latest possible time; behind: the reverse
        long aheadMillis = Duration.between(serverLatest, before).toMillis();
        long behindMillis = Duration.between(after, serverEarliest).toMillis();
        long skewMillis = Math.max(0, Math.max(aheadMillis, behindMillis));
        if (skewMillis > limit.toMillis()) {
            throw new IllegalArgumentException("this machine's clock is " + skewMillis + " ms " + (aheadMillis > 0
                    ? "ahead of" : "behind") + " the results store's (" + store + ", Date " + date.get() + "), more than "
                    + ShardSettings.CLOCK_SKEW_LIMIT.name() + "=" + limit.toMillis() + "ms: sync the clock (chrony, NTP)"
                    + " or raise the limit");
        }
        return Optional.of(skewMillis);
    }
}
