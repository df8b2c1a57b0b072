package sh.brane.client.contract;

import java.util.Optional;

import sh.brane.core.abi.RevertReason;

/**
 * A contract call or transaction reverted. {@link #error()} is the contract's custom error decoded into the
 * record the interface declares for it (null when the revert was {@code Error(string)}, a panic, or an error
 * no record is declared for); {@link #reason()} is the decoded reason in every case. The cause, if any, is the
 * node's {@link sh.brane.client.RevertException}.
 */
public final class ContractRevertException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final transient RevertReason reason;
    private final transient Record error;

    ContractRevertException(String call, RevertReason reason, Record error, Throwable cause) {
        super(call + " " + (error != null ? "reverted with " + error : reason), cause);
        this.reason = reason;
        this.error = error;
    }

    /** The decoded revert reason. */
    public RevertReason reason() {
        return reason;
    }

    /** The custom error as its record, or null. */
    public Record error() {
        return error;
    }

    /** The custom error if it is a {@code type}, e.g. {@code e.error(InsufficientBalance.class)}. */
    public <E extends Record> Optional<E> error(Class<E> type) {
        return type.isInstance(error) ? Optional.of(type.cast(error)) : Optional.empty();
    }
}
