package sh.brane.devnet;

/** No Anvil binary was found and none could be installed; the message says how to install one. */
public class AnvilNotFoundException extends AnvilException {
    private static final long serialVersionUID = 1L;

    public AnvilNotFoundException(String message) {
        super(message);
    }

    public AnvilNotFoundException(String message, Throwable cause) {
        super(message, cause);
    }
}
