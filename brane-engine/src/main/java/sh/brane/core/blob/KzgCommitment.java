package sh.brane.core.blob;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

import sh.brane.core.types.Hash;
import sh.brane.primitives.Hex;

/** A KZG commitment to a blob: a compressed BLS12-381 G1 point of 48 bytes. Immutable. */
public final class KzgCommitment extends G1Point {
    public static final int BYTES = G1Point.BYTES;
    /** The first byte of a versioned hash of a KZG commitment ({@code VERSIONED_HASH_VERSION_KZG}). */
    public static final int VERSIONED_HASH_VERSION_KZG = 0x01;

    private KzgCommitment(byte[] bytes) {
        super(bytes);
    }

    /** The commitment of these 48 bytes (copied); whether they are a point on the curve is checked by the KZG calls. */
    public static KzgCommitment of(byte[] bytes) {
        return new KzgCommitment(Points.check("KZG commitment", bytes).clone());
    }

    public static KzgCommitment of(String hex) {
        return of(Hex.decode(hex));
    }

    static KzgCommitment wrap(byte[] bytes) {
        return new KzgCommitment(bytes);
    }

    /** The versioned hash a blob transaction carries for this commitment: {@code 0x01 || sha256(commitment)[1:]}. */
    public Hash versionedHash() {
        byte[] h;
        try {
            h = MessageDigest.getInstance("SHA-256").digest(bytes());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
        h[0] = VERSIONED_HASH_VERSION_KZG;
        return Hash.wrap(h);
    }
}
