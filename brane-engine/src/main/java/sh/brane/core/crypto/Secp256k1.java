package sh.brane.core.crypto;

import java.math.BigInteger;
import java.util.Arrays;

import org.bouncycastle.asn1.x9.X9ECParameters;
import org.bouncycastle.crypto.ec.CustomNamedCurves;
import org.bouncycastle.crypto.params.ECDomainParameters;
import org.bouncycastle.math.ec.ECAlgorithms;
import org.bouncycastle.math.ec.ECCurve;
import org.bouncycastle.math.ec.ECFieldElement;
import org.bouncycastle.math.ec.ECMultiplier;
import org.bouncycastle.math.ec.ECPoint;
import org.bouncycastle.math.ec.FixedPointCombMultiplier;
import org.bouncycastle.math.raw.Nat256;
import org.bouncycastle.util.BigIntegers;

import sh.brane.core.types.Address;
import sh.brane.primitives.Keccak256;

/**
 * secp256k1 signing and public-key recovery: RFC 6979 deterministic nonces (HMAC-SHA256, the same
 * nonces as BouncyCastle's {@code HMacDSAKCalculator} and therefore web3j), low-s (EIP-2). Every
 * signature is verified before it is returned, and no key-derived nonce state survives it. Recovery and
 * verification take a {@link SignatureCheck}: strict (low s only) where a signature is an identity.
 *
 * <p>Signing multiplies the generator with a precomputed table ({@link GeneratorTable}) and reads the
 * recovery id straight off the nonce point R, so a signature costs one fixed-base multiplication and no
 * trial recovery. Recovery computes {@code u1·G + u2·R} with the GLV endomorphism and Shamir's trick
 * ({@link DoubleMultiplier}), falling back to BouncyCastle's {@link ECAlgorithms#sumOfTwoMultiplies}
 * in the special cases that only crafted signatures reach.
 */
public final class Secp256k1 {

    static final X9ECParameters CURVE_PARAMS = CustomNamedCurves.getByName("secp256k1");
    static final ECDomainParameters CURVE = new ECDomainParameters(
            CURVE_PARAMS.getCurve(), CURVE_PARAMS.getG(), CURVE_PARAMS.getN(), CURVE_PARAMS.getH());
    static final BigInteger N = CURVE.getN();
    static final BigInteger HALF_N = N.shiftRight(1);
    private static final ECCurve EC = CURVE.getCurve();
    private static final ECPoint G = CURVE.getG();
    private static final BigInteger P = EC.getField().getCharacteristic();
    private static final ECMultiplier BASE_MULTIPLIER = new FixedPointCombMultiplier();

    /**
     * One RFC 6979 nonce generator per thread, zeroed after every signature (see {@link Rfc6979}): kept
     * per thread only to reuse its buffers, it holds nothing between signatures.
     */
    private static final ThreadLocal<Rfc6979> NONCES = ThreadLocal.withInitial(Rfc6979::new);

    private Secp256k1() {
    }

    /**
     * Signs a 32-byte hash with the 32-byte private key {@code secret} and verifies the result before
     * returning it: the signature must verify against {@code publicKey}, else it is withheld. With
     * deterministic nonces a faulty signature (a bit flipped while computing R, by hardware or a
     * miscompiled loop) and a correct one over the same hash give the private key away, so a signature
     * that does not verify must never leave this method.
     *
     * <p>With the key's {@link VerifyingComb} ({@code check}, may be null) the check is an ECDSA
     * verification on two comb tables that do not share the signing table (figures in
     * docs/security.md); without it, or in its negligible special cases, it is a public-key recovery.
     *
     * @throws SignatureException if the signature does not verify against {@code publicKey}
     */
    static Signature sign(byte[] hash, byte[] secret, byte[] publicKey, VerifyingComb check, Address signer) {
        Signature signature = signUnchecked(hash, secret);
        VerifyingComb.Result result = check == null ? VerifyingComb.Result.UNDECIDED
                : check.verify(hash, signature.r(), signature.s(), signature.yParity());
        if (result == VerifyingComb.Result.UNDECIDED) {
            byte[] recovered = recover(hash, signature.r(), signature.s(), signature.yParity());
            result = recovered != null && Arrays.equals(recovered, publicKey)
                    ? VerifyingComb.Result.VALID : VerifyingComb.Result.INVALID;
        }
        if (result != VerifyingComb.Result.VALID) {
            throw new SignatureException("the signature made by " + signer + " failed its post-signing check (it does"
                    + " not verify against the signing key) and was withheld: a fault while signing (hardware, memory,"
                    + " a broken build) would let a faulty and a correct signature over the same hash reveal the key."
                    + " Retry on another machine and check this one");
        }
        return signature;
    }

    /** {@link #sign(byte[], byte[], byte[], VerifyingComb, Address)} checked by public-key recovery. */
    static Signature sign(byte[] hash, byte[] secret, byte[] publicKey, Address signer) {
        return sign(hash, secret, publicKey, null, signer);
    }

    /**
     * Signs without the post-signing check: for {@link #sign} and for measuring the check's cost. The
     * scalar lives only in this call, and the nonce generator is zeroed before it returns.
     */
    static Signature signUnchecked(byte[] hash, byte[] secret) {
        checkHash(hash);
        Rfc6979 nonces = NONCES.get();
        try {
            nonces.init(N, secret, hash);
            return signWith(nonces, hash, secret);
        } finally {
            nonces.clear();
        }
    }

    private static Signature signWith(Rfc6979 nonces, byte[] hash, byte[] secret) {
        BigInteger d = new BigInteger(1, secret);
        BigInteger e = new BigInteger(1, hash);
        GeneratorTable.Scratch scratch = GeneratorTable.scratch();
        while (true) {
            BigInteger k = nonces.nextK();
            BigInteger x;
            int parity;
            if (multiplyG(k, scratch)) {
                x = Nat256.toBigInteger(scratch.x);
                parity = scratch.y[0] & 1;
            } else {
                ECPoint rPoint = BASE_MULTIPLIER.multiply(G, k).normalize();
                x = rPoint.getAffineXCoord().toBigInteger();
                parity = rPoint.getAffineYCoord().testBitZero() ? 1 : 0;
            }
            if (x.compareTo(N) >= 0) {
                // r = x - n would need recovery id 2 or 3, which Ethereum's v cannot express. The chance
                // is about 2^-128; take the next RFC 6979 nonce instead, as ECDSA allows.
                continue;
            }
            if (x.signum() == 0) {
                continue;
            }
            // constant-time inverse of the secret nonce, as BouncyCastle's ECDSASigner does
            BigInteger s = BigIntegers.modOddInverse(N, k).multiply(e.add(d.multiply(x))).mod(N);
            if (s.signum() == 0) {
                continue;
            }
            if (s.compareTo(HALF_N) > 0) {
                // -s is the same signature with the nonce point mirrored, whose y has the other parity.
                s = N.subtract(s);
                parity ^= 1;
            }
            return new Signature(BigIntegers.asUnsignedByteArray(32, x), BigIntegers.asUnsignedByteArray(32, s),
                    parity, true);
        }
    }

    /** The 64-byte uncompressed public key (x || y, no 0x04 prefix) of a 32-byte private key. */
    static byte[] publicKeyOf(byte[] secret) {
        return publicKeyOf(new BigInteger(1, secret));
    }

    /** k·G into {@code scratch.x}, {@code scratch.y} with the precomputed table; false if the caller must fall back. */
    private static boolean multiplyG(BigInteger k, GeneratorTable.Scratch scratch) {
        int[] words = Nat256.fromBigInteger(k);
        System.arraycopy(words, 0, scratch.scalar, 0, 8);
        Arrays.fill(words, 0);
        boolean ok = GeneratorTable.multiply(scratch);
        scratch.clearIntermediates();
        return ok;
    }

    /** The 64-byte uncompressed public key (x || y, no 0x04 prefix) of the private scalar {@code d}. */
    static byte[] publicKeyOf(BigInteger d) {
        GeneratorTable.Scratch scratch = GeneratorTable.scratch();
        if (multiplyG(d, scratch)) {
            byte[] out = new byte[64];
            wordsToBytes(scratch.x, out, 0);
            wordsToBytes(scratch.y, out, 32);
            return out;
        }
        return encode64(BASE_MULTIPLIER.multiply(G, d).normalize());
    }

    /** Little-endian 32-bit words to 32 big-endian bytes. */
    private static void wordsToBytes(int[] words, byte[] out, int off) {
        for (int i = 0; i < 8; i++) {
            int w = words[7 - i];
            out[off + 4 * i] = (byte) (w >>> 24);
            out[off + 4 * i + 1] = (byte) (w >>> 16);
            out[off + 4 * i + 2] = (byte) (w >>> 8);
            out[off + 4 * i + 3] = (byte) w;
        }
    }

    /**
     * Recovers the 64-byte public key that made {@code signature} over {@code hash}, accepting a high
     * {@code s} ({@link SignatureCheck#LENIENT}), as reading chain data needs.
     *
     * @throws SignatureException if no key can be recovered (invalid r, s or parity)
     */
    public static byte[] recoverPublicKey(byte[] hash, Signature signature) {
        return recoverPublicKey(hash, signature, SignatureCheck.LENIENT);
    }

    /**
     * Recovers the 64-byte public key that made {@code signature} over {@code hash}.
     *
     * @throws SignatureException if {@code check} refuses the signature or no key can be recovered
     */
    public static byte[] recoverPublicKey(byte[] hash, Signature signature, SignatureCheck check) {
        checkHash(hash);
        check.require(signature);
        byte[] key = recover(hash, signature.r(), signature.s(), signature.yParity());
        if (key == null) {
            throw new SignatureException("no public key can be recovered from this signature and hash");
        }
        return key;
    }

    /**
     * The address that made {@code signature} over {@code hash}, accepting a high {@code s}
     * ({@link SignatureCheck#LENIENT}): for chain data. Where the signature is an identity, use
     * {@link #recoverAddress(byte[], Signature, SignatureCheck)} with {@link SignatureCheck#STRICT}.
     */
    public static Address recoverAddress(byte[] hash, Signature signature) {
        return addressOf(recoverPublicKey(hash, signature, SignatureCheck.LENIENT));
    }

    /** The address that made {@code signature} over {@code hash}, under {@code check}. */
    public static Address recoverAddress(byte[] hash, Signature signature, SignatureCheck check) {
        return addressOf(recoverPublicKey(hash, signature, check));
    }

    /**
     * Whether {@code signature} over {@code hash} was made by {@code signer}, refusing the high-s twin
     * ({@link SignatureCheck#STRICT}). Malformed or unrecoverable signatures give {@code false}.
     */
    public static boolean verify(byte[] hash, Signature signature, Address signer) {
        return verify(hash, signature, signer, SignatureCheck.STRICT);
    }

    /** Whether {@code signature} over {@code hash} was made by {@code signer}, under {@code check}. */
    public static boolean verify(byte[] hash, Signature signature, Address signer, SignatureCheck check) {
        checkHash(hash);
        if (check == SignatureCheck.STRICT && !signature.isLowS()) {
            return false;
        }
        byte[] key = recover(hash, signature.r(), signature.s(), signature.yParity());
        return key != null && addressOf(key).equals(signer);
    }

    /** The address of a 64-byte uncompressed public key: the last 20 bytes of its Keccak-256. */
    public static Address addressOf(byte[] publicKey64) {
        if (publicKey64 == null || publicKey64.length != 64) {
            throw new IllegalArgumentException("public key must be 64 bytes (x || y), got "
                    + (publicKey64 == null ? "null" : publicKey64.length + " bytes"));
        }
        byte[] h = Keccak256.hash(publicKey64);
        return Address.fromBytes(Arrays.copyOfRange(h, 12, 32));
    }

    private static byte[] recover(byte[] hash, BigInteger r, BigInteger s, int parity) {
        if (r.signum() <= 0 || r.compareTo(N) >= 0 || s.signum() <= 0 || s.compareTo(N) >= 0) {
            return null;
        }
        ECPoint rPoint = decompress(r, parity);
        if (rPoint == null) {
            return null;
        }
        // Q = r^-1 (s R - e G). secp256k1 has cofactor 1, so R needs no n R = infinity check.
        BigInteger e = new BigInteger(1, hash);
        BigInteger rInv = BigIntegers.modOddInverseVar(N, r);
        BigInteger u1 = N.subtract(e).multiply(rInv).mod(N);
        BigInteger u2 = s.multiply(rInv).mod(N);
        int[] qx = new int[8];
        int[] qy = new int[8];
        if (DoubleMultiplier.sumOfTwo(u1, u2, rPoint, qx, qy)) {
            byte[] out = new byte[64];
            wordsToBytes(qx, out, 0);
            wordsToBytes(qy, out, 32);
            return out;
        }
        ECPoint q = ECAlgorithms.sumOfTwoMultiplies(G, u1, rPoint, u2).normalize();
        if (q.isInfinity()) {
            return null;
        }
        return encode64(q);
    }

    /** The curve point with x coordinate {@code x} and the given y parity, or null if there is none. */
    private static ECPoint decompress(BigInteger x, int parity) {
        if (x.compareTo(P) >= 0) {
            return null;
        }
        ECFieldElement fx = EC.fromBigInteger(x);
        // y^2 = x^3 + 7
        ECFieldElement rhs = fx.square().multiply(fx).add(EC.getB());
        ECFieldElement y = rhs.sqrt();
        if (y == null) {
            return null;
        }
        if (y.testBitZero() != (parity == 1)) {
            y = y.negate();
        }
        return EC.createPoint(x, y.toBigInteger());
    }

    private static byte[] encode64(ECPoint normalized) {
        byte[] out = new byte[64];
        byte[] x = normalized.getAffineXCoord().getEncoded();
        byte[] y = normalized.getAffineYCoord().getEncoded();
        System.arraycopy(x, 0, out, 0, 32);
        System.arraycopy(y, 0, out, 32, 32);
        return out;
    }

    static void checkHash(byte[] hash) {
        if (hash == null || hash.length != 32) {
            throw new IllegalArgumentException("message hash must be 32 bytes, got "
                    + (hash == null ? "null" : hash.length + " bytes"));
        }
    }
}
