package sh.brane.rpc.http;

import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.ThreadLocalRandom;

import sh.brane.rpc.HttpConfig;

/** How long an HTTP call waits before it is tried again: the node's {@code Retry-After}, else a jittered back-off. */
final class HttpBackoff {

    private HttpBackoff() { }

    /** The wait before retry number {@code attempt}: doubled from the initial back-off up to the max (without
     *  overflowing, however many attempts), with "equal jitter": at least half of it. */
    static long backoff(HttpConfig config, int attempt) {
        long first = config.retryInitialBackoff().toNanos();
        long cap = config.retryMaxBackoff().toNanos();
        int doublings = attempt - 1;
        long base = doublings >= Long.numberOfLeadingZeros(first) - 1 ? cap : Math.min(cap, first << doublings);
        return base / 2 + ThreadLocalRandom.current().nextLong(base / 2 + 1);
    }

    /** Retry-After as delta-seconds or an HTTP date; -1 if absent or unreadable. */
    static long parseRetryAfter(String value) {
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
