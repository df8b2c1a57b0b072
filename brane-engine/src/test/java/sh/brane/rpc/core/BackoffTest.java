package sh.brane.rpc.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/** Retry and reconnect waits: the node's Retry-After when it sends one, else doubled up to the max and at least half
 *  of it, however many attempts there are. */
class BackoffTest {

    @Test
    void retryAfterParsesSecondsAndDates() {
        assertThat(Backoff.retryAfterNanos("2")).isEqualTo(TimeUnit.SECONDS.toNanos(2));
        assertThat(Backoff.retryAfterNanos(null)).isEqualTo(-1);
        assertThat(Backoff.retryAfterNanos("soon")).isEqualTo(-1);
        assertThat(Backoff.retryAfterNanos("-5")).isEqualTo(-1);
        assertThat(Backoff.retryAfterNanos("Wed, 21 Oct 2015 07:28:00 GMT")).isZero();
    }

    @Test
    void everyAttemptWaitsBetweenHalfAndAllOfItsDoubledBackoffUpToTheMax() {
        Duration initial = Duration.ofSeconds(10);
        Duration max = Duration.ofMinutes(1);
        for (int attempt = 1; attempt <= 100; attempt++) {
            long base = Math.min(max.toNanos(), initial.toNanos() << Math.min(attempt - 1, 3));
            assertThat(Backoff.jitteredNanos(initial, max, attempt)).as("retry %d", attempt).isBetween(base / 2, base);
        }
        Duration hour = Duration.ofHours(1);
        for (int attempt = 1; attempt <= 1000; attempt++) {
            assertThat(Backoff.jitteredNanos(hour, hour, attempt)).as("attempt %d", attempt)
                    .isBetween(hour.toNanos() / 2, hour.toNanos());
        }
        Duration first = Duration.ofMillis(100);
        for (int attempt = 1; attempt <= 1000; attempt++) {
            long base = Math.min(hour.toNanos(), first.toNanos() << Math.min(attempt - 1, 20));
            assertThat(Backoff.jitteredNanos(first, hour, attempt)).as("attempt %d", attempt).isBetween(base / 2, base);
        }
    }
}
