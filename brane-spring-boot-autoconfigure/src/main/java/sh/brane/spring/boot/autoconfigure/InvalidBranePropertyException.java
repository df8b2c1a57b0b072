package sh.brane.spring.boot.autoconfigure;

/**
 * Thrown at start-up when a {@code brane.*} property has a value the engine rejects. The message names the
 * property, the value (masked for secrets) and what is allowed.
 */
public class InvalidBranePropertyException extends RuntimeException {

    private final String property;

    private final String displayValue;

    private final String reason;

    InvalidBranePropertyException(String property, String displayValue, String reason) {
        super("Invalid value '" + displayValue + "' for property " + property + ": " + reason);
        this.property = property;
        this.displayValue = displayValue;
        this.reason = reason;
    }

    /** The full property name, e.g. {@code brane.rpc.ws.ring-buffer-size}. */
    public String getProperty() {
        return this.property;
    }

    /** The value as safe to show; {@code ******} for secrets. */
    public String getDisplayValue() {
        return this.displayValue;
    }

    /** What is wrong and what is allowed. */
    public String getReason() {
        return this.reason;
    }
}
