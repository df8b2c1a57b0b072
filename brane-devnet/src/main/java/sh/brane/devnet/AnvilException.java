package sh.brane.devnet;

/** Anvil could not be found, installed, started or stopped. The message says why and, when known, shows Anvil's last output. */
public class AnvilException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public AnvilException(String message) {
        super(message);
    }

    public AnvilException(String message, Throwable cause) {
        super(message, cause);
    }
}
