package sh.brane.core.tx;

/**
 * The transaction types Ethereum mainnet accepts, with the EIP-2718 type byte that starts their
 * envelope. Legacy transactions have no type byte: their envelope is a bare RLP list.
 */
public enum TransactionType {
    /** The original format, with or without EIP-155 replay protection. */
    LEGACY(0),
    /** EIP-2930: chain id and access list, still priced by {@code gasPrice}. */
    EIP2930(1),
    /** EIP-1559: {@code maxPriorityFeePerGas} and {@code maxFeePerGas}. */
    EIP1559(2),
    /** EIP-4844: blob-carrying transaction (the envelope without the blob sidecar). */
    EIP4844(3),
    /** EIP-7702: sets an account's code from a list of signed authorizations. */
    EIP7702(4);

    private final int typeByte;

    TransactionType(int typeByte) {
        this.typeByte = typeByte;
    }

    /** The EIP-2718 type byte; 0 for legacy, which writes no type byte at all. */
    public int typeByte() {
        return typeByte;
    }

    /** The typed transaction type for an EIP-2718 type byte, or {@code null} if none is known. */
    static TransactionType ofTypeByte(int b) {
        return switch (b) {
            case 1 -> EIP2930;
            case 2 -> EIP1559;
            case 3 -> EIP4844;
            case 4 -> EIP7702;
            default -> null;
        };
    }
}
