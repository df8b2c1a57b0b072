package sh.brane.core.blob;

import java.math.BigInteger;
import java.util.Arrays;

/**
 * One EIP-4844 blob: 4096 field elements of 32 bytes each (131072 bytes), every element a big-endian integer below the
 * BLS12-381 scalar modulus. Checked when made, so a bad blob is refused before any commitment is computed or any
 * transaction signed. Immutable.
 *
 * <p>{@link #fromData} packs arbitrary bytes into a blob (31 bytes per element, so every element stays below the
 * modulus, then a {@code 0x80} end marker) and {@link #toData} reads them back; this is the packing viem's
 * {@code toBlobs} uses.
 */
public final class Blob {
    public static final int FIELD_ELEMENTS = 4096;
    public static final int BYTES_PER_FIELD_ELEMENT = 32;
    public static final int BYTES = FIELD_ELEMENTS * BYTES_PER_FIELD_ELEMENT;
    /** How many bytes of data {@link #fromData} fits in one blob: 31 per element, less the end marker. */
    public static final int MAX_DATA_BYTES = FIELD_ELEMENTS * (BYTES_PER_FIELD_ELEMENT - 1) - 1;
    /** The BLS12-381 scalar field modulus: every field element of a blob must be below it. */
    public static final BigInteger BLS_MODULUS = new BigInteger(
            "52435875175126190479447740508185965837690552500527637822603658699938581184513");
    private static final byte[] MODULUS = modulusBytes();
    private static final int END_MARKER = 0x80;

    private final byte[] bytes;

    private Blob(byte[] bytes) {
        this.bytes = bytes;
    }

    /**
     * The blob of exactly {@link #BYTES} bytes (copied).
     *
     * @throws InvalidBlobException for another length or a field element not below {@link #BLS_MODULUS}, naming its
     *                              index
     */
    public static Blob of(byte[] bytes) {
        if (bytes == null) {
            throw new InvalidBlobException("blob is null");
        }
        if (bytes.length != BYTES) {
            throw new InvalidBlobException("a blob is exactly " + BYTES + " bytes (4096 field elements of 32 bytes),"
                    + " got " + bytes.length + "; pack arbitrary data with Blob.fromData(..), which pads it");
        }
        for (int i = 0; i < FIELD_ELEMENTS; i++) {
            if (!belowModulus(bytes, i * BYTES_PER_FIELD_ELEMENT)) {
                throw new InvalidBlobException("blob field element " + i + " (bytes " + i * BYTES_PER_FIELD_ELEMENT
                        + ".." + ((i + 1) * BYTES_PER_FIELD_ELEMENT - 1) + ") is not below the BLS12-381 modulus "
                        + "0x73eda753...00000001; keep the first byte of every 32-byte element at most 0x73 (or 0x00, "
                        + "as Blob.fromData(..) does)");
            }
        }
        return new Blob(bytes.clone());
    }

    /**
     * {@code data} packed into one blob: 31 bytes in each field element (its first byte 0), then one {@code 0x80}
     * byte, then zeros.
     *
     * @throws InvalidBlobException if {@code data} is longer than {@link #MAX_DATA_BYTES}
     */
    public static Blob fromData(byte[] data) {
        if (data == null) {
            throw new InvalidBlobException("blob data is null");
        }
        if (data.length > MAX_DATA_BYTES) {
            throw new InvalidBlobException("blob data of " + data.length + " bytes does not fit one blob (at most "
                    + MAX_DATA_BYTES + "); split it over several blobs");
        }
        byte[] out = new byte[BYTES];
        int pos = 0;
        for (int element = 0; pos <= data.length; element++) {
            int n = Math.min(BYTES_PER_FIELD_ELEMENT - 1, data.length - pos);
            int at = element * BYTES_PER_FIELD_ELEMENT + 1;
            System.arraycopy(data, pos, out, at, n);
            if (n < BYTES_PER_FIELD_ELEMENT - 1) {
                out[at + n] = (byte) END_MARKER;
                break;
            }
            pos += n;
        }
        return new Blob(out);
    }

    /**
     * The data packed by {@link #fromData}: the bytes after each element's first byte, up to the last {@code 0x80}.
     *
     * @throws InvalidBlobException if the blob has no end marker or an element's first byte is not 0
     */
    public byte[] toData() {
        int end = -1;
        for (int i = BYTES - 1; i >= 0; i--) {
            if (bytes[i] != 0) {
                if ((bytes[i] & 0xFF) != END_MARKER || i % BYTES_PER_FIELD_ELEMENT == 0) {
                    throw new InvalidBlobException("blob does not end with the 0x80 marker of Blob.fromData(..): the"
                            + " last non-zero byte, at " + i + ", is 0x" + Integer.toHexString(bytes[i] & 0xFF));
                }
                end = i;
                break;
            }
        }
        if (end < 0) {
            throw new InvalidBlobException("blob is all zeros: it holds no Blob.fromData(..) end marker");
        }
        byte[] out = new byte[end - end / BYTES_PER_FIELD_ELEMENT - 1];
        int n = 0;
        for (int i = 0; i < end; i++) {
            if (i % BYTES_PER_FIELD_ELEMENT == 0) {
                if (bytes[i] != 0) {
                    throw new InvalidBlobException("blob field element " + i / BYTES_PER_FIELD_ELEMENT + " starts"
                            + " with a non-zero byte: it was not packed by Blob.fromData(..)");
                }
            } else {
                out[n++] = bytes[i];
            }
        }
        return out;
    }

    /** A copy of the 131072 bytes. */
    public byte[] toBytes() {
        return bytes.clone();
    }

    /** Copies the 131072 bytes into {@code dest} at {@code off}. */
    public void copyTo(byte[] dest, int off) {
        System.arraycopy(bytes, 0, dest, off, BYTES);
    }

    /** The bytes themselves, for the KZG binding and the encoder in this library: never handed out. */
    byte[] bytes() {
        return bytes;
    }

    static boolean belowModulus(byte[] b, int off) {
        for (int k = 0; k < BYTES_PER_FIELD_ELEMENT; k++) {
            int x = b[off + k] & 0xFF;
            int m = MODULUS[k] & 0xFF;
            if (x != m) {
                return x < m;
            }
        }
        return false;
    }

    private static byte[] modulusBytes() {
        byte[] raw = BLS_MODULUS.toByteArray();
        byte[] out = new byte[BYTES_PER_FIELD_ELEMENT];
        System.arraycopy(raw, raw.length - BYTES_PER_FIELD_ELEMENT, out, 0, BYTES_PER_FIELD_ELEMENT);
        return out;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Blob b && Arrays.equals(bytes, b.bytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }

    /** Short: a blob's 131072 bytes do not belong in a log line. */
    @Override
    public String toString() {
        return "Blob[" + BYTES + " bytes, hashCode " + Integer.toHexString(hashCode()) + "]";
    }
}
