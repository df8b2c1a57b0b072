package sh.brane.client.auth;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * An RFC 3339 {@code date-time} of a SIWE message, kept as written so that a parsed message formats back to the
 * exact text that was signed ({@code 2021-09-30T16:25:24.000+02:00} stays so), with the instant it names.
 *
 * @param text    the date-time as it appears in the message
 * @param instant the moment it names
 */
public record SiweTime(String text, Instant instant) {

    /** RFC 3339 section 5.6; "T" and "Z" are case-insensitive there, as in every ABNF string. */
    private static final Pattern DATE_TIME = Pattern.compile(
            "\\d{4}-\\d{2}-\\d{2}[Tt]\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?([Zz]|[+-]\\d{2}:\\d{2})");

    public SiweTime {
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(instant, "instant");
    }

    /** The time as UTC with a {@code Z}, the form wallets and libraries write ({@code 2021-09-30T16:25:24Z}). */
    public static SiweTime of(Instant instant) {
        Objects.requireNonNull(instant, "instant");
        return new SiweTime(DateTimeFormatter.ISO_INSTANT.format(instant), instant);
    }

    /**
     * Parses an RFC 3339 date-time.
     *
     * @param field the SIWE field it belongs to, for the error
     * @throws SiweException naming {@code field} if the text is not an RFC 3339 date-time
     */
    static SiweTime parse(String field, String text) {
        if (!DATE_TIME.matcher(text).matches()) {
            throw new SiweException(field, "\"" + text + "\" is not an RFC 3339 date-time such as"
                    + " 2021-09-30T16:25:24Z");
        }
        try {
            Instant instant = OffsetDateTime
                    .parse(text.toUpperCase(Locale.ROOT), DateTimeFormatter.ISO_OFFSET_DATE_TIME)
                    .toInstant();
            return new SiweTime(text, instant);
        } catch (DateTimeParseException e) {
            throw new SiweException(field, "\"" + text + "\" is not a real date and time (" + e.getMessage() + ")");
        }
    }

    @Override
    public String toString() {
        return text;
    }
}
