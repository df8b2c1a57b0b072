package sh.brane.client.auth;

/**
 * A Sign-In with Ethereum message that breaks EIP-4361: {@link #field()} names the field as the EIP's ABNF does
 * ({@code nonce}, {@code issued-at}...), or {@code message} for the layout around the fields.
 */
public final class SiweException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final String field;

    SiweException(String field, String message) {
        super(field + ": " + message);
        this.field = field;
    }

    /** The EIP-4361 field at fault. */
    public String field() {
        return field;
    }
}
