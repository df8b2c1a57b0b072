package sh.brane.client;

import java.math.BigInteger;
import java.util.List;

import sh.brane.core.tx.AccessListEntry;
import sh.brane.core.tx.SignedAuthorization;
import sh.brane.core.tx.TransactionType;
import sh.brane.core.types.Address;

/**
 * What to send; {@link SigningClient} fills in whatever is left null: chain id, nonce, gas limit and fees.
 * The type defaults to EIP-1559, or EIP-7702 when authorizations are given.
 *
 * <pre>{@code
 * TxRequest pay = TxRequest.builder().to(bob).value(BigInteger.TEN.pow(18)).build();
 * TxRequest legacy = TxRequest.builder().type(TransactionType.LEGACY).to(bob).value(1).gasLimit(21_000).build();
 * }</pre>
 */
public final class TxRequest {
    private final TransactionType type;
    private final Address to;
    private final BigInteger value;
    private final byte[] data;
    private final Long gasLimit;
    private final BigInteger gasPrice;
    private final BigInteger maxFeePerGas;
    private final BigInteger maxPriorityFeePerGas;
    private final List<AccessListEntry> accessList;
    private final List<SignedAuthorization> authorizations;

    private TxRequest(Builder b) {
        this.authorizations = List.copyOf(b.authorizations);
        this.type = b.type != null ? b.type
                : authorizations.isEmpty() ? TransactionType.EIP1559 : TransactionType.EIP7702;
        this.to = b.to;
        this.value = b.value;
        this.data = b.data;
        this.gasLimit = b.gasLimit;
        this.gasPrice = b.gasPrice;
        this.maxFeePerGas = b.maxFeePerGas;
        this.maxPriorityFeePerGas = b.maxPriorityFeePerGas;
        this.accessList = List.copyOf(b.accessList);
        boolean priced = type == TransactionType.LEGACY || type == TransactionType.EIP2930;
        if (type == TransactionType.EIP4844) {
            throw new IllegalArgumentException("EIP-4844 blob transactions are not sent by SigningClient");
        }
        if (priced && (maxFeePerGas != null || maxPriorityFeePerGas != null)) {
            throw new IllegalArgumentException(type + " transactions are priced by gasPrice, not EIP-1559 fees");
        }
        if (!priced && gasPrice != null) {
            throw new IllegalArgumentException(type + " transactions are priced by maxFeePerGas and "
                    + "maxPriorityFeePerGas, not gasPrice");
        }
        if (type == TransactionType.LEGACY && !accessList.isEmpty()) {
            throw new IllegalArgumentException("legacy transactions have no access list");
        }
        if (!authorizations.isEmpty() && type != TransactionType.EIP7702) {
            throw new IllegalArgumentException("only EIP-7702 transactions carry authorizations, type is " + type);
        }
        if (type == TransactionType.EIP7702 && (authorizations.isEmpty() || to == null)) {
            throw new IllegalArgumentException("an EIP-7702 transaction needs a recipient and at least one "
                    + "authorization");
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    public TransactionType type() {
        return type;
    }

    /** The recipient, or null to deploy a contract. */
    public Address to() {
        return to;
    }

    public BigInteger value() {
        return value == null ? BigInteger.ZERO : value;
    }

    public byte[] data() {
        return data == null ? new byte[0] : data.clone();
    }

    /** The gas limit, or null to estimate it. */
    public Long gasLimit() {
        return gasLimit;
    }

    public BigInteger gasPrice() {
        return gasPrice;
    }

    public BigInteger maxFeePerGas() {
        return maxFeePerGas;
    }

    public BigInteger maxPriorityFeePerGas() {
        return maxPriorityFeePerGas;
    }

    public List<AccessListEntry> accessList() {
        return accessList;
    }

    public List<SignedAuthorization> authorizations() {
        return authorizations;
    }

    @Override
    public String toString() {
        return "TxRequest[" + type + " to=" + to + " value=" + value() + " data=" + (data == null ? 0 : data.length)
                + " bytes]";
    }

    /** Builds a {@link TxRequest}. */
    public static final class Builder {
        private TransactionType type;
        private Address to;
        private BigInteger value;
        private byte[] data;
        private Long gasLimit;
        private BigInteger gasPrice;
        private BigInteger maxFeePerGas;
        private BigInteger maxPriorityFeePerGas;
        private List<AccessListEntry> accessList = List.of();
        private List<SignedAuthorization> authorizations = List.of();

        private Builder() {
        }

        public Builder type(TransactionType type) {
            this.type = type;
            return this;
        }

        public Builder to(Address to) {
            this.to = to;
            return this;
        }

        public Builder value(BigInteger wei) {
            if (wei.signum() < 0) {
                throw new IllegalArgumentException("value must not be negative, got " + wei);
            }
            this.value = wei;
            return this;
        }

        public Builder value(long wei) {
            return value(BigInteger.valueOf(wei));
        }

        public Builder data(byte[] data) {
            this.data = data.clone();
            return this;
        }

        public Builder gasLimit(long gasLimit) {
            if (gasLimit <= 0) {
                throw new IllegalArgumentException("gas limit must be positive, got " + gasLimit);
            }
            this.gasLimit = gasLimit;
            return this;
        }

        public Builder gasPrice(BigInteger wei) {
            this.gasPrice = wei;
            return this;
        }

        public Builder maxFeePerGas(BigInteger wei) {
            this.maxFeePerGas = wei;
            return this;
        }

        public Builder maxPriorityFeePerGas(BigInteger wei) {
            this.maxPriorityFeePerGas = wei;
            return this;
        }

        public Builder accessList(List<AccessListEntry> entries) {
            this.accessList = entries;
            return this;
        }

        public Builder authorizations(List<SignedAuthorization> list) {
            this.authorizations = list;
            return this;
        }

        public TxRequest build() {
            return new TxRequest(this);
        }
    }
}
