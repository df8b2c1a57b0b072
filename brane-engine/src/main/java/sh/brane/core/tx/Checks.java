package sh.brane.core.tx;

import java.math.BigInteger;

import sh.brane.core.types.Address;

/** Range checks shared by every transaction type; each failure names the field. */
final class Checks {

    private Checks() {
    }

    static BigInteger uint256(String field, BigInteger value) {
        if (value == null) {
            throw new InvalidTransactionException(field + " is not set");
        }
        if (value.signum() < 0) {
            throw new InvalidTransactionException(field + " must not be negative, got " + value);
        }
        if (value.bitLength() > 256) {
            throw new InvalidTransactionException(field + " must fit in 256 bits (at most 2^256 - 1), got a "
                    + value.bitLength() + "-bit number");
        }
        return value;
    }

    static long nonNegative(String field, long value) {
        if (value < 0) {
            throw new InvalidTransactionException(field + " must not be negative, got " + value);
        }
        return value;
    }

    static long chainId(long chainId) {
        if (chainId < 1 || chainId > Transaction.MAX_CHAIN_ID) {
            throw new InvalidTransactionException("chainId must be between 1 and " + Transaction.MAX_CHAIN_ID
                    + ", got " + chainId);
        }
        return chainId;
    }

    static <T> T notNull(String field, T value) {
        if (value == null) {
            throw new InvalidTransactionException(field + " is not set");
        }
        return value;
    }

    /** For the types that cannot create a contract (EIP-4844, EIP-7702): the recipient is required. */
    static Address recipient(String typeName, Address to) {
        if (to == null) {
            throw new InvalidTransactionException(typeName + " transactions cannot create contracts: to is required");
        }
        return to;
    }

    /** EIP-1559: a transaction whose tip cap exceeds its fee cap is invalid. */
    static void feeCaps(BigInteger maxPriorityFeePerGas, BigInteger maxFeePerGas) {
        uint256("maxPriorityFeePerGas", maxPriorityFeePerGas);
        uint256("maxFeePerGas", maxFeePerGas);
        if (maxPriorityFeePerGas.compareTo(maxFeePerGas) > 0) {
            throw new InvalidTransactionException("maxPriorityFeePerGas (" + maxPriorityFeePerGas
                    + ") must not exceed maxFeePerGas (" + maxFeePerGas + ")");
        }
    }
}
