package sh.brane.core.tx;

import java.math.BigInteger;
import java.util.Arrays;

import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.primitives.Hex;
import sh.brane.primitives.Keccak256;
import sh.brane.primitives.Rlp;
import sh.brane.primitives.RlpWriter;

/**
 * The fields every transaction type has, and the encoding skeleton. Every type lays its unsigned
 * fields out the same way: {@code [chainId (typed only)], nonce, <pricing>, gasLimit, to, value,
 * data, <tail>}; a type says only how long its pricing and tail fields are and writes them. This
 * class frames the fields as the signing payload or, with a signature, as the network envelope.
 * Sizes are computed once, then everything is written into one exactly sized array.
 */
abstract sealed class BaseTransaction permits LegacyTransaction, Eip2930Transaction, FeeMarketTransaction {

    static final byte[] NO_DATA = new byte[0];

    final long chainId;
    final long nonce;
    final long gasLimit;
    final Address to;
    final BigInteger value;
    final byte[] data;

    /** Length of the RLP of the unsigned fields, without list header; computed on first use. */
    private int fieldsLength = -1;

    BaseTransaction(long chainId, long nonce, long gasLimit, Address to, BigInteger value, byte[] data) {
        this.chainId = chainId;
        this.nonce = Checks.nonNegative("nonce", nonce);
        this.gasLimit = Checks.nonNegative("gasLimit", gasLimit);
        this.to = to;
        this.value = Checks.uint256("value", value);
        this.data = Checks.notNull("data", data);
    }

    public abstract TransactionType type();

    public long chainId() {
        return chainId;
    }

    public long nonce() {
        return nonce;
    }

    public long gasLimit() {
        return gasLimit;
    }

    public Address to() {
        return to;
    }

    public BigInteger value() {
        return value;
    }

    public byte[] data() {
        return data.length == 0 ? NO_DATA : data.clone();
    }

    public int dataLength() {
        return data.length;
    }

    /** RLP length of the price fields between {@code nonce} and {@code gasLimit}. */
    abstract int pricingLength();

    /** Writes the price fields between {@code nonce} and {@code gasLimit}. */
    abstract void writePricing(RlpWriter w);

    /** RLP length of the fields after {@code data} (access list and type-specific fields); none for legacy. */
    int tailLength() {
        return 0;
    }

    /** Writes the fields after {@code data}. */
    void writeTail(RlpWriter w) {
    }

    private boolean typed() {
        return type() != TransactionType.LEGACY;
    }

    /** RLP length of the fields (everything between the list header and the signature). */
    final int computeFieldsLength() {
        return (typed() ? Rlp.sizeOfLong(chainId) : 0) + Rlp.sizeOfLong(nonce) + pricingLength()
                + Rlp.sizeOfLong(gasLimit) + TxRlp.lengthOfAddress(to) + Rlp.sizeOfBigInteger(value)
                + Rlp.sizeOfBytes(data) + tailLength();
    }

    /** Writes the fields (no list header). */
    final void writeFields(RlpWriter w) {
        if (typed()) {
            w.writeLong(chainId);
        }
        w.writeLong(nonce);
        writePricing(w);
        w.writeLong(gasLimit);
        TxRlp.writeAddress(w, to);
        w.writeBigInteger(value);
        w.writeBytes(data);
        writeTail(w);
    }

    final int fieldsLength() {
        int len = fieldsLength;
        if (len < 0) {
            len = computeFieldsLength();
            fieldsLength = len;
        }
        return len;
    }

    /** RLP length of what follows the fields in the signing payload (EIP-155's chainId, 0, 0; nothing for typed). */
    int signingSuffixLength() {
        return 0;
    }

    void writeSigningSuffix(RlpWriter w) {
    }

    /** The {@code v} (legacy) or {@code yParity} (typed) written in the envelope for a signature of this parity. */
    abstract long envelopeV(int yParity);

    /** The encoding {@code eth_sendRawTransaction} takes, given the canonical signed one: the same but for blobs. */
    byte[] networkForm(byte[] canonical) {
        return canonical;
    }

    public byte[] signingPayload() {
        boolean typed = typed();
        int payload = fieldsLength() + signingSuffixLength();
        byte[] out = new byte[(typed ? 1 : 0) + Rlp.sizeOfList(payload)];
        if (typed) {
            out[0] = (byte) type().typeByte();
        }
        RlpWriter w = new RlpWriter(out, typed ? 1 : 0).writeListHeader(payload);
        writeFields(w);
        writeSigningSuffix(w);
        return out;
    }

    public Hash signingHash() {
        return Hash.wrap(Keccak256.hash(signingPayload()));
    }

    public SignedTransaction sign(PrivateKey key) {
        if (key == null) {
            throw new IllegalArgumentException("private key is null");
        }
        return SignedTransaction.of((Transaction) this, key.signHash(Keccak256.hash(signingPayload())));
    }

    /** Equality of the common fields; subclasses add theirs. */
    final boolean commonEquals(BaseTransaction o) {
        return chainId == o.chainId && nonce == o.nonce && gasLimit == o.gasLimit
                && java.util.Objects.equals(to, o.to) && value.equals(o.value) && Arrays.equals(data, o.data);
    }

    final int commonHashCode() {
        int h = Long.hashCode(chainId);
        h = 31 * h + Long.hashCode(nonce);
        h = 31 * h + Long.hashCode(gasLimit);
        h = 31 * h + java.util.Objects.hashCode(to);
        h = 31 * h + value.hashCode();
        return 31 * h + Arrays.hashCode(data);
    }

    /** How {@link #toString()} shows the chain id. */
    String chainIdText() {
        return Long.toString(chainId);
    }

    /** Appends the price fields for {@link #toString()}, e.g. {@code gasPrice=1}. */
    abstract void describePricing(StringBuilder sb);

    /** Appends the fields after {@code data} for {@link #toString()}, each starting with {@code ", "}. */
    void describeTail(StringBuilder sb) {
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(getClass().getSimpleName()).append("[chainId=").append(chainIdText())
                .append(", nonce=").append(nonce).append(", ");
        describePricing(sb);
        sb.append(", gasLimit=").append(gasLimit).append(", to=").append(toPreview()).append(", value=").append(value)
                .append(", data=").append(dataPreview());
        describeTail(sb);
        return sb.append(']').toString();
    }

    private String dataPreview() {
        return data.length <= 64 ? Hex.encode(data)
                : Hex.encode(data, 0, 64, true) + "...(" + data.length + " bytes)";
    }

    private String toPreview() {
        return to == null ? "null (contract creation)" : to.toString();
    }
}
