package sh.brane.core.tx;

import java.util.Arrays;

import sh.brane.core.crypto.Secp256k1;
import sh.brane.core.crypto.Signature;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.primitives.Hex;
import sh.brane.primitives.Keccak256;
import sh.brane.primitives.Rlp;
import sh.brane.primitives.RlpWriter;

/**
 * A transaction with its signature, in its network encoding: {@link #rawBytes()} is what
 * {@code eth_sendRawTransaction} takes, {@link #hash()} the hash nodes and explorers know it by,
 * {@link #sender()} the address that signed it. Immutable.
 *
 * <p>Made by {@link Transaction#sign}, by {@link #of} from a signature made elsewhere (a hardware or
 * remote signer), or by {@link #decode} from raw bytes, e.g. from a block or a mempool.
 *
 * <p>A blob transaction that carries its {@linkplain Eip4844Transaction#sidecar() sidecar} has two encodings: the
 * network form (with the blobs, commitments and proofs), which {@link #rawBytes()} gives because it is what
 * {@code eth_sendRawTransaction} takes, and the canonical form without them ({@link #canonicalBytes()}), which blocks
 * hold and {@link #hash()} hashes. For every other transaction the two are the same bytes.
 *
 * <p>Decoding accepts a signature whose {@code s} is above n/2 (nodes have rejected these since
 * Homestead, but older blocks hold them); {@link #hasLowS()} tells them apart. It rejects
 * {@code r} or {@code s} of 0 or at least n, which no signer can produce.
 */
public final class SignedTransaction {

    private final Transaction transaction;
    private final Signature signature;
    /** The network encoding: the canonical one, or for a blob transaction with its sidecar the network form. */
    private final byte[] raw;
    private final byte[] canonical;
    private volatile Hash hash;
    private volatile Address sender;

    private SignedTransaction(Transaction transaction, Signature signature, byte[] raw, byte[] canonical) {
        this.transaction = transaction;
        this.signature = signature;
        this.raw = raw;
        this.canonical = canonical;
    }

    /**
     * Pairs {@code transaction} with a signature of its {@link Transaction#signingHash()} made
     * elsewhere. The signature is not checked against any sender; {@link #sender()} recovers who
     * made it.
     *
     * @throws IllegalArgumentException if r or s is 0 or not below the curve order
     */
    public static SignedTransaction of(Transaction transaction, Signature signature) {
        Checks.notNull("transaction", transaction);
        Checks.notNull("signature", signature);
        byte[] r = signature.rBytes();
        byte[] s = signature.sBytes();
        if (!TxSignatures.inRange(r) || !TxSignatures.inRange(s)) {
            throw new IllegalArgumentException("signature r and s must be between 1 and n - 1 (the secp256k1 order)");
        }
        byte[] canonical = encode((BaseTransaction) transaction, signature, r, s);
        return new SignedTransaction(transaction, signature, ((BaseTransaction) transaction).networkForm(canonical),
                canonical);
    }

    /**
     * Decodes a raw signed transaction of any type (the bytes of {@code eth_sendRawTransaction}); a blob transaction
     * in its network form decodes with its sidecar (whose proofs are not checked here: see
     * {@link sh.brane.core.blob.BlobSidecar#verify()}).
     */
    public static SignedTransaction decode(byte[] raw) {
        return TransactionDecoder.decode(raw);
    }

    /** Decodes a raw signed transaction given as hex, with or without {@code 0x}. */
    public static SignedTransaction decode(String hex) {
        byte[] raw;
        try {
            raw = Hex.decode(hex);
        } catch (IllegalArgumentException e) {
            throw new TransactionDecodingException("raw transaction is not hex: " + e.getMessage(), e);
        }
        return TransactionDecoder.decode(raw);
    }

    /** Used by the decoder, which has already checked that {@code raw} is this exact encoding. */
    static SignedTransaction decoded(Transaction transaction, Signature signature, byte[] raw) {
        return new SignedTransaction(transaction, signature, raw, raw);
    }

    /** Used by the decoder for a blob transaction's network form {@code raw} and its canonical form. */
    static SignedTransaction decoded(Transaction transaction, Signature signature, byte[] raw, byte[] canonical) {
        return new SignedTransaction(transaction, signature, raw, canonical);
    }

    /**
     * The canonical encoding: as a block holds it, and what {@link #hash()} hashes; for a blob transaction without
     * its sidecar. For every other transaction the same bytes as {@link #rawBytes()}.
     */
    public byte[] canonicalBytes() {
        return canonical.clone();
    }

    private static byte[] encode(BaseTransaction tx, Signature sig, byte[] r, byte[] s) {
        boolean typed = tx.type() != TransactionType.LEGACY;
        long v = tx.envelopeV(sig.yParity());
        int payload = tx.fieldsLength() + Rlp.sizeOfLong(v) + TxRlp.lengthOfWord(r) + TxRlp.lengthOfWord(s);
        byte[] out = new byte[(typed ? 1 : 0) + Rlp.sizeOfList(payload)];
        if (typed) {
            out[0] = (byte) tx.type().typeByte();
        }
        RlpWriter w = new RlpWriter(out, typed ? 1 : 0).writeListHeader(payload);
        tx.writeFields(w);
        w.writeLong(v);
        TxRlp.writeWord(w, r);
        TxRlp.writeWord(w, s);
        int pos = w.position();
        if (pos != out.length) {
            throw new IllegalStateException("transaction encoder wrote " + pos + " bytes into " + out.length);
        }
        return out;
    }

    public Transaction transaction() {
        return transaction;
    }

    public TransactionType type() {
        return transaction.type();
    }

    public Signature signature() {
        return signature;
    }

    /**
     * The {@code v} as written in the envelope: {@code 27/28} for legacy without chain id,
     * {@code chainId * 2 + 35/36} under EIP-155, the y parity (0/1) for typed transactions.
     */
    public long v() {
        return ((BaseTransaction) transaction).envelopeV(signature.yParity());
    }

    /** False if {@code s} is above n/2: valid only before Homestead; nodes refuse to mine it today. */
    public boolean hasLowS() {
        return TxSignatures.isLowS(signature.sBytes());
    }

    /**
     * A copy of the network encoding: the argument of {@code eth_sendRawTransaction} (for a blob transaction with its
     * sidecar, the network form with the blobs).
     */
    public byte[] rawBytes() {
        return raw.clone();
    }

    /** Length of {@link #rawBytes()} without copying. */
    public int encodedLength() {
        return raw.length;
    }

    /** Copies the network encoding into {@code dest} at {@code off} without allocating. */
    public void copyRawTo(byte[] dest, int off) {
        System.arraycopy(raw, 0, dest, off, raw.length);
    }

    /** The network encoding as {@code 0x} hex, ready for {@code eth_sendRawTransaction}. */
    public String toHex() {
        return Hex.encode(raw);
    }

    /** The transaction hash: Keccak-256 of {@link #canonicalBytes()} (of {@link #rawBytes()} but for blob sidecars). */
    public Hash hash() {
        Hash h = hash;
        if (h == null) {
            h = Hash.wrap(Keccak256.hash(canonical));
            hash = h;
        }
        return h;
    }

    /**
     * The address that signed this transaction, recovered from the signature (computed once).
     *
     * @throws sh.brane.core.crypto.SignatureException if no public key can be recovered
     */
    public Address sender() {
        Address a = sender;
        if (a == null) {
            a = Secp256k1.recoverAddress(Keccak256.hash(transaction.signingPayload()), signature);
            sender = a;
        }
        return a;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SignedTransaction other && Arrays.equals(raw, other.raw);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(raw);
    }

    @Override
    public String toString() {
        return "SignedTransaction[hash=" + hash() + ", v=" + v() + ", " + transaction + "]";
    }
}
