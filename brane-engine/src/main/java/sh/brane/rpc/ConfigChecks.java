package sh.brane.rpc;

import java.time.Duration;

/** Validation helpers whose messages name the option, the value and what is allowed. */
final class ConfigChecks {

    private ConfigChecks() { }

    static int intInRange(String option, int value, int min, int max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(option + " must be between " + min + " and " + max + ", got " + value);
        }
        return value;
    }

    static Duration positive(String option, Duration value, Duration max) {
        if (value == null || value.isZero() || value.isNegative() || value.compareTo(max) > 0) {
            throw new IllegalArgumentException(option + " must be a positive duration of at most " + max + ", got " + value);
        }
        return value;
    }

    static Duration positiveOrZero(String option, Duration value, Duration max) {
        if (value == null || value.isNegative() || value.compareTo(max) > 0) {
            throw new IllegalArgumentException(option + " must be zero (off) or a positive duration of at most " + max
                    + ", got " + value);
        }
        return value;
    }

    static <T> T notNull(String option, T value) {
        if (value == null) {
            throw new IllegalArgumentException(option + " must not be null");
        }
        return value;
    }
}
