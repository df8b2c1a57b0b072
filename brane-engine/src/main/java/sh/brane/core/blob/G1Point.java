package sh.brane.core.blob;

import java.util.Arrays;

import sh.brane.primitives.Hex;

/**
 * The 48 bytes of a compressed BLS12-381 G1 point, which KZG commitments and proofs both are; each kind is its own
 * type so that one is never passed where the other is meant. Immutable.
 */
abstract sealed class G1Point permits KzgCommitment, KzgProof {
    public static final int BYTES = 48;

    private final byte[] bytes;

    G1Point(byte[] bytes) {
        this.bytes = bytes;
    }

    public byte[] toBytes() {
        return bytes.clone();
    }

    byte[] bytes() {
        return bytes;
    }

    public String toHex() {
        return Hex.encode(bytes);
    }

    @Override
    public boolean equals(Object o) {
        return o != null && o.getClass() == getClass() && Arrays.equals(bytes, ((G1Point) o).bytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[" + toHex() + "]";
    }
}
