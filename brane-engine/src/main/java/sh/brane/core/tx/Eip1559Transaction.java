package sh.brane.core.tx;

import java.math.BigInteger;
import java.util.List;

import sh.brane.core.types.Address;
import sh.brane.primitives.Rlp;
import sh.brane.primitives.RlpWriter;

/**
 * An EIP-1559 (type 2) transaction: the sender pays at most {@code maxFeePerGas} per gas, of which
 * at most {@code maxPriorityFeePerGas} goes to the block producer.
 */
public final class Eip1559Transaction extends BaseTransaction implements Transaction {

    private final BigInteger maxPriorityFeePerGas;
    private final BigInteger maxFeePerGas;
    private final List<AccessListEntry> accessList;

    Eip1559Transaction(long chainId, long nonce, BigInteger maxPriorityFeePerGas, BigInteger maxFeePerGas,
            long gasLimit, Address to, BigInteger value, byte[] data, List<AccessListEntry> accessList) {
        super(Checks.chainId(chainId), nonce, gasLimit, to, value, data);
        Checks.feeCaps(maxPriorityFeePerGas, maxFeePerGas);
        this.maxPriorityFeePerGas = maxPriorityFeePerGas;
        this.maxFeePerGas = maxFeePerGas;
        this.accessList = AccessLists.copy(accessList);
    }

    public static Builder builder() {
        return new Builder();
    }

    @Override
    public TransactionType type() {
        return TransactionType.EIP1559;
    }

    public BigInteger maxPriorityFeePerGas() {
        return maxPriorityFeePerGas;
    }

    public BigInteger maxFeePerGas() {
        return maxFeePerGas;
    }

    /** The access list (unmodifiable, possibly empty). */
    public List<AccessListEntry> accessList() {
        return accessList;
    }

    @Override
    int computeFieldsLength() {
        return Rlp.sizeOfLong(chainId) + Rlp.sizeOfLong(nonce) + Rlp.sizeOfBigInteger(maxPriorityFeePerGas)
                + Rlp.sizeOfBigInteger(maxFeePerGas) + Rlp.sizeOfLong(gasLimit) + TxRlp.lengthOfAddress(to)
                + Rlp.sizeOfBigInteger(value) + Rlp.sizeOfBytes(data) + AccessLists.length(accessList);
    }

    @Override
    void writeFields(RlpWriter w) {
        w.writeLong(chainId);
        w.writeLong(nonce);
        w.writeBigInteger(maxPriorityFeePerGas);
        w.writeBigInteger(maxFeePerGas);
        w.writeLong(gasLimit);
        TxRlp.writeAddress(w, to);
        w.writeBigInteger(value);
        w.writeBytes(data);
        AccessLists.write(w, accessList);
    }

    @Override
    long envelopeV(int yParity) {
        return yParity;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Eip1559Transaction t && commonEquals(t)
                && maxPriorityFeePerGas.equals(t.maxPriorityFeePerGas) && maxFeePerGas.equals(t.maxFeePerGas)
                && accessList.equals(t.accessList);
    }

    @Override
    public int hashCode() {
        int h = 31 * commonHashCode() + maxPriorityFeePerGas.hashCode();
        h = 31 * h + maxFeePerGas.hashCode();
        return 31 * h + accessList.hashCode();
    }

    @Override
    public String toString() {
        return "Eip1559Transaction[chainId=" + chainId + ", nonce=" + nonce + ", maxPriorityFeePerGas="
                + maxPriorityFeePerGas + ", maxFeePerGas=" + maxFeePerGas + ", gasLimit=" + gasLimit + ", to="
                + toPreview() + ", value=" + value + ", data=" + dataPreview() + ", accessList=" + accessList + "]";
    }

    /** Builds an {@link Eip1559Transaction}; chain id, nonce, both fee caps, gas limit and recipient are required. */
    public static final class Builder extends TransactionBuilder<Builder, Eip1559Transaction> {

        private BigInteger maxPriorityFeePerGas;
        private BigInteger maxFeePerGas;
        private List<AccessListEntry> accessList = List.of();

        Builder() {
        }

        /** The most wei per gas paid to the block producer on top of the base fee. */
        public Builder maxPriorityFeePerGas(BigInteger fee) {
            this.maxPriorityFeePerGas = Checks.uint256("maxPriorityFeePerGas", fee);
            return this;
        }

        public Builder maxPriorityFeePerGas(long fee) {
            return maxPriorityFeePerGas(BigInteger.valueOf(Checks.nonNegative("maxPriorityFeePerGas", fee)));
        }

        /** The most wei per gas paid in total (base fee plus tip); at least {@code maxPriorityFeePerGas}. */
        public Builder maxFeePerGas(BigInteger fee) {
            this.maxFeePerGas = Checks.uint256("maxFeePerGas", fee);
            return this;
        }

        public Builder maxFeePerGas(long fee) {
            return maxFeePerGas(BigInteger.valueOf(Checks.nonNegative("maxFeePerGas", fee)));
        }

        /** The access list (copied); empty by default. */
        public Builder accessList(List<AccessListEntry> accessList) {
            this.accessList = AccessLists.copy(accessList);
            return this;
        }

        @Override
        public Eip1559Transaction build() {
            long id = requireChainId();
            requireCommon();
            return new Eip1559Transaction(id, nonce, Checks.notNull("maxPriorityFeePerGas", maxPriorityFeePerGas),
                    Checks.notNull("maxFeePerGas", maxFeePerGas), gasLimit, to, value, data, accessList);
        }
    }
}
