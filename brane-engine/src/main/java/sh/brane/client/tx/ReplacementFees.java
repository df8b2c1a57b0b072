package sh.brane.client.tx;

import java.math.BigInteger;
import java.util.Objects;

import sh.brane.core.tx.Eip1559Transaction;
import sh.brane.core.tx.Eip2930Transaction;
import sh.brane.core.tx.Eip4844Transaction;
import sh.brane.core.tx.Eip7702Transaction;
import sh.brane.core.tx.LegacyTransaction;
import sh.brane.core.tx.Transaction;

/**
 * The two fee fields of a transaction at one nonce, as a replacement compares them: the max fee per gas (a legacy or
 * EIP-2930 transaction's gas price) and the priority fee (the same gas price for those types). Nodes admit a
 * replacement only when both are raised by their minimum bump: 10% for every type (geth's
 * {@code txpool.pricebump}, Nethermind, Besu, reth and Anvil alike), 100% for a blob transaction (geth's blob pool).
 *
 * @param maxFeePerGas         the max fee per gas, or the gas price of a legacy or EIP-2930 transaction, in wei
 * @param maxPriorityFeePerGas the priority fee per gas, or the gas price of a legacy or EIP-2930 transaction, in wei
 */
public record ReplacementFees(BigInteger maxFeePerGas, BigInteger maxPriorityFeePerGas) {
    /** The smallest raise, in percent, a node admits as a replacement of a non-blob transaction. */
    public static final int MIN_BUMP_PERCENT = 10;
    /** The smallest raise, in percent, a node admits as a replacement of a blob (type 3) transaction. */
    public static final int MIN_BLOB_BUMP_PERCENT = 100;

    public ReplacementFees {
        Objects.requireNonNull(maxFeePerGas, "maxFeePerGas");
        Objects.requireNonNull(maxPriorityFeePerGas, "maxPriorityFeePerGas");
        if (maxPriorityFeePerGas.signum() < 0 || maxFeePerGas.compareTo(maxPriorityFeePerGas) < 0) {
            throw new IllegalArgumentException("replacement fees need 0 <= maxPriorityFeePerGas <= maxFeePerGas, got "
                    + maxPriorityFeePerGas + " and " + maxFeePerGas + " wei");
        }
    }

    /** The fee fields of {@code tx}. */
    public static ReplacementFees of(Transaction tx) {
        return switch (tx) {
            case Eip1559Transaction t -> new ReplacementFees(t.maxFeePerGas(), t.maxPriorityFeePerGas());
            case Eip7702Transaction t -> new ReplacementFees(t.maxFeePerGas(), t.maxPriorityFeePerGas());
            case Eip4844Transaction t -> new ReplacementFees(t.maxFeePerGas(), t.maxPriorityFeePerGas());
            case LegacyTransaction t -> new ReplacementFees(t.gasPrice(), t.gasPrice());
            case Eip2930Transaction t -> new ReplacementFees(t.gasPrice(), t.gasPrice());
        };
    }

    /** The smallest raise, in percent, nodes admit when replacing {@code tx}: 100 for a blob transaction, else 10. */
    public static int minimumBumpPercent(Transaction tx) {
        return tx instanceof Eip4844Transaction ? MIN_BLOB_BUMP_PERCENT : MIN_BUMP_PERCENT;
    }

    /** Both fields raised by {@code percent}, rounded up, and each by at least one wei. */
    public ReplacementFees bumped(int percent) {
        return new ReplacementFees(bump(maxFeePerGas, percent), bump(maxPriorityFeePerGas, percent));
    }

    /** The larger of each field. */
    public ReplacementFees atLeast(ReplacementFees other) {
        return new ReplacementFees(maxFeePerGas.max(other.maxFeePerGas),
                maxPriorityFeePerGas.max(other.maxPriorityFeePerGas));
    }

    /** True when both fields are at least {@code other}'s. */
    public boolean covers(ReplacementFees other) {
        return maxFeePerGas.compareTo(other.maxFeePerGas) >= 0
                && maxPriorityFeePerGas.compareTo(other.maxPriorityFeePerGas) >= 0;
    }

    /** Each field held to the ceilings of {@code limits} (the tip also to the max fee it is part of). */
    public ReplacementFees cappedBy(SendLimits limits) {
        BigInteger fee = maxFeePerGas.min(limits.maxFeePerGas());
        return new ReplacementFees(fee, maxPriorityFeePerGas.min(limits.maxPriorityFeePerGas()).min(fee));
    }

    private static BigInteger bump(BigInteger fee, int percent) {
        BigInteger hundred = BigInteger.valueOf(100);
        BigInteger[] qr = fee.multiply(BigInteger.valueOf(100L + percent)).divideAndRemainder(hundred);
        BigInteger raised = qr[1].signum() == 0 ? qr[0] : qr[0].add(BigInteger.ONE);
        return raised.max(fee.add(BigInteger.ONE));
    }
}
