package sh.brane.core.tx;

import java.math.BigInteger;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

import sh.brane.core.blob.BlobSidecar;

import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.primitives.Rlp;
import sh.brane.primitives.RlpWriter;

/**
 * An EIP-4844 (type 3) blob transaction, as it is signed and as it appears in a block: the transaction commits to its
 * blobs by their versioned hashes; the blobs themselves, with their commitments and proofs, travel beside it in a
 * {@link BlobSidecar}, which a transaction to be sent carries ({@link #sidecar()}) and one read from a block does not.
 * The sidecar is not signed: signing and hashing see the same transaction with or without it. It cannot create a
 * contract, and it carries at least one blob.
 */
public final class Eip4844Transaction extends FeeMarketTransaction implements Transaction {

    /** The first byte of a versioned hash of a KZG commitment ({@code VERSIONED_HASH_VERSION_KZG}). */
    public static final int VERSIONED_HASH_VERSION_KZG = sh.brane.core.blob.KzgCommitment.VERSIONED_HASH_VERSION_KZG;

    private final BigInteger maxFeePerBlobGas;
    private final List<Hash> blobVersionedHashes;
    private final BlobSidecar sidecar;

    Eip4844Transaction(long chainId, long nonce, BigInteger maxPriorityFeePerGas, BigInteger maxFeePerGas,
            long gasLimit, Address to, BigInteger value, byte[] data, List<AccessListEntry> accessList,
            BigInteger maxFeePerBlobGas, List<Hash> blobVersionedHashes) {
        this(chainId, nonce, maxPriorityFeePerGas, maxFeePerGas, gasLimit, to, value, data, accessList,
                maxFeePerBlobGas, blobVersionedHashes, null);
    }

    private Eip4844Transaction(long chainId, long nonce, BigInteger maxPriorityFeePerGas, BigInteger maxFeePerGas,
            long gasLimit, Address to, BigInteger value, byte[] data, List<AccessListEntry> accessList,
            BigInteger maxFeePerBlobGas, List<Hash> blobVersionedHashes, BlobSidecar sidecar) {
        super(chainId, nonce, maxPriorityFeePerGas, maxFeePerGas, gasLimit, to, value, data, accessList, "EIP-4844");
        this.maxFeePerBlobGas = Checks.uint256("maxFeePerBlobGas", maxFeePerBlobGas);
        this.blobVersionedHashes = checkHashes(blobVersionedHashes);
        this.sidecar = sidecar;
        if (sidecar != null) {
            checkMatches(this.blobVersionedHashes, sidecar);
        }
    }

    private static void checkMatches(List<Hash> hashes, BlobSidecar sidecar) {
        List<Hash> ofSidecar = sidecar.versionedHashes();
        if (!ofSidecar.equals(hashes)) {
            throw new InvalidTransactionException("blobVersionedHashes " + hashes + " are not the versioned hashes of"
                    + " the sidecar's commitments " + ofSidecar + "; build the transaction with .sidecar(..) alone,"
                    + " which sets them");
        }
    }

    private static List<Hash> checkHashes(List<Hash> hashes) {
        if (hashes == null || hashes.isEmpty()) {
            throw new InvalidTransactionException("blobVersionedHashes must hold at least one hash: an EIP-4844"
                    + " transaction without blobs is invalid");
        }
        for (int i = 0; i < hashes.size(); i++) {
            Hash h = hashes.get(i);
            if (h == null) {
                throw new InvalidTransactionException("blobVersionedHashes[" + i + "] is null");
            }
            int version = h.toBytes()[0] & 0xFF;
            if (version != VERSIONED_HASH_VERSION_KZG) {
                throw new InvalidTransactionException("blobVersionedHashes[" + i + "] has version byte 0x"
                        + String.format("%02x", version) + "; only 0x01 (KZG) is defined");
            }
        }
        return List.copyOf(hashes);
    }

    public static Builder builder() {
        return new Builder();
    }

    @Override
    public TransactionType type() {
        return TransactionType.EIP4844;
    }

    public BigInteger maxFeePerBlobGas() {
        return maxFeePerBlobGas;
    }

    /** The versioned hashes of the blobs (unmodifiable, never empty). */
    public List<Hash> blobVersionedHashes() {
        return blobVersionedHashes;
    }

    /** The blobs with their commitments and proofs, when this transaction is to be sent; empty when read from a block. */
    public Optional<BlobSidecar> sidecar() {
        return Optional.ofNullable(sidecar);
    }

    /**
     * This transaction carrying {@code sidecar} (the same signing hash).
     *
     * @throws InvalidTransactionException if the sidecar's versioned hashes are not this transaction's
     */
    public Eip4844Transaction withSidecar(BlobSidecar sidecar) {
        return new Eip4844Transaction(chainId(), nonce(), maxPriorityFeePerGas(), maxFeePerGas(), gasLimit(), to(),
                value(), data(), accessList(), maxFeePerBlobGas, blobVersionedHashes,
                Checks.notNull("sidecar", sidecar));
    }

    /** This transaction without its sidecar: the form in a block. */
    public Eip4844Transaction withoutSidecar() {
        return sidecar == null ? this : new Eip4844Transaction(chainId(), nonce(), maxPriorityFeePerGas(),
                maxFeePerGas(), gasLimit(), to(), value(), data(), accessList(), maxFeePerBlobGas, blobVersionedHashes,
                null);
    }

    @Override
    byte[] networkForm(byte[] canonical) {
        return sidecar == null ? canonical : BlobNetworkForm.encode(canonical, sidecar);
    }

    @Override
    int tailLength() {
        return super.tailLength() + Rlp.sizeOfBigInteger(maxFeePerBlobGas)
                + Rlp.sizeOfList(blobVersionedHashes.size() * 33);
    }

    @Override
    void writeTail(RlpWriter w) {
        super.writeTail(w);
        w.writeBigInteger(maxFeePerBlobGas);
        w.writeListHeader(blobVersionedHashes.size() * 33);
        for (int i = 0, n = blobVersionedHashes.size(); i < n; i++) {
            TxRlp.writeHash(w, blobVersionedHashes.get(i));
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Eip4844Transaction t && feeMarketEquals(t) && maxFeePerBlobGas.equals(t.maxFeePerBlobGas)
                && blobVersionedHashes.equals(t.blobVersionedHashes) && Objects.equals(sidecar, t.sidecar);
    }

    @Override
    public int hashCode() {
        int h = 31 * feeMarketHashCode() + maxFeePerBlobGas.hashCode();
        return 31 * h + blobVersionedHashes.hashCode();
    }

    @Override
    void describeTail(StringBuilder sb) {
        super.describeTail(sb);
        sb.append(", maxFeePerBlobGas=").append(maxFeePerBlobGas).append(", blobVersionedHashes=")
                .append(blobVersionedHashes);
        if (sidecar != null) {
            sb.append(", sidecar=").append(sidecar.version()).append(" with ").append(sidecar.blobs().size())
                    .append(" blob(s)");
        }
    }

    /**
     * Builds an {@link Eip4844Transaction}; chain id, nonce, the three fee caps, gas limit, recipient
     * and at least one blob versioned hash (or a sidecar, which gives them) are required.
     */
    public static final class Builder extends FeeMarketBuilder<Builder, Eip4844Transaction> {

        private BigInteger maxFeePerBlobGas;
        private List<Hash> blobVersionedHashes = List.of();
        private BlobSidecar sidecar;

        Builder() {
        }

        /** The most wei per unit of blob gas. */
        public Builder maxFeePerBlobGas(BigInteger fee) {
            this.maxFeePerBlobGas = Checks.uint256("maxFeePerBlobGas", fee);
            return this;
        }

        public Builder maxFeePerBlobGas(long fee) {
            return maxFeePerBlobGas(BigInteger.valueOf(Checks.nonNegative("maxFeePerBlobGas", fee)));
        }

        /** The versioned hashes of the blobs ({@code 0x01 || sha256(commitment)[1:]}); at least one. */
        public Builder blobVersionedHashes(List<Hash> hashes) {
            this.blobVersionedHashes = Checks.notNull("blobVersionedHashes", hashes);
            return this;
        }

        /**
         * The blobs to send, with their commitments and proofs; sets the versioned hashes when none are given (given
         * ones must be the sidecar's).
         */
        public Builder sidecar(BlobSidecar sidecar) {
            this.sidecar = Checks.notNull("sidecar", sidecar);
            return this;
        }

        @Override
        public Eip4844Transaction build() {
            long id = requireFeeMarket("EIP-4844");
            List<Hash> hashes = sidecar != null && blobVersionedHashes.isEmpty() ? sidecar.versionedHashes()
                    : blobVersionedHashes;
            return new Eip4844Transaction(id, nonce, maxPriorityFeePerGas, maxFeePerGas, gasLimit, to, value, data,
                    accessList, Checks.notNull("maxFeePerBlobGas", maxFeePerBlobGas), hashes, sidecar);
        }
    }
}
