package sh.brane.core.tx;

import java.math.BigInteger;

import sh.brane.core.types.Address;
import sh.brane.primitives.Rlp;
import sh.brane.primitives.RlpWriter;

/**
 * A legacy (type 0) transaction priced by {@code gasPrice}. With a chain id it is signed under
 * EIP-155 ({@code v = chainId * 2 + 35 + yParity}); without one ({@link #chainId()} is 0) it is
 * the original, replayable-on-any-chain form ({@code v = 27 + yParity}).
 */
public final class LegacyTransaction extends BaseTransaction implements Transaction {

    private final BigInteger gasPrice;

    LegacyTransaction(long chainId, long nonce, BigInteger gasPrice, long gasLimit, Address to, BigInteger value,
            byte[] data) {
        super(chainId == 0 ? 0 : Checks.chainId(chainId), nonce, gasLimit, to, value, data);
        this.gasPrice = Checks.uint256("gasPrice", gasPrice);
    }

    public static Builder builder() {
        return new Builder();
    }

    @Override
    public TransactionType type() {
        return TransactionType.LEGACY;
    }

    /** True if signed under EIP-155, i.e. bound to {@link #chainId()}. */
    public boolean isReplayProtected() {
        return chainId != 0;
    }

    public BigInteger gasPrice() {
        return gasPrice;
    }

    @Override
    int pricingLength() {
        return Rlp.sizeOfBigInteger(gasPrice);
    }

    @Override
    void writePricing(RlpWriter w) {
        w.writeBigInteger(gasPrice);
    }

    @Override
    int signingSuffixLength() {
        return chainId == 0 ? 0 : Rlp.sizeOfLong(chainId) + 2;
    }

    @Override
    void writeSigningSuffix(RlpWriter w) {
        if (chainId == 0) {
            return;
        }
        w.writeLong(chainId);
        w.writeLong(0);
        w.writeLong(0);
    }

    @Override
    long envelopeV(int yParity) {
        return chainId == 0 ? 27 + yParity : chainId * 2 + 35 + yParity;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LegacyTransaction t && commonEquals(t) && gasPrice.equals(t.gasPrice);
    }

    @Override
    public int hashCode() {
        return 31 * commonHashCode() + gasPrice.hashCode();
    }

    @Override
    String chainIdText() {
        return chainId == 0 ? "none (pre-EIP-155)" : Long.toString(chainId);
    }

    @Override
    void describePricing(StringBuilder sb) {
        sb.append("gasPrice=").append(gasPrice);
    }

    /** Builds a {@link LegacyTransaction}; see {@link TransactionBuilder} for the common fields. */
    public static final class Builder extends TransactionBuilder<Builder, LegacyTransaction> {

        private BigInteger gasPrice;
        private boolean unprotected;

        Builder() {
        }

        /** The price per gas in wei. */
        public Builder gasPrice(BigInteger gasPrice) {
            this.gasPrice = Checks.uint256("gasPrice", gasPrice);
            return this;
        }

        /** The price per gas in wei. */
        public Builder gasPrice(long gasPrice) {
            return gasPrice(BigInteger.valueOf(Checks.nonNegative("gasPrice", gasPrice)));
        }

        /**
         * Signs without EIP-155: the transaction is valid on every chain. Only for replaying
         * pre-EIP-155 transactions (e.g. deterministic deployment proxies); nodes may refuse it.
         */
        public Builder withoutReplayProtection() {
            this.unprotected = true;
            this.chainId = -1;
            return this;
        }

        @Override
        public Builder chainId(long chainId) {
            this.unprotected = false;
            return super.chainId(chainId);
        }

        @Override
        public LegacyTransaction build() {
            if (!unprotected && chainId < 0) {
                throw new InvalidTransactionException("chainId is not set: set it (EIP-155), or call"
                        + " withoutReplayProtection() for a transaction valid on every chain");
            }
            requireCommon();
            return new LegacyTransaction(unprotected ? 0 : chainId, nonce, Checks.notNull("gasPrice", gasPrice),
                    gasLimit, to, value, data);
        }
    }
}
