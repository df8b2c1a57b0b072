package sh.brane.core.crypto;

import java.math.BigInteger;
import java.util.Arrays;

import sh.brane.primitives.InvalidEncodingException;

/** A secp256k1 ECDSA signature: {@code r}, {@code s} (32 bytes each, big-endian) and the y parity (0 or 1). */
public final class Signature {

    private final byte[] r;
    private final byte[] s;
    private final int yParity;

    /** Copies {@code r} and {@code s}, each at most 32 bytes (left-padded with zeros). */
    public Signature(byte[] r, byte[] s, int yParity) {
        this.r = leftPad32(r, "r");
        this.s = leftPad32(s, "s");
        if (yParity != 0 && yParity != 1) {
            throw new IllegalArgumentException("yParity must be 0 or 1, got " + yParity);
        }
        this.yParity = yParity;
    }

    /** Takes ownership of two 32-byte arrays that nobody else holds. */
    Signature(byte[] r32, byte[] s32, int yParity, boolean owned) {
        this.r = r32;
        this.s = s32;
        this.yParity = yParity;
    }

    /** A signature from {@code r} and {@code s} as unsigned 256-bit integers. */
    public static Signature of(BigInteger r, BigInteger s, int yParity) {
        return new Signature(unsigned32(r, "r"), unsigned32(s, "s"), yParity);
    }

    /** Parses the 65-byte {@code r || s || v} form, with {@code v} 0/1 or 27/28. */
    public static Signature fromBytes65(byte[] bytes) {
        if (bytes == null || bytes.length != 65) {
            throw new InvalidEncodingException("signature must be 65 bytes (r, s, v), got "
                    + (bytes == null ? "null" : bytes.length + " bytes"));
        }
        int v = bytes[64] & 0xFF;
        int parity = v >= 27 ? v - 27 : v;
        if (parity != 0 && parity != 1) {
            throw new InvalidEncodingException("signature v must be 0, 1, 27 or 28, got " + v);
        }
        return new Signature(Arrays.copyOfRange(bytes, 0, 32), Arrays.copyOfRange(bytes, 32, 64), parity);
    }

    public BigInteger r() {
        return new BigInteger(1, r);
    }

    public BigInteger s() {
        return new BigInteger(1, s);
    }

    public int yParity() {
        return yParity;
    }

    /**
     * True if {@code s <= n/2}, the canonical half EIP-2 requires: {@code (r, n - s, yParity ^ 1)} is a
     * second signature of the same hash by the same key. See {@link SignatureCheck}.
     */
    public boolean isLowS() {
        return Arrays.compareUnsigned(s, HALF_N) <= 0;
    }

    private static final byte[] HALF_N = org.bouncycastle.util.BigIntegers.asUnsignedByteArray(32, Secp256k1.HALF_N);

    /** A copy of {@code r}, 32 bytes. */
    public byte[] rBytes() {
        return r.clone();
    }

    /** A copy of {@code s}, 32 bytes. */
    public byte[] sBytes() {
        return s.clone();
    }

    /** Copies {@code r} into {@code dest} at {@code off}. */
    public void copyR(byte[] dest, int off) {
        System.arraycopy(r, 0, dest, off, 32);
    }

    /** Copies {@code s} into {@code dest} at {@code off}. */
    public void copyS(byte[] dest, int off) {
        System.arraycopy(s, 0, dest, off, 32);
    }

    /** {@code r || s || v} with {@code v = 27 + yParity}, the form {@code personal_sign} returns. */
    public byte[] toBytes65() {
        byte[] out = new byte[65];
        System.arraycopy(r, 0, out, 0, 32);
        System.arraycopy(s, 0, out, 32, 32);
        out[64] = (byte) (27 + yParity);
        return out;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Signature other && yParity == other.yParity
                && Arrays.equals(r, other.r) && Arrays.equals(s, other.s);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * Arrays.hashCode(r) + Arrays.hashCode(s)) + yParity;
    }

    @Override
    public String toString() {
        return "Signature[r=" + sh.brane.primitives.Hex.encode(r) + ", s=" + sh.brane.primitives.Hex.encode(s)
                + ", yParity=" + yParity + "]";
    }

    private static byte[] leftPad32(byte[] value, String name) {
        if (value == null || value.length > 32) {
            throw new InvalidEncodingException("signature " + name + " must be at most 32 bytes, got "
                    + (value == null ? "null" : value.length + " bytes"));
        }
        byte[] out = new byte[32];
        System.arraycopy(value, 0, out, 32 - value.length, value.length);
        return out;
    }

    private static byte[] unsigned32(BigInteger value, String name) {
        if (value.signum() < 0 || value.bitLength() > 256) {
            throw new InvalidEncodingException("signature " + name + " must be a 256-bit unsigned integer");
        }
        byte[] raw = value.toByteArray();
        return raw.length > 32 ? Arrays.copyOfRange(raw, raw.length - 32, raw.length) : raw;
    }
}
