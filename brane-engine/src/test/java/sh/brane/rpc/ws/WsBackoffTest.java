package sh.brane.rpc.ws;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import org.junit.jupiter.api.Test;

/** Reconnect and retry waits double up to the max and keep at least half of it, however many attempts there are. */
class WsBackoffTest {

    @Test
    void everyAttemptWaitsBetweenHalfAndAllOfItsDoubledBackoffUpToTheMax() {
        Duration initial = Duration.ofHours(1);
        Duration max = Duration.ofHours(1);
        for (int attempt = 1; attempt <= 1000; attempt++) {
            assertThat(WsConnection.backoff(initial, max, attempt)).as("attempt %d", attempt)
                    .isBetween(max.toNanos() / 2, max.toNanos());
        }
        Duration first = Duration.ofMillis(100);
        for (int attempt = 1; attempt <= 1000; attempt++) {
            long base = Math.min(max.toNanos(), first.toNanos() << Math.min(attempt - 1, 20));
            assertThat(WsConnection.backoff(first, max, attempt)).as("attempt %d", attempt).isBetween(base / 2, base);
        }
    }
}
