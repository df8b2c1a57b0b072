package sh.brane.example.transfer;

import sh.brane.core.abi.RevertReason;

/** The transfer cannot succeed (it would revert, or the signer cannot pay); nothing was signed or sent. */
public class TransferRejectedException extends RuntimeException {

    private final String title;
    private final transient RevertReason reason;

    public TransferRejectedException(String title, String detail, RevertReason reason) {
        super(detail);
        this.title = title;
        this.reason = reason;
    }

    public String title() {
        return title;
    }

    /** The decoded revert, or null when the transfer was refused for another cause. */
    public RevertReason reason() {
        return reason;
    }
}
