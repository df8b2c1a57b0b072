package sh.brane.core.crypto;

import java.math.BigInteger;
import java.util.Arrays;

import org.bouncycastle.asn1.x9.X9ECParameters;
import org.bouncycastle.crypto.ec.CustomNamedCurves;
import org.bouncycastle.crypto.digests.SHA256Digest;
import org.bouncycastle.crypto.params.ECDomainParameters;
import org.bouncycastle.crypto.params.ECPrivateKeyParameters;
import org.bouncycastle.crypto.signers.ECDSASigner;
import org.bouncycastle.crypto.signers.HMacDSAKCalculator;
import org.bouncycastle.math.ec.ECAlgorithms;
import org.bouncycastle.math.ec.ECPoint;
import org.bouncycastle.math.ec.FixedPointCombMultiplier;

import sh.brane.core.types.Address;
import sh.brane.primitives.Keccak256;

/**
 * secp256k1 signing and public-key recovery: RFC 6979 deterministic nonces, low-s (EIP-2).
 *
 * <p>Straightforward version on BouncyCastle's ECDSASigner; the recovery id is found by trial.
 */
public final class Secp256k1 {

    static final X9ECParameters CURVE_PARAMS = CustomNamedCurves.getByName("secp256k1");
    static final ECDomainParameters CURVE = new ECDomainParameters(
            CURVE_PARAMS.getCurve(), CURVE_PARAMS.getG(), CURVE_PARAMS.getN(), CURVE_PARAMS.getH());
    static final BigInteger N = CURVE.getN();
    static final BigInteger HALF_N = N.shiftRight(1);

    private Secp256k1() {
    }

    /** Signs a 32-byte hash with the private scalar {@code d}. */
    static Signature sign(byte[] hash, BigInteger d, byte[] publicKey64) {
        checkHash(hash);
        ECDSASigner signer = new ECDSASigner(new HMacDSAKCalculator(new SHA256Digest()));
        signer.init(true, new ECPrivateKeyParameters(d, CURVE));
        BigInteger[] rs = signer.generateSignature(hash);
        BigInteger r = rs[0];
        BigInteger s = rs[1];
        if (s.compareTo(HALF_N) > 0) {
            s = N.subtract(s);
        }
        for (int parity = 0; parity < 2; parity++) {
            byte[] recovered = recover(hash, r, s, parity);
            if (recovered != null && Arrays.equals(recovered, publicKey64)) {
                return Signature.of(r, s, parity);
            }
        }
        throw new IllegalStateException("could not compute the recovery id of a fresh signature");
    }

    /** The 64-byte uncompressed public key (x || y, no 0x04 prefix) of the private scalar {@code d}. */
    static byte[] publicKeyOf(BigInteger d) {
        ECPoint q = new FixedPointCombMultiplier().multiply(CURVE.getG(), d).normalize();
        byte[] encoded = q.getEncoded(false);
        return Arrays.copyOfRange(encoded, 1, 65);
    }

    /**
     * Recovers the 64-byte public key that made {@code signature} over {@code hash}.
     *
     * @throws SignatureException if no key can be recovered (invalid r, s or parity)
     */
    public static byte[] recoverPublicKey(byte[] hash, Signature signature) {
        checkHash(hash);
        byte[] key = recover(hash, signature.r(), signature.s(), signature.yParity());
        if (key == null) {
            throw new SignatureException("no public key can be recovered from this signature and hash");
        }
        return key;
    }

    /** The address that made {@code signature} over {@code hash}. */
    public static Address recoverAddress(byte[] hash, Signature signature) {
        return addressOf(recoverPublicKey(hash, signature));
    }

    /** The address of a 64-byte uncompressed public key: the last 20 bytes of its Keccak-256. */
    public static Address addressOf(byte[] publicKey64) {
        if (publicKey64.length != 64) {
            throw new IllegalArgumentException("public key must be 64 bytes (x || y), got " + publicKey64.length);
        }
        byte[] h = Keccak256.hash(publicKey64);
        return Address.fromBytes(Arrays.copyOfRange(h, 12, 32));
    }

    private static byte[] recover(byte[] hash, BigInteger r, BigInteger s, int parity) {
        if (r.signum() <= 0 || r.compareTo(N) >= 0 || s.signum() <= 0 || s.compareTo(N) >= 0) {
            return null;
        }
        BigInteger p = CURVE_PARAMS.getCurve().getField().getCharacteristic();
        if (r.compareTo(p) >= 0) {
            return null;
        }
        byte[] compressed = new byte[33];
        compressed[0] = (byte) (parity == 0 ? 0x02 : 0x03);
        byte[] rb = r.toByteArray();
        int len = Math.min(rb.length, 32);
        System.arraycopy(rb, rb.length - len, compressed, 33 - len, len);
        ECPoint rPoint;
        try {
            rPoint = CURVE.getCurve().decodePoint(compressed);
        } catch (IllegalArgumentException notOnCurve) {
            return null;
        }
        BigInteger e = new BigInteger(1, hash);
        BigInteger rInv = r.modInverse(N);
        BigInteger u1 = N.subtract(e).multiply(rInv).mod(N);
        BigInteger u2 = s.multiply(rInv).mod(N);
        ECPoint q = ECAlgorithms.sumOfTwoMultiplies(CURVE.getG(), u1, rPoint, u2).normalize();
        if (q.isInfinity()) {
            return null;
        }
        return Arrays.copyOfRange(q.getEncoded(false), 1, 65);
    }

    private static void checkHash(byte[] hash) {
        if (hash == null || hash.length != 32) {
            throw new IllegalArgumentException("message hash must be 32 bytes, got "
                    + (hash == null ? "null" : hash.length + " bytes"));
        }
    }
}
