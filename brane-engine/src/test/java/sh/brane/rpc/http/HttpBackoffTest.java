package sh.brane.rpc.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import sh.brane.rpc.HttpConfig;

/** Retry waits double up to the max and keep at least half of it, however many retries a config allows. */
class HttpBackoffTest {

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
