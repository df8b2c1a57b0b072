package sh.brane.signer;

import java.math.BigInteger;
import java.util.Arrays;

import sh.brane.core.crypto.Secp256k1;
import sh.brane.core.crypto.Signature;
import sh.brane.core.crypto.SignatureException;

/**
 * Turns a device's plain ECDSA {@code (r, s)} into an Ethereum signature: s in the lower half (EIP-2), and the
 * recovery id (y parity) found by recovering against the key's known public key. A device gives no recovery
 * id, so both candidates are tried; the one that recovers the key is, by construction, also the verification
 * that the device signed this digest with this key.
 */
final class EthereumSignatures {

    static final BigInteger N =
            new BigInteger("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141", 16);
    private static final BigInteger HALF_N = N.shiftRight(1);

    private EthereumSignatures() {
    }

    /**
     * @param publicKey the signer's 64-byte public key {@code x || y}
     * @throws SignerException naming the signer if (r, s) is out of range or recovers to another key
     */
    static Signature fromRs(String signerName, byte[] digest, BigInteger r, BigInteger s, byte[] publicKey) {
        if (r.signum() <= 0 || r.compareTo(N) >= 0 || s.signum() <= 0 || s.compareTo(N) >= 0) {
            throw new SignerException(signerName, "the device returned an ECDSA signature with r or s out of range");
        }
        BigInteger low = s.compareTo(HALF_N) > 0 ? N.subtract(s) : s;
        for (int parity = 0; parity <= 1; parity++) {
            Signature candidate = Signature.of(r, low, parity);
            try {
                if (Arrays.equals(Secp256k1.recoverPublicKey(digest, candidate), publicKey)) {
                    return candidate;
                }
            } catch (SignatureException e) {
                // this parity names no point on the curve; try the other one
            }
        }
        throw new SignerException(signerName, "the device's signature does not verify against its public key"
                + " (wrong key pair, or a faulty device); nothing was signed");
    }

    /** {@code r || s} (each {@code size} bytes) as two unsigned integers. */
    static BigInteger[] splitRs(String signerName, byte[] rs) {
        if (rs.length != 64) {
            throw new SignerException(signerName, "the device returned a " + rs.length
                    + "-byte ECDSA signature, expected 64 bytes (r || s)");
        }
        return new BigInteger[] { new BigInteger(1, Arrays.copyOfRange(rs, 0, 32)),
                new BigInteger(1, Arrays.copyOfRange(rs, 32, 64)) };
    }
}
