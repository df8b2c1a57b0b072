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
public final class Eip7702Transaction extends FeeMarketTransaction implements Transaction {

    private final List<SignedAuthorization> authorizationList;

    Eip7702Transaction(long chainId, long nonce, BigInteger maxPriorityFeePerGas, BigInteger maxFeePerGas,
            long gasLimit, Address to, BigInteger value, byte[] data, List<AccessListEntry> accessList,
            List<SignedAuthorization> authorizationList) {
        super(chainId, nonce, maxPriorityFeePerGas, maxFeePerGas, gasLimit, to, value, data, accessList, "EIP-7702");
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
    int tailLength() {
        return super.tailLength() + Rlp.sizeOfList(authorizationsPayload());
    }

    @Override
    void writeTail(RlpWriter w) {
        super.writeTail(w);
        w.writeListHeader(authorizationsPayload());
        for (int i = 0, n = authorizationList.size(); i < n; i++) {
            authorizationList.get(i).write(w);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Eip7702Transaction t && feeMarketEquals(t) && authorizationList.equals(t.authorizationList);
    }

    @Override
    public int hashCode() {
        return 31 * feeMarketHashCode() + authorizationList.hashCode();
    }

    @Override
    void describeTail(StringBuilder sb) {
        super.describeTail(sb);
        sb.append(", authorizationList=").append(authorizationList);
    }

    /**
     * Builds an {@link Eip7702Transaction}; chain id, nonce, both fee caps, gas limit, recipient and
     * at least one signed authorization are required.
     */
    public static final class Builder extends FeeMarketBuilder<Builder, Eip7702Transaction> {

        private List<SignedAuthorization> authorizationList = List.of();

        Builder() {
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
            long id = requireFeeMarket("EIP-7702");
            return new Eip7702Transaction(id, nonce, maxPriorityFeePerGas, maxFeePerGas, gasLimit, to, value, data,
                    accessList, authorizationList);
        }
    }
}
