package sh.brane.client.tx;

import java.math.BigInteger;

import sh.brane.core.tx.Eip2930Transaction;
import sh.brane.core.tx.Eip1559Transaction;
import sh.brane.core.tx.Eip4844Transaction;
import sh.brane.core.tx.Eip7702Transaction;
import sh.brane.core.tx.LegacyTransaction;
import sh.brane.core.tx.Transaction;
import sh.brane.core.types.Wei;
import sh.brane.signer.SignerCeilings;

/**
 * Ceilings on what a signer signs, checked before signing so that a node cannot talk the service into paying
 * more than it means to (a compromised node quoting a huge priority fee, a gas estimate of the block limit).
 * For legacy and EIP-2930 transactions the gas price is held to both fee ceilings' larger one, the max fee.
 *
 * <p>Together the ceilings bound the most one transaction can cost the account: {@code maxGasLimit * maxFeePerGas
 * + maxValue}, and for a blob transaction {@code + blobs * 131072 * maxFeePerBlobGas} as well (its blob gas is paid
 * beside the execution gas, at a price of its own; the blob count is bounded by the protocol: six per transaction
 * from Osaka on, a block's maximum before).
 *
 * @param maxFeePerGas         the largest max fee per gas (or legacy gas price), in wei
 * @param maxPriorityFeePerGas the largest priority fee per gas, in wei
 * @param maxGasLimit          the largest gas limit
 * @param maxValue             the largest value per transaction, in wei, or null for no ceiling
 * @param maxFeePerBlobGas     the largest max fee per blob gas of a blob transaction, in wei
 */
public record SendLimits(BigInteger maxFeePerGas, BigInteger maxPriorityFeePerGas, long maxGasLimit,
        BigInteger maxValue, BigInteger maxFeePerBlobGas) {

    private static final BigInteger UNBOUNDED = BigInteger.ONE.shiftLeft(256);

    /** No ceiling at all: for tests and for code that keeps the old unguarded behaviour. */
    public static final SendLimits NONE = new SendLimits(UNBOUNDED, UNBOUNDED, Long.MAX_VALUE, null, UNBOUNDED);

    /** Limits with no ceiling on the blob fee. */
    public SendLimits(BigInteger maxFeePerGas, BigInteger maxPriorityFeePerGas, long maxGasLimit,
            BigInteger maxValue) {
        this(maxFeePerGas, maxPriorityFeePerGas, maxGasLimit, maxValue, UNBOUNDED);
    }

    /**
     * The limits of a signer's configured ceilings ({@code brane.signers.<name>.max-*}): an unset ceiling is no
     * limit, as in {@link #NONE}.
     */
    public static SendLimits of(SignerCeilings ceilings) {
        if (ceilings == null || ceilings.isEmpty()) {
            return NONE;
        }
        return new SendLimits(orNone(ceilings.maxFeePerGas(), NONE.maxFeePerGas),
                orNone(ceilings.maxPriorityFeePerGas(), NONE.maxPriorityFeePerGas),
                ceilings.maxGasLimit() != null ? ceilings.maxGasLimit() : NONE.maxGasLimit,
                ceilings.maxValue() != null ? ceilings.maxValue().toBigInteger() : null,
                orNone(ceilings.maxFeePerBlobGas(), NONE.maxFeePerBlobGas));
    }

    /** These limits with {@code ceiling} on the max fee per blob gas. */
    public SendLimits withMaxFeePerBlobGas(BigInteger ceiling) {
        return new SendLimits(maxFeePerGas, maxPriorityFeePerGas, maxGasLimit, maxValue, ceiling);
    }

    private static BigInteger orNone(Wei ceiling, BigInteger none) {
        return ceiling != null ? ceiling.toBigInteger() : none;
    }

    public SendLimits {
        if (maxFeePerGas == null || maxFeePerGas.signum() <= 0) {
            throw new IllegalArgumentException("maxFeePerGas ceiling must be a positive number of wei, got "
                    + maxFeePerGas);
        }
        if (maxPriorityFeePerGas == null || maxPriorityFeePerGas.signum() < 0) {
            throw new IllegalArgumentException("maxPriorityFeePerGas ceiling must be zero or more wei, got "
                    + maxPriorityFeePerGas);
        }
        if (maxGasLimit < 21_000) {
            throw new IllegalArgumentException("maxGasLimit ceiling must be at least 21000 (a plain transfer), got "
                    + maxGasLimit);
        }
        if (maxValue != null && maxValue.signum() < 0) {
            throw new IllegalArgumentException("maxValue ceiling must be zero or more wei, got " + maxValue);
        }
        if (maxFeePerBlobGas == null || maxFeePerBlobGas.signum() <= 0) {
            throw new IllegalArgumentException("maxFeePerBlobGas ceiling must be a positive number of wei, got "
                    + maxFeePerBlobGas);
        }
    }

    /**
     * Refuses {@code tx} if it is over a ceiling.
     *
     * @throws CeilingExceededException naming the first ceiling exceeded, its value and the transaction's
     */
    public void check(Transaction tx) {
        switch (tx) {
            case Eip1559Transaction fm -> fees(fm.maxFeePerGas(), fm.maxPriorityFeePerGas());
            case Eip7702Transaction fm -> fees(fm.maxFeePerGas(), fm.maxPriorityFeePerGas());
            case Eip4844Transaction fm -> {
                fees(fm.maxFeePerGas(), fm.maxPriorityFeePerGas());
                over(CeilingExceededException.Ceiling.MAX_FEE_PER_BLOB_GAS, maxFeePerBlobGas, fm.maxFeePerBlobGas());
            }
            case LegacyTransaction legacy -> over(CeilingExceededException.Ceiling.MAX_FEE_PER_GAS, maxFeePerGas,
                    legacy.gasPrice());
            case Eip2930Transaction eip2930 -> over(CeilingExceededException.Ceiling.MAX_FEE_PER_GAS, maxFeePerGas,
                    eip2930.gasPrice());
            default -> throw new IllegalArgumentException("no fee ceiling applies to a " + tx.type()
                    + " transaction; it is not sent");
        }
        over(CeilingExceededException.Ceiling.MAX_GAS_LIMIT, BigInteger.valueOf(maxGasLimit),
                BigInteger.valueOf(tx.gasLimit()));
        if (maxValue != null) {
            over(CeilingExceededException.Ceiling.MAX_VALUE, maxValue, tx.value());
        }
    }

    private void fees(BigInteger maxFee, BigInteger priorityFee) {
        over(CeilingExceededException.Ceiling.MAX_FEE_PER_GAS, maxFeePerGas, maxFee);
        over(CeilingExceededException.Ceiling.MAX_PRIORITY_FEE_PER_GAS, maxPriorityFeePerGas, priorityFee);
    }

    private static void over(CeilingExceededException.Ceiling ceiling, BigInteger limit, BigInteger actual) {
        if (actual.compareTo(limit) > 0) {
            throw new CeilingExceededException(ceiling, limit, actual);
        }
    }
}
