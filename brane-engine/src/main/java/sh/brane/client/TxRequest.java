package sh.brane.client;

import java.math.BigInteger;
import java.util.List;

import sh.brane.core.blob.Blob;
import sh.brane.core.blob.BlobSidecar;
import sh.brane.core.tx.AccessListEntry;
import sh.brane.core.tx.SignedAuthorization;
import sh.brane.core.tx.TransactionType;
import sh.brane.core.types.Address;

/**
 * What to send; {@link SigningClient} fills in whatever is left null: chain id, nonce, gas limit and fees.
 * The type defaults to EIP-1559, EIP-7702 when authorizations are given, EIP-4844 when blobs are given.
 *
 * <pre>{@code
 * TxRequest pay = TxRequest.builder().to(bob).value(BigInteger.TEN.pow(18)).build();
 * TxRequest legacy = TxRequest.builder().type(TransactionType.LEGACY).to(bob).value(1).gasLimit(21_000).build();
 * TxRequest blobs = TxRequest.builder().to(inbox).blobs(List.of(Blob.fromData(batch))).build();
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
    private final List<Blob> blobs;
    private final BlobSidecar sidecar;
    private final BlobSidecar.Version sidecarVersion;
    private final BigInteger maxFeePerBlobGas;

    private TxRequest(Builder b) {
        this.authorizations = List.copyOf(b.authorizations);
        this.blobs = List.copyOf(b.blobs);
        this.sidecar = b.sidecar;
        this.sidecarVersion = b.sidecarVersion;
        this.maxFeePerBlobGas = b.maxFeePerBlobGas;
        boolean blobbed = !blobs.isEmpty() || sidecar != null;
        this.type = b.type != null ? b.type
                : blobbed ? TransactionType.EIP4844
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
        if (type == TransactionType.EIP4844 && (!blobbed || to == null)) {
            throw new IllegalArgumentException("an EIP-4844 transaction needs a recipient (it cannot create a contract)"
                    + " and at least one blob: set .to(..) and .blobs(..)");
        }
        if (type != TransactionType.EIP4844 && (blobbed || maxFeePerBlobGas != null)) {
            throw new IllegalArgumentException("only EIP-4844 transactions carry blobs, type is " + type);
        }
        if (!blobs.isEmpty() && sidecar != null) {
            throw new IllegalArgumentException("give either the blobs (their commitments and proofs are computed) or a"
                    + " sidecar computed already, not both");
        }
        if (sidecar != null && sidecarVersion != null && sidecar.version() != sidecarVersion) {
            throw new IllegalArgumentException("the sidecar is of form " + sidecar.version() + " but form "
                    + sidecarVersion + " was asked for");
        }
        if (maxFeePerBlobGas != null && maxFeePerBlobGas.signum() < 0) {
            throw new IllegalArgumentException("maxFeePerBlobGas must not be negative, got " + maxFeePerBlobGas);
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

    /** The blobs to send (their commitments and proofs computed when sent), or empty. */
    public List<Blob> blobs() {
        return blobs;
    }

    /** A sidecar given computed already, or null. */
    public BlobSidecar sidecar() {
        return sidecar;
    }

    /** The sidecar form asked for, or null for the form of the node's current fork (see the builder's method). */
    public BlobSidecar.Version sidecarVersion() {
        return sidecarVersion;
    }

    /** The most wei per unit of blob gas, or null to take twice the node's blob base fee. */
    public BigInteger maxFeePerBlobGas() {
        return maxFeePerBlobGas;
    }

    @Override
    public String toString() {
        return "TxRequest[" + type + " to=" + to + " value=" + value() + " data=" + (data == null ? 0 : data.length)
                + " bytes" + (type == TransactionType.EIP4844
                        ? " blobs=" + (sidecar != null ? sidecar.blobs().size() : blobs.size()) : "") + "]";
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
        private List<Blob> blobs = List.of();
        private BlobSidecar sidecar;
        private BlobSidecar.Version sidecarVersion;
        private BigInteger maxFeePerBlobGas;

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

        /**
         * The blobs to send: an EIP-4844 transaction whose commitments and proofs {@link SigningClient} computes
         * before it signs. Each blob was checked when it was made ({@link Blob#of}, {@link Blob#fromData}).
         */
        public Builder blobs(List<Blob> blobs) {
            this.blobs = blobs;
            return this;
        }

        /** The blobs with their commitments and proofs computed already (e.g. once, for several attempts). */
        public Builder sidecar(BlobSidecar sidecar) {
            this.sidecar = sidecar;
            return this;
        }

        /**
         * Which proofs to compute for {@link #blobs}: {@link BlobSidecar.Version#EIP4844} (one per blob: Cancun and
         * Prague nodes) or {@link BlobSidecar.Version#EIP7594} (128 cell proofs per blob: Osaka nodes, mainnet since
         * December 2025). Unset, the node's current fork decides, read from its {@code eth_config}; a node without
         * that method gets {@link BlobSidecar.Version#EIP4844}.
         */
        public Builder sidecarVersion(BlobSidecar.Version version) {
            this.sidecarVersion = version;
            return this;
        }

        /** The most wei per unit of blob gas (default: twice the node's {@code eth_blobBaseFee}). */
        public Builder maxFeePerBlobGas(BigInteger wei) {
            this.maxFeePerBlobGas = wei;
            return this;
        }

        public TxRequest build() {
            return new TxRequest(this);
        }
    }
}
