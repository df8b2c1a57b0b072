package sh.brane.spring.boot.autoconfigure;

/**
 * Thrown at start-up when a <em>secret</em> {@code brane.*} property (a private key, a password, a header that may
 * hold an API key) has a value the starter rejects. The message names the property, a masked value and what is
 * allowed. Every other property fails with Boot's own
 * {@link org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException}: this class
 * stays only because Boot's failure analyzer prints the value it finds in the environment, which for a secret would
 * put the secret in the start-up report (BraneSecretsTests proves it does not). Its constructor is public so that an
 * application on the starter can refuse a secret property of its own the same way (the example app's API password).
 */
public class InvalidBranePropertyException extends RuntimeException {

    private final String property;

    private final String displayValue;

    private final String reason;

    /**
     * @param property the full property name
     * @param displayValue the value as safe to show: {@code ******} for a secret
     * @param reason what is wrong and what is allowed
     */
    public InvalidBranePropertyException(String property, String displayValue, String reason) {
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
