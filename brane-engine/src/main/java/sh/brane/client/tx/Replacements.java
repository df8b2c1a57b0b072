package sh.brane.client.tx;

import sh.brane.core.tx.Eip1559Transaction;
import sh.brane.core.tx.Eip2930Transaction;
import sh.brane.core.tx.Eip4844Transaction;
import sh.brane.core.tx.Eip7702Transaction;
import sh.brane.core.tx.LegacyTransaction;
import sh.brane.core.tx.Transaction;
import sh.brane.core.types.Address;

/**
 * Builds the transaction that replaces another at its nonce: the same transaction with other fees (a speed-up), or
 * a 0-value transfer to the sender itself (a cancel, which leaves the nonce doing nothing). An EIP-7702
 * transaction keeps its signed authorizations: they are signed by their authorities, not by this transaction, and
 * stay valid at the same nonce. A blob transaction is replaced by a blob transaction carrying the same sidecar (a
 * node's blob pool refuses any other transaction at a nonce a blob transaction holds), its blob fee doubled with the
 * other two: the blob pool's bump is 100% on every fee.
 */
final class Replacements {
    private static final long TRANSFER_GAS = 21_000;

    private Replacements() {
    }

    /**
     * {@code tx} rebuilt with {@code fees}, or a cancel of it.
     *
     * @param self the sender, the recipient of a cancel
     * @throws IllegalArgumentException for a blob transaction without its sidecar (one read from a block, or signed
     *                                  without its blobs): its replacement must carry the blobs again
     */
    static Transaction withFees(Transaction tx, ReplacementFees fees, Address self, boolean cancel) {
        return switch (tx) {
            case Eip1559Transaction t -> {
                var b = Eip1559Transaction.builder().chainId(t.chainId()).nonce(t.nonce())
                        .maxFeePerGas(fees.maxFeePerGas()).maxPriorityFeePerGas(fees.maxPriorityFeePerGas());
                yield cancel ? b.to(self).value(0).gasLimit(TRANSFER_GAS).build()
                        : (t.to() == null ? b.contractCreation() : b.to(t.to())).value(t.value()).data(t.data())
                                .gasLimit(t.gasLimit()).accessList(t.accessList()).build();
            }
            case Eip7702Transaction t -> cancel
                    ? Eip1559Transaction.builder().chainId(t.chainId()).nonce(t.nonce()).to(self).value(0)
                            .gasLimit(TRANSFER_GAS).maxFeePerGas(fees.maxFeePerGas())
                            .maxPriorityFeePerGas(fees.maxPriorityFeePerGas()).build()
                    : Eip7702Transaction.builder().chainId(t.chainId()).nonce(t.nonce()).to(t.to()).value(t.value())
                            .data(t.data()).gasLimit(t.gasLimit()).accessList(t.accessList())
                            .authorizationList(t.authorizationList()).maxFeePerGas(fees.maxFeePerGas())
                            .maxPriorityFeePerGas(fees.maxPriorityFeePerGas()).build();
            case LegacyTransaction t -> {
                var b = LegacyTransaction.builder().chainId(t.chainId()).nonce(t.nonce()).gasPrice(fees.maxFeePerGas());
                yield cancel ? b.to(self).value(0).gasLimit(TRANSFER_GAS).build()
                        : (t.to() == null ? b.contractCreation() : b.to(t.to())).value(t.value()).data(t.data())
                                .gasLimit(t.gasLimit()).build();
            }
            case Eip2930Transaction t -> {
                var b = Eip2930Transaction.builder().chainId(t.chainId()).nonce(t.nonce()).gasPrice(fees.maxFeePerGas());
                yield cancel ? b.to(self).value(0).gasLimit(TRANSFER_GAS).build()
                        : (t.to() == null ? b.contractCreation() : b.to(t.to())).value(t.value()).data(t.data())
                                .gasLimit(t.gasLimit()).accessList(t.accessList()).build();
            }
            case Eip4844Transaction t -> {
                var sidecar = t.sidecar().orElseThrow(() -> new IllegalArgumentException("blob transaction at nonce "
                        + t.nonce() + " cannot be replaced from the journal: it was journalled without its blobs, and"
                        + " its replacement must carry them again (send a new blob transaction at nonce " + t.nonce()
                        + " with every fee at least " + ReplacementFees.MIN_BLOB_BUMP_PERCENT + "% higher)"));
                var b = Eip4844Transaction.builder().chainId(t.chainId()).nonce(t.nonce())
                        .maxFeePerGas(fees.maxFeePerGas()).maxPriorityFeePerGas(fees.maxPriorityFeePerGas())
                        .maxFeePerBlobGas(doubled(t.maxFeePerBlobGas())).sidecar(sidecar);
                yield cancel ? b.to(self).value(0).gasLimit(TRANSFER_GAS).build()
                        : b.to(t.to()).value(t.value()).data(t.data()).gasLimit(t.gasLimit())
                                .accessList(t.accessList()).build();
            }
        };
    }

    /** The blob pool's 100% bump: twice the fee, and at least one wei more. */
    private static java.math.BigInteger doubled(java.math.BigInteger fee) {
        return fee.shiftLeft(1).max(fee.add(java.math.BigInteger.ONE));
    }

    /** True when {@code tx} is a cancel of its nonce made by {@code self}: a 0-value, empty transfer to itself. */
    static boolean isCancel(Transaction tx, Address self) {
        return self.equals(tx.to()) && tx.value().signum() == 0 && tx.data().length == 0;
    }
}
