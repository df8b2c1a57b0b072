package sh.brane.core.blob;

/** The size check shared by commitments and proofs. */
final class Points {
    static final int BYTES = 48;

    private Points() {
    }

    static byte[] check(String what, byte[] bytes) {
        if (bytes == null) {
            throw new InvalidBlobException(what + " is null");
        }
        if (bytes.length != BYTES) {
            throw new InvalidBlobException(what + " must be " + BYTES + " bytes (a compressed BLS12-381 G1 point), got "
                    + bytes.length);
        }
        return bytes;
    }
}
