package sh.brane.core.tx;

import java.math.BigInteger;
import java.util.List;

import sh.brane.core.types.Address;
import sh.brane.primitives.Rlp;
import sh.brane.primitives.RlpWriter;

/**
 * An EIP-7702 (type 4) transaction: an EIP-1559 transaction that also carries a non-empty list of
 * signed authorizations, each of which sets its authority's account code to delegate to a
 * contract. It cannot create a contract.
 */
public final class Eip7702Transaction extends BaseTransaction implements Transaction {

    private final BigInteger maxPriorityFeePerGas;
    private final BigInteger maxFeePerGas;
    private final List<AccessListEntry> accessList;
    private final List<SignedAuthorization> authorizationList;

    Eip7702Transaction(long chainId, long nonce, BigInteger maxPriorityFeePerGas, BigInteger maxFeePerGas,
            long gasLimit, Address to, BigInteger value, byte[] data, List<AccessListEntry> accessList,
            List<SignedAuthorization> authorizationList) {
        super(Checks.chainId(chainId), nonce, gasLimit, to, value, data);
        if (to == null) {
            throw new InvalidTransactionException("EIP-7702 transactions cannot create contracts: to is required");
        }
        Checks.feeCaps(maxPriorityFeePerGas, maxFeePerGas);
        this.maxPriorityFeePerGas = maxPriorityFeePerGas;
        this.maxFeePerGas = maxFeePerGas;
        this.accessList = AccessLists.copy(accessList);
        this.authorizationList = checkAuthorizations(authorizationList);
    }

    private static List<SignedAuthorization> checkAuthorizations(List<SignedAuthorization> list) {
        if (list == null || list.isEmpty()) {
            throw new InvalidTransactionException("authorizationList must hold at least one authorization:"
                    + " an EIP-7702 transaction without one is invalid");
        }
        for (int i = 0; i < list.size(); i++) {
            if (list.get(i) == null) {
                throw new InvalidTransactionException("authorizationList[" + i + "] is null");
            }
        }
        return List.copyOf(list);
    }

    public static Builder builder() {
        return new Builder();
    }

    @Override
    public TransactionType type() {
        return TransactionType.EIP7702;
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

    /** The signed authorizations (unmodifiable, never empty). */
    public List<SignedAuthorization> authorizationList() {
        return authorizationList;
    }

    private int authorizationsPayload() {
        long len = 0;
        for (int i = 0, n = authorizationList.size(); i < n; i++) {
            len += authorizationList.get(i).length();
        }
        return TxRlp.checkedLength(len);
    }

    @Override
    int computeFieldsLength() {
        return Rlp.sizeOfLong(chainId) + Rlp.sizeOfLong(nonce) + Rlp.sizeOfBigInteger(maxPriorityFeePerGas)
                + Rlp.sizeOfBigInteger(maxFeePerGas) + Rlp.sizeOfLong(gasLimit) + TxRlp.lengthOfAddress(to)
                + Rlp.sizeOfBigInteger(value) + Rlp.sizeOfBytes(data) + AccessLists.length(accessList)
                + Rlp.sizeOfList(authorizationsPayload());
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
        w.writeListHeader(authorizationsPayload());
        for (int i = 0, n = authorizationList.size(); i < n; i++) {
            authorizationList.get(i).write(w);
        }
    }

    @Override
    long envelopeV(int yParity) {
        return yParity;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Eip7702Transaction t && commonEquals(t)
                && maxPriorityFeePerGas.equals(t.maxPriorityFeePerGas) && maxFeePerGas.equals(t.maxFeePerGas)
                && accessList.equals(t.accessList) && authorizationList.equals(t.authorizationList);
    }

    @Override
    public int hashCode() {
        int h = 31 * commonHashCode() + maxPriorityFeePerGas.hashCode();
        h = 31 * h + maxFeePerGas.hashCode();
        h = 31 * h + accessList.hashCode();
        return 31 * h + authorizationList.hashCode();
    }

    @Override
    public String toString() {
        return "Eip7702Transaction[chainId=" + chainId + ", nonce=" + nonce + ", maxPriorityFeePerGas="
                + maxPriorityFeePerGas + ", maxFeePerGas=" + maxFeePerGas + ", gasLimit=" + gasLimit + ", to="
                + toPreview() + ", value=" + value + ", data=" + dataPreview() + ", accessList=" + accessList
                + ", authorizationList=" + authorizationList + "]";
    }

    /**
     * Builds an {@link Eip7702Transaction}; chain id, nonce, both fee caps, gas limit, recipient and
     * at least one signed authorization are required.
     */
    public static final class Builder extends TransactionBuilder<Builder, Eip7702Transaction> {

        private BigInteger maxPriorityFeePerGas;
        private BigInteger maxFeePerGas;
        private List<AccessListEntry> accessList = List.of();
        private List<SignedAuthorization> authorizationList = List.of();

        Builder() {
        }

        public Builder maxPriorityFeePerGas(BigInteger fee) {
            this.maxPriorityFeePerGas = Checks.uint256("maxPriorityFeePerGas", fee);
            return this;
        }

        public Builder maxPriorityFeePerGas(long fee) {
            return maxPriorityFeePerGas(BigInteger.valueOf(Checks.nonNegative("maxPriorityFeePerGas", fee)));
        }

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

        /** The signed authorizations (copied); at least one. */
        public Builder authorizationList(List<SignedAuthorization> authorizations) {
            this.authorizationList = Checks.notNull("authorizationList", authorizations);
            return this;
        }

        /** The signed authorizations; at least one. */
        public Builder authorizations(SignedAuthorization... authorizations) {
            return authorizationList(authorizations == null ? null : java.util.Arrays.asList(authorizations));
        }

        @Override
        public Eip7702Transaction build() {
            long id = requireChainId();
            requireCommon();
            requireRecipient("EIP-7702");
            return new Eip7702Transaction(id, nonce, Checks.notNull("maxPriorityFeePerGas", maxPriorityFeePerGas),
                    Checks.notNull("maxFeePerGas", maxFeePerGas), gasLimit, to, value, data, accessList,
                    authorizationList);
        }
    }
}
