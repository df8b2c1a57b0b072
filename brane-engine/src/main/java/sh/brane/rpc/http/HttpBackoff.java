package sh.brane.rpc.http;

import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.ThreadLocalRandom;

import sh.brane.rpc.HttpConfig;

/** How long an HTTP call waits before it is tried again: the node's {@code Retry-After}, else a jittered back-off. */
public final class HttpBackoff {

    private HttpBackoff() { }

    /** The wait before retry number {@code attempt}: exponential from the initial back-off, capped, half jittered. */
    static long backoff(HttpConfig config, int attempt) {
        long initial = config.retryInitialBackoff().toNanos();
        long max = config.retryMaxBackoff().toNanos();
        long base = Math.min(max, initial << Math.min(attempt - 1, 30));
        return base / 2 + ThreadLocalRandom.current().nextLong(base / 2 + 1);
    }

    /** Retry-After as delta-seconds or an HTTP date; -1 if absent or unreadable. */
    public static long parseRetryAfter(String value) {
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
                long nanos = Duration.between(ZonedDateTime.now(at.getZone()), at).toNanos();
                return Math.max(0, nanos);
            } catch (java.time.format.DateTimeParseException e) {
                return -1;
            }
        }
    }
}
