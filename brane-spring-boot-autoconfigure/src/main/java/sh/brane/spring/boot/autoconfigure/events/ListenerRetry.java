package sh.brane.spring.boot.autoconfigure.events;

import java.time.Duration;

import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.util.backoff.ExponentialBackOff;

/** {@code brane.events.listener.retry.*} checked and made into Spring's {@link ExponentialBackOff}. */
final class ListenerRetry {
    private static final String PREFIX = "brane.events.listener.retry.";

    private ListenerRetry() {
    }

    static ExponentialBackOff backOff(BraneEventsProperties.Retry retry) {
        check(retry.getMaxAttempts() >= 1, "max-attempts", retry.getMaxAttempts(),
                "must be 1 or more (calls of the method with one log, the first included; 1: no retry)");
        Duration initial = retry.getInitialInterval();
        check(initial != null && !initial.isNegative() && initial.compareTo(Duration.ofHours(1)) <= 0,
                "initial-interval", initial, "must be 0..1h");
        check(retry.getMultiplier() >= 1.0 && retry.getMultiplier() <= 100.0, "multiplier", retry.getMultiplier(),
                "must be 1..100 (1: a fixed interval)");
        Duration max = retry.getMaxInterval();
        check(max != null && max.compareTo(initial) >= 0 && max.compareTo(Duration.ofHours(1)) <= 0, "max-interval",
                max, "must be at least initial-interval (" + initial + ") and at most 1h");
        ExponentialBackOff backOff = new ExponentialBackOff(initial.toMillis(), retry.getMultiplier());
        backOff.setMaxInterval(max.toMillis());
        backOff.setMaxAttempts(retry.getMaxAttempts() - 1L); // ExponentialBackOff counts the retries only
        return backOff;
    }

    private static void check(boolean ok, String property, Object value, String reason) {
        if (!ok) {
            throw new InvalidConfigurationPropertyValueException(PREFIX + property, value, reason);
        }
    }
}
