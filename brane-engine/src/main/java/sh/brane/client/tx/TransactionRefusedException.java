package sh.brane.client.tx;

import java.util.Locale;

import sh.brane.core.types.Hash;
import sh.brane.rpc.RpcErrorException;

/**
 * A node refused a signed transaction at {@code eth_sendRawTransaction}. The {@link #refusal()} says why in a form
 * code can act on; the journal entry is {@link TxState#REJECTED} (if it had not moved on meanwhile) and the nonce
 * was handled as the refusal requires (see {@link Refusal}). An unrecognised answer ({@link Refusal#OTHER}) is not
 * reported with this type: the sender reports it as {@link sh.brane.client.SubmissionUnknownException}.
 */
public final class TransactionRefusedException extends RpcErrorException {

    /**
     * Why a node refused, read from the clients' own texts ({@link RefusalTexts}: Geth, Nethermind, Erigon, Besu,
     * Reth, Anvil). Each kind says whether the nonce is held by something else ({@link #nonceTaken()}) and whether
     * the refused bytes may still sit in some pool ({@link #mayBePooled()}); a nonce is handed out again only when
     * neither holds ({@link #provesNotPooled()}), and even then only if nothing else in the journal holds it.
     */
    public enum Refusal {
        /** The nonce is already used on chain: the account's nonce counter is resynchronised from the node. */
        NONCE_TOO_LOW,
        /** The pool holds another transaction at this nonce with fees too close to this one's. */
        REPLACEMENT_UNDERPRICED,
        /**
         * Not admitted: the fee is below the pool's minimum, or the pool is full and this one pays less than what
         * it would evict (Geth's "transaction underpriced"). Unlike {@link #REPLACEMENT_UNDERPRICED} nothing holds
         * the nonce.
         */
        UNDERPRICED,
        /** The balance does not cover value plus gas times max fee: not admitted. */
        INSUFFICIENT_FUNDS,
        /** The max fee per gas is below the current block's base fee: not admitted. */
        FEE_BELOW_BASE_FEE,
        /** The gas limit is over the block's gas limit: not admitted. */
        GAS_LIMIT,
        /** The pool is full, or the account has as many transactions in it as it may: not admitted. */
        POOL_FULL,
        /** A gateway in front of the node refused the request before a node saw it. */
        RATE_LIMITED,
        /**
         * The transaction can never be valid as sent (intrinsic gas, chain id, signature, size, type, or a blob
         * sidecar in the form of another fork): not admitted.
         */
        INVALID,
        /** The node already holds these very bytes: not a refusal (the broadcast succeeded earlier). */
        ALREADY_KNOWN,
        /**
         * An answer no client's text explains (a proxy's error page, a new client): the transaction may have been
         * pooled. The journal entry stays SIGNED with its nonce reserved, and the sender reports
         * {@link sh.brane.client.SubmissionUnknownException} so that nobody pays again; the tracker looks it up
         * and re-sends the same bytes.
         */
        OTHER;

        /** True if the refusal means the nonce is taken and must not be handed out again. */
        public boolean nonceTaken() {
            return this == NONCE_TOO_LOW || this == REPLACEMENT_UNDERPRICED;
        }

        /** True if the refused bytes may nevertheless be in some pool (and so may still be mined). */
        public boolean mayBePooled() {
            return this == ALREADY_KNOWN || this == OTHER;
        }

        /** True if the answer proves the bytes were not admitted and nothing the answer names holds the nonce. */
        public boolean provesNotPooled() {
            return !nonceTaken() && !mayBePooled();
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

    /** Reads the refusal from the node's message (see {@link RefusalTexts}). */
    public static Refusal classify(String rpcMessage) {
        return RefusalTexts.classify(rpcMessage);
    }

    /** True when the node answers that it already holds these very bytes: the broadcast succeeded earlier. */
    public static boolean isAlreadyKnown(String rpcMessage) {
        if (RefusalTexts.classify(rpcMessage) == Refusal.ALREADY_KNOWN) {
            return true;
        }
        String m = rpcMessage == null ? "" : rpcMessage.toLowerCase(Locale.ROOT);
        return m.contains("already exists") || m.contains("already in");
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
