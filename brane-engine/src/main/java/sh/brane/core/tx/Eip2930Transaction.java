package sh.brane.core.tx;

import java.math.BigInteger;
import java.util.List;

import sh.brane.core.types.Address;
import sh.brane.primitives.Rlp;
import sh.brane.primitives.RlpWriter;

/**
 * An EIP-2930 (type 1) transaction: a legacy-priced transaction with a chain id and an access list.
 */
public final class Eip2930Transaction extends BaseTransaction implements Transaction {

    private final BigInteger gasPrice;
    private final List<AccessListEntry> accessList;

    Eip2930Transaction(long chainId, long nonce, BigInteger gasPrice, long gasLimit, Address to, BigInteger value,
            byte[] data, List<AccessListEntry> accessList) {
        super(Checks.chainId(chainId), nonce, gasLimit, to, value, data);
        this.gasPrice = Checks.uint256("gasPrice", gasPrice);
        this.accessList = AccessLists.copy(accessList);
    }

    public static Builder builder() {
        return new Builder();
    }

    @Override
    public TransactionType type() {
        return TransactionType.EIP2930;
    }

    public BigInteger gasPrice() {
        return gasPrice;
    }

    /** The access list (unmodifiable, possibly empty). */
    public List<AccessListEntry> accessList() {
        return accessList;
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
    int tailLength() {
        return AccessLists.length(accessList);
    }

    @Override
    void writeTail(RlpWriter w) {
        AccessLists.write(w, accessList);
    }

    @Override
    long envelopeV(int yParity) {
        return yParity;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Eip2930Transaction t && commonEquals(t) && gasPrice.equals(t.gasPrice)
                && accessList.equals(t.accessList);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * commonHashCode() + gasPrice.hashCode()) + accessList.hashCode();
    }

    @Override
    void describePricing(StringBuilder sb) {
        sb.append("gasPrice=").append(gasPrice);
    }

    @Override
    void describeTail(StringBuilder sb) {
        sb.append(", accessList=").append(accessList);
    }

    /** Builds an {@link Eip2930Transaction}; chain id, nonce, gas price, gas limit and recipient are required. */
    public static final class Builder extends TransactionBuilder<Builder, Eip2930Transaction> {

        private BigInteger gasPrice;
        private List<AccessListEntry> accessList = List.of();

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

        /** The access list (copied); empty by default. */
        public Builder accessList(List<AccessListEntry> accessList) {
            this.accessList = AccessLists.copy(accessList);
            return this;
        }

        @Override
        public Eip2930Transaction build() {
            long id = requireChainId();
            requireCommon();
            return new Eip2930Transaction(id, nonce, Checks.notNull("gasPrice", gasPrice), gasLimit, to, value, data,
                    accessList);
        }
    }
}
