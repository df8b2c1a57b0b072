package sh.brane.core.blob;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;

import sh.brane.core.types.Hash;
import sh.brane.primitives.Hex;

/** A KZG commitment to a blob: a compressed BLS12-381 G1 point of 48 bytes. Immutable. */
public final class KzgCommitment {
    public static final int BYTES = 48;
    /** The first byte of a versioned hash of a KZG commitment ({@code VERSIONED_HASH_VERSION_KZG}). */
    public static final int VERSIONED_HASH_VERSION_KZG = 0x01;

    private final byte[] bytes;

    private KzgCommitment(byte[] bytes) {
        this.bytes = bytes;
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
            h = MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
        h[0] = VERSIONED_HASH_VERSION_KZG;
        return Hash.wrap(h);
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
        return o instanceof KzgCommitment c && Arrays.equals(bytes, c.bytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }

    @Override
    public String toString() {
        return "KzgCommitment[" + toHex() + "]";
    }
}
