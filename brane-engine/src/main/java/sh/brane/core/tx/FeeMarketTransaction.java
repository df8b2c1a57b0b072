package sh.brane.core.tx;

import java.math.BigInteger;
import java.util.List;

import sh.brane.core.types.Address;
import sh.brane.primitives.Rlp;
import sh.brane.primitives.RlpWriter;

/**
 * What the EIP-1559 fee market types (2, 3 and 4) share: the two fee caps in the price slot and the
 * access list that starts the tail, checked, encoded, compared and printed in one place. Types 3 and
 * 4 append their own fields after the access list.
 */
abstract sealed class FeeMarketTransaction extends BaseTransaction
        permits Eip1559Transaction, Eip4844Transaction, Eip7702Transaction {

    final BigInteger maxPriorityFeePerGas;
    final BigInteger maxFeePerGas;
    final List<AccessListEntry> accessList;

    /**
     * @param recipientRequiredBy the EIP name ("EIP-4844") of a type that cannot create a contract,
     *     or {@code null} if this type can
     */
    FeeMarketTransaction(long chainId, long nonce, BigInteger maxPriorityFeePerGas, BigInteger maxFeePerGas,
            long gasLimit, Address to, BigInteger value, byte[] data, List<AccessListEntry> accessList,
            String recipientRequiredBy) {
        super(Checks.chainId(chainId), nonce, gasLimit, to, value, data);
        if (recipientRequiredBy != null) {
            Checks.recipient(recipientRequiredBy, to);
        }
        Checks.feeCaps(maxPriorityFeePerGas, maxFeePerGas);
        this.maxPriorityFeePerGas = maxPriorityFeePerGas;
        this.maxFeePerGas = maxFeePerGas;
        this.accessList = AccessLists.copy(accessList);
    }

    /** The most wei per gas paid to the block producer on top of the base fee. */
    public BigInteger maxPriorityFeePerGas() {
        return maxPriorityFeePerGas;
    }

    /** The most wei per gas paid in total (base fee plus tip). */
    public BigInteger maxFeePerGas() {
        return maxFeePerGas;
    }

    /** The access list (unmodifiable, possibly empty). */
    public List<AccessListEntry> accessList() {
        return accessList;
    }

    @Override
    final int pricingLength() {
        return Rlp.sizeOfBigInteger(maxPriorityFeePerGas) + Rlp.sizeOfBigInteger(maxFeePerGas);
    }

    @Override
    final void writePricing(RlpWriter w) {
        w.writeBigInteger(maxPriorityFeePerGas);
        w.writeBigInteger(maxFeePerGas);
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
    final long envelopeV(int yParity) {
        return yParity;
    }

    /** Equality of the common and fee market fields; subclasses add theirs. */
    final boolean feeMarketEquals(FeeMarketTransaction o) {
        return commonEquals(o) && maxPriorityFeePerGas.equals(o.maxPriorityFeePerGas)
                && maxFeePerGas.equals(o.maxFeePerGas) && accessList.equals(o.accessList);
    }

    final int feeMarketHashCode() {
        int h = 31 * commonHashCode() + maxPriorityFeePerGas.hashCode();
        h = 31 * h + maxFeePerGas.hashCode();
        return 31 * h + accessList.hashCode();
    }

    @Override
    final void describePricing(StringBuilder sb) {
        sb.append("maxPriorityFeePerGas=").append(maxPriorityFeePerGas).append(", maxFeePerGas=").append(maxFeePerGas);
    }

    @Override
    void describeTail(StringBuilder sb) {
        sb.append(", accessList=").append(accessList);
    }

    /**
     * The setters and checks every fee market builder has: both fee caps (required) and the access
     * list (empty by default).
     */
    abstract static class FeeMarketBuilder<B extends FeeMarketBuilder<B, T>, T extends Transaction> extends TransactionBuilder<B, T> {

        BigInteger maxPriorityFeePerGas;
        BigInteger maxFeePerGas;
        List<AccessListEntry> accessList = List.of();

        FeeMarketBuilder() {
        }

        /** The most wei per gas paid to the block producer on top of the base fee. */
        public B maxPriorityFeePerGas(BigInteger fee) {
            this.maxPriorityFeePerGas = Checks.uint256("maxPriorityFeePerGas", fee);
            return self();
        }

        /** The most wei per gas paid to the block producer on top of the base fee. */
        public B maxPriorityFeePerGas(long fee) {
            return maxPriorityFeePerGas(BigInteger.valueOf(Checks.nonNegative("maxPriorityFeePerGas", fee)));
        }

        /** The most wei per gas paid in total (base fee plus tip); at least {@code maxPriorityFeePerGas}. */
        public B maxFeePerGas(BigInteger fee) {
            this.maxFeePerGas = Checks.uint256("maxFeePerGas", fee);
            return self();
        }

        /** The most wei per gas paid in total (base fee plus tip); at least {@code maxPriorityFeePerGas}. */
        public B maxFeePerGas(long fee) {
            return maxFeePerGas(BigInteger.valueOf(Checks.nonNegative("maxFeePerGas", fee)));
        }

        /** The access list (copied); empty by default. */
        public B accessList(List<AccessListEntry> accessList) {
            this.accessList = AccessLists.copy(accessList);
            return self();
        }

        /**
         * Checks, in this order, the chain id, the common fields, the recipient (if {@code
         * recipientRequiredBy} is not null) and that both fee caps are set; returns the chain id.
         */
        final long requireFeeMarket(String recipientRequiredBy) {
            long id = requireChainId();
            requireCommon();
            if (recipientRequiredBy != null) {
                requireRecipient(recipientRequiredBy);
            }
            Checks.notNull("maxPriorityFeePerGas", maxPriorityFeePerGas);
            Checks.notNull("maxFeePerGas", maxFeePerGas);
            return id;
        }
    }
}
