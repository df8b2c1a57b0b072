package sh.brane.signer;

import sh.brane.core.types.Wei;

/**
 * The most one signer may sign for in one transaction, whatever a node quotes: max fee per gas, max priority
 * fee per gas, gas limit, (optionally) value and the max fee per blob gas of a blob transaction. A null component
 * means no ceiling of that kind.
 *
 * <p>This is a value only: the sending path ({@code sh.brane.client.tx}) refuses a transaction over a ceiling
 * before it reaches the signer, with an error naming the ceiling. In Spring these come from
 * {@code brane.signers.<name>.max-fee-per-gas}, {@code .max-priority-fee-per-gas}, {@code .max-gas-limit},
 * {@code .max-value} and {@code .max-fee-per-blob-gas}.
 *
 * @param maxFeePerGas         ceiling on an EIP-1559 max fee per gas, and on a legacy gas price
 * @param maxPriorityFeePerGas ceiling on the EIP-1559 priority fee (tip) per gas
 * @param maxGasLimit          ceiling on the gas limit, at least 21,000
 * @param maxValue             ceiling on the value (wei) sent by one transaction
 * @param maxFeePerBlobGas     ceiling on the max fee per blob gas of a blob (type 3) transaction
 */
public record SignerCeilings(Wei maxFeePerGas, Wei maxPriorityFeePerGas, Long maxGasLimit, Wei maxValue,
        Wei maxFeePerBlobGas) {

    /** No ceiling at all. */
    public static final SignerCeilings NONE = new SignerCeilings(null, null, null, null, null);

    /** The smallest gas limit any transaction needs. */
    public static final long MIN_GAS_LIMIT = 21_000;

    public SignerCeilings {
        if (maxGasLimit != null && maxGasLimit < MIN_GAS_LIMIT) {
            throw new IllegalArgumentException("max gas limit must be at least " + MIN_GAS_LIMIT
                    + " (a plain transfer's gas), got " + maxGasLimit);
        }
        if (maxFeePerGas != null && maxPriorityFeePerGas != null
                && maxPriorityFeePerGas.compareTo(maxFeePerGas) > 0) {
            throw new IllegalArgumentException("max priority fee per gas (" + maxPriorityFeePerGas
                    + ") must not exceed max fee per gas (" + maxFeePerGas + ")");
        }
    }

    /** The ceilings of a signer that sends no blob transactions (no ceiling on the blob fee). */
    public SignerCeilings(Wei maxFeePerGas, Wei maxPriorityFeePerGas, Long maxGasLimit, Wei maxValue) {
        this(maxFeePerGas, maxPriorityFeePerGas, maxGasLimit, maxValue, null);
    }

    /** True when no ceiling is set. */
    public boolean isEmpty() {
        return maxFeePerGas == null && maxPriorityFeePerGas == null && maxGasLimit == null && maxValue == null
                && maxFeePerBlobGas == null;
    }
}
