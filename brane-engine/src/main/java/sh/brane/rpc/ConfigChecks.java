package sh.brane.rpc;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

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

    /** Parses the endpoint URL; {@link #url(URI, String, String...)} checks it. */
    static URI parseUrl(String url, String expected) {
        if (url == null) {
            throw new InvalidOptionException("url", "null", "must be " + expected);
        }
        try {
            return new URI(url);
        } catch (URISyntaxException e) {
            throw new InvalidOptionException("url", "a malformed URL (" + e.getReason() + ")", "must be " + expected);
        }
    }

    /**
     * The endpoint URL must have one of {@code schemes} (any case) and a host.
     *
     * @param expected what the messages call an acceptable URL, e.g. {@code "a ws:// or wss:// URL"}
     */
    static URI url(URI uri, String expected, String... schemes) {
        if (uri == null) {
            throw new InvalidOptionException("url", "null", "must be " + expected);
        }
        String scheme = uri.getScheme();
        if (scheme == null || Arrays.stream(schemes).noneMatch(scheme::equalsIgnoreCase)) {
            throw new InvalidOptionException("url", "scheme " + scheme, "must be " + expected);
        }
        if (uri.getHost() == null) {
            throw new InvalidOptionException("url", "none", "must name a host");
        }
        return uri;
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

    /** Every header checked, as an unmodifiable copy that keeps their order. */
    static Map<String, String> headers(Map<String, String> headers) {
        notNull("headers", headers).forEach(ConfigChecks::header);
        return Collections.unmodifiableMap(new LinkedHashMap<>(headers));
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
