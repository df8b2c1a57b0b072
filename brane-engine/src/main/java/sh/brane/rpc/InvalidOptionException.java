package sh.brane.rpc;

/**
 * A configuration option with a value the engine refuses, carrying the option's name, the value as safe to show
 * and the reason, so a caller (such as the Spring Boot starter) can map it onto its own setting by option rather
 * than by reading the message. Its message keeps the form {@code "<option> <reason>, got <value>"}.
 */
public class InvalidOptionException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final String option;

    private final String value;

    private final String reason;

    /**
     * @param option the builder option or parameter, e.g. {@code maxBatchSize}
     * @param value  the refused value as safe to show (never a secret: pass a placeholder for one)
     * @param reason what is allowed, e.g. {@code must be between 1 and 10000}
     */
    public InvalidOptionException(String option, String value, String reason) {
        this(option, value, reason, option + " " + reason + ", got " + value);
    }

    /** With a message of its own, where the usual form would read badly. */
    public InvalidOptionException(String option, String value, String reason, String message) {
        super(message);
        this.option = option;
        this.value = value;
        this.reason = reason;
    }

    /** The option's name as the builder or constructor calls it, e.g. {@code ringBufferSize}. */
    public String option() {
        return option;
    }

    /** The refused value as safe to show. */
    public String value() {
        return value;
    }

    /** What is allowed, e.g. {@code must be a power of two between 2 and 16777216}. */
    public String reason() {
        return reason;
    }
}
