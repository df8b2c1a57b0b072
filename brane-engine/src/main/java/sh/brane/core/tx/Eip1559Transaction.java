package sh.brane.core.tx;

import java.math.BigInteger;
import java.util.List;

import sh.brane.core.types.Address;

/**
 * An EIP-1559 (type 2) transaction: the sender pays at most {@code maxFeePerGas} per gas, of which
 * at most {@code maxPriorityFeePerGas} goes to the block producer.
 */
public final class Eip1559Transaction extends FeeMarketTransaction implements Transaction {

    Eip1559Transaction(long chainId, long nonce, BigInteger maxPriorityFeePerGas, BigInteger maxFeePerGas,
            long gasLimit, Address to, BigInteger value, byte[] data, List<AccessListEntry> accessList) {
        super(chainId, nonce, maxPriorityFeePerGas, maxFeePerGas, gasLimit, to, value, data, accessList, null);
    }

    public static Builder builder() {
        return new Builder();
    }

    @Override
    public TransactionType type() {
        return TransactionType.EIP1559;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Eip1559Transaction t && feeMarketEquals(t);
    }

    @Override
    public int hashCode() {
        return feeMarketHashCode();
    }

    /** Builds an {@link Eip1559Transaction}; chain id, nonce, both fee caps, gas limit and recipient are required. */
    public static final class Builder extends FeeMarketBuilder<Builder, Eip1559Transaction> {

        Builder() {
        }

        @Override
        public Eip1559Transaction build() {
            long id = requireFeeMarket(null);
            return new Eip1559Transaction(id, nonce, maxPriorityFeePerGas, maxFeePerGas, gasLimit, to, value, data,
                    accessList);
        }
    }
}
