package sh.brane.client.tx;

import java.util.Locale;

import sh.brane.core.types.Hash;
import sh.brane.rpc.RpcErrorException;

/**
 * A node refused a signed transaction at {@code eth_sendRawTransaction}. The {@link #refusal()} says why in a form
 * code can act on; the journal entry is {@link TxState#REJECTED} and the nonce was handled as the refusal
 * requires (see {@link Refusal}).
 */
public final class TransactionRefusedException extends RpcErrorException {

    /** Why a node refused, recognised from the error messages of Geth, Anvil, Reth, Nethermind and Besu. */
    public enum Refusal {
        /** The nonce is already used on chain: the account's nonce counter is resynchronised from the node. */
        NONCE_TOO_LOW,
        /** The pool holds another transaction at this nonce with fees too close to this one's. */
        REPLACEMENT_UNDERPRICED,
        /** The balance does not cover value plus gas times max fee: the nonce is released for the next send. */
        INSUFFICIENT_FUNDS,
        /** Any other refusal: the nonce is released for the next send. */
        OTHER;

        /** True if the refusal means the nonce is taken and must not be handed out again. */
        public boolean nonceTaken() {
            return this == NONCE_TOO_LOW || this == REPLACEMENT_UNDERPRICED;
        }
    }

    private final Refusal refusal;
    private final transient Hash hash;
    private final long nonce;

    public TransactionRefusedException(RpcErrorException cause, Refusal refusal, Hash hash, long nonce) {
        super(cause.method(), cause.code(), cause.rpcMessage(), cause.data());
        initCause(cause);
        this.refusal = refusal;
        this.hash = hash;
        this.nonce = nonce;
    }

    /** Reads the refusal from the node's message. "already known" is not a refusal: see {@link #isAlreadyKnown}. */
    public static Refusal classify(String rpcMessage) {
        String m = rpcMessage == null ? "" : rpcMessage.toLowerCase(Locale.ROOT);
        if (m.contains("nonce too low") || m.contains("nonce is too low") || m.contains("oldnonce")) {
            return Refusal.NONCE_TOO_LOW;
        }
        if (m.contains("underpriced")) {
            return Refusal.REPLACEMENT_UNDERPRICED;
        }
        if (m.contains("insufficient funds") || m.contains("insufficientfunds")) {
            return Refusal.INSUFFICIENT_FUNDS;
        }
        return Refusal.OTHER;
    }

    /** True when the node answers that it already holds these very bytes: the broadcast succeeded earlier. */
    public static boolean isAlreadyKnown(String rpcMessage) {
        String m = rpcMessage == null ? "" : rpcMessage.toLowerCase(Locale.ROOT);
        return m.contains("already known") || m.contains("known transaction") || m.contains("already imported")
                || m.contains("alreadyknown") || m.contains("already exists") || m.contains("already in");
    }

    public Refusal refusal() {
        return refusal;
    }

    /** The refused transaction's hash. */
    public Hash hash() {
        return hash;
    }

    public long nonce() {
        return nonce;
    }

    @Override
    public String getMessage() {
        return "the node refused transaction " + hash + " (nonce " + nonce + ") as " + refusal + ": "
                + super.getMessage();
    }
}
