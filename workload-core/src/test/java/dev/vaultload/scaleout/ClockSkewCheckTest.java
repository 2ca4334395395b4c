package dev.vaultload.scaleout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ClockSkewCheckTest {
    private static final Instant SERVER = Instant.parse("2026-11-23T10:00:00Z");

    @Test
    void withinTheDateHeadersSecondTheClocksMayAgree() {
        assertEquals(Optional.of(0L), check(SERVER.plusMillis(999)));
        assertEquals(Optional.of(0L), check(SERVER));
    }

    @Test
    void aSkewCertainlyBeyondTheLimitIsRefusedInOneLine() {
        // 2.5 s after the Date: at least 1.5 s ahead of the server, whose second may have been nearly over
        IllegalArgumentException ahead = assertThrows(IllegalArgumentException.class, () -> check(SERVER.plusMillis(2500)));
        assertTrue(ahead.getMessage().startsWith("this machine's clock is 1500 ms ahead of the results store's"),
                ahead.getMessage());
        assertTrue(ahead.getMessage().contains("CLOCK_SKEW_LIMIT=1000ms"), ahead.getMessage());
        assertEquals(1, ahead.getMessage().lines().count());
        IllegalArgumentException behind = assertThrows(IllegalArgumentException.class, () -> check(SERVER.minusMillis(1200)));
        assertTrue(behind.getMessage().contains("1200 ms behind"), behind.getMessage());
        assertEquals(Optional.of(1000L), check(SERVER.minusMillis(1000)));
    }

    @Test
    void noDateHeaderNoVerdict() {
        assertEquals(Optional.empty(), new ClockSkewCheck(Clock.systemUTC(), Duration.ofSeconds(1))
                .check(Optional::empty, "s3://results"));
    }

    private static Optional<Long> check(Instant local) {
        return new ClockSkewCheck(Clock.fixed(local, ZoneOffset.UTC), Duration.ofSeconds(1))
                .check(() -> Optional.of(SERVER), "s3://results");
    }
}
