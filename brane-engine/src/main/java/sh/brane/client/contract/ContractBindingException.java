package sh.brane.client.contract;

/**
 * A contract interface (or an event or error record) does not match its ABI: thrown when it is bound, naming
 * the method or record and the mismatch, so that no call fails later for a reason known in advance.
 */
public final class ContractBindingException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public ContractBindingException(String message) {
        super(message);
    }
}
