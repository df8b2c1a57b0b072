package sh.brane.rpc.core;

import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.concurrent.ThreadLocalRandom;

/** The waits before a retry or a reconnect, for both transports. */
public final class Backoff {

    private Backoff() { }

    /**
     * The wait before attempt number {@code attempt} (from 1): {@code initial} doubled per attempt up to {@code max},
     * without overflowing however many attempts, with "equal jitter" (at least half of it) so that many clients do not
     * retry or reconnect in lockstep.
     */
    public static long jitteredNanos(Duration initial, Duration max, int attempt) {
        long first = initial.toNanos();
        long cap = max.toNanos();
        int doublings = attempt - 1;
        long base = doublings >= Long.numberOfLeadingZeros(first) - 1 ? cap : Math.min(cap, first << doublings);
        return base / 2 + ThreadLocalRandom.current().nextLong(base / 2 + 1);
    }

    /** An HTTP {@code Retry-After} value, as delta-seconds or an HTTP date, in nanoseconds; -1 if absent or unreadable. */
    public static long retryAfterNanos(String value) {
        if (value == null || value.isBlank()) {
            return -1;
        }
        String v = value.trim();
        try {
            long seconds = Long.parseLong(v);
            return seconds < 0 ? -1 : Duration.ofSeconds(Math.min(seconds, 86_400)).toNanos();
        } catch (NumberFormatException notSeconds) {
            try {
                ZonedDateTime at = ZonedDateTime.parse(v, DateTimeFormatter.RFC_1123_DATE_TIME);
                return Math.max(0, Duration.between(ZonedDateTime.now(at.getZone()), at).toNanos());
            } catch (DateTimeParseException e) {
                return -1;
            }
        }
    }
}
