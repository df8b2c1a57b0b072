package sh.brane.rpc.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import sh.brane.rpc.HttpConfig;

/** Retry waits: the node's Retry-After when it sends one, else doubled up to the max and at least half of it, however
 *  many retries a config allows. */
class HttpBackoffTest {

    @Test
    void retryAfterParsesSecondsAndDates() {
        assertThat(HttpBackoff.parseRetryAfter("2")).isEqualTo(TimeUnit.SECONDS.toNanos(2));
        assertThat(HttpBackoff.parseRetryAfter(null)).isEqualTo(-1);
        assertThat(HttpBackoff.parseRetryAfter("soon")).isEqualTo(-1);
        assertThat(HttpBackoff.parseRetryAfter("-5")).isEqualTo(-1);
        assertThat(HttpBackoff.parseRetryAfter("Wed, 21 Oct 2015 07:28:00 GMT")).isZero();
    }

    @Test
    void everyRetryWaitsBetweenHalfAndAllOfItsDoubledBackoffUpToTheMax() {
        Duration initial = Duration.ofSeconds(10);
        Duration max = Duration.ofMinutes(1);
        HttpConfig config = HttpConfig.builder("http://127.0.0.1:8545").maxRetries(100)
                .retryInitialBackoff(initial).retryMaxBackoff(max).build();

        for (int attempt = 1; attempt <= 100; attempt++) {
            long base = Math.min(max.toNanos(), initial.toNanos() << Math.min(attempt - 1, 3));
            assertThat(HttpBackoff.backoff(config, attempt)).as("retry %d", attempt).isBetween(base / 2, base);
        }
    }
}
