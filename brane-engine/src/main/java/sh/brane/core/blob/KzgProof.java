package sh.brane.core.blob;

import sh.brane.primitives.Hex;

/**
 * A KZG proof: a compressed BLS12-381 G1 point of 48 bytes; a blob proof (EIP-4844) or one cell proof of the 128 of a
 * blob (EIP-7594). Immutable.
 */
public final class KzgProof extends G1Point {
    public static final int BYTES = G1Point.BYTES;

    private KzgProof(byte[] bytes) {
        super(bytes);
    }

    /** The proof of these 48 bytes (copied); whether they are a point on the curve is checked by the KZG calls. */
    public static KzgProof of(byte[] bytes) {
        return new KzgProof(Points.check("KZG proof", bytes).clone());
    }

    public static KzgProof of(String hex) {
        return of(Hex.decode(hex));
    }

    static KzgProof wrap(byte[] bytes) {
        return new KzgProof(bytes);
    }
}
