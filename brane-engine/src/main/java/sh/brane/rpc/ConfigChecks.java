package sh.brane.rpc;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;

/** Validation helpers whose messages name the option, the value and what is allowed. */
final class ConfigChecks {

    private ConfigChecks() { }

    static int intInRange(String option, int value, int min, int max) {
        if (value < min || value > max) {
            throw new InvalidOptionException(option, String.valueOf(value), "must be between " + min + " and " + max);
        }
        return value;
    }

    static Duration positive(String option, Duration value, Duration max) {
        if (value == null || value.isZero() || value.isNegative() || value.compareTo(max) > 0) {
            throw new InvalidOptionException(option, String.valueOf(value), "must be a positive duration of at most " + max);
        }
        return value;
    }

    static Duration positiveOrZero(String option, Duration value, Duration max) {
        if (value == null || value.isNegative() || value.compareTo(max) > 0) {
            throw new InvalidOptionException(option, String.valueOf(value),
                    "must be zero (off) or a positive duration of at most " + max);
        }
        return value;
    }

    static <T> T notNull(String option, T value) {
        if (value == null) {
            throw new InvalidOptionException(option, "null", "must not be null");
        }
        return value;
    }

    /**
     * Parses the endpoint URL; it must have one of {@code schemes} (any case) and a host.
     *
     * @param expected what the messages call an acceptable URL, e.g. {@code "a ws:// or wss:// URL"}
     */
    static URI url(String url, String expected, String... schemes) {
        if (url == null) {
            throw new InvalidOptionException("url", "null", "must be " + expected);
        }
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw new InvalidOptionException("url", "a malformed URL (" + e.getReason() + ")", "must be " + expected);
        }
        String scheme = uri.getScheme();
        if (!hasScheme(scheme, schemes)) {
            throw new InvalidOptionException("url", "scheme " + scheme, "must be " + expected);
        }
        if (uri.getHost() == null) {
            throw new InvalidOptionException("url", "none", "must name a host");
        }
        return uri;
    }

    private static boolean hasScheme(String scheme, String... schemes) {
        if (scheme != null) {
            for (String s : schemes) {
                if (scheme.equalsIgnoreCase(s)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The endpoint name used in metrics and logs. */
    static String name(String name) {
        if (name == null || name.isBlank()) {
            throw new InvalidOptionException("name", String.valueOf(name), "must be non-blank");
        }
        return name;
    }

    /** A header to send; the message never shows the value, which is often an API key. */
    static void header(String name, String value) {
        if (name == null || name.isBlank() || value == null) {
            throw new InvalidOptionException("header", name + "=" + (value == null ? "null" : "<value>"),
                    "name must be non-blank and value non-null");
        }
    }

    /** The largest of a pair of backoff delays must not be below the first. */
    static Duration atLeast(String option, Duration value, String floorOption, Duration floor) {
        if (value.compareTo(floor) < 0) {
            throw new InvalidOptionException(option, String.valueOf(value),
                    "must be at least " + floorOption + " (" + floor + ")");
        }
        return value;
    }
}
