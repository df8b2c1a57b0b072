package sh.brane.core.crypto;

import java.security.SecureRandom;
import java.util.Arrays;

import javax.security.auth.Destroyable;

import sh.brane.core.types.Address;
import sh.brane.primitives.Hex;
import sh.brane.primitives.HexFormatException;

/**
 * A secp256k1 private key.
 *
 * <p>The secret is held only as a byte array: the scalar is derived inside each signing call, so
 * {@link #destroy()} really zeroes the key material, and every later use fails with an
 * {@link IllegalStateException}. The public key and address are computed once at construction.
 * The secret never appears in {@code toString} (which shows the address) or in an exception message.
 *
 * <p>What {@code destroy()} cannot reach: each signature turns the secret and the nonce into
 * {@link java.math.BigInteger}s (the scalar {@code d}, the nonce {@code k}, {@code k^-1} and the
 * products inside {@code s = k^-1 (e + d r)}, some of them inside BouncyCastle's modular arithmetic).
 * BigIntegers are immutable and cannot be zeroed; they are garbage as soon as the signing call returns
 * and stay in the heap until the collector reuses their memory. Everything Brane keeps between
 * signatures is zeroed: the RFC 6979 HMAC state ({@code K}, {@code V}, pads) after every signature,
 * the fixed-base multiplication's scratch after every multiplication, and the secret bytes on
 * {@code destroy()}. A heap dump taken right after a signature may still hold such garbage; run the
 * key in an HSM or KMS signer ({@code sh.brane.signer}) where that matters.
 *
 * <p>Every signature is checked before it is returned (it must verify against this key's public key):
 * with deterministic nonces, one faulty signature and a correct one over the same hash reveal the key.
 * The check uses a table of multiples of the public key ({@link VerifyingComb}, 86 KiB of public data)
 * built on the key's second signature and kept with the key until {@link #destroy()}.
 *
 * <p>Instances are safe to use from several threads; destroying a key while another thread signs with
 * it is a caller error (that signature may be made with a partly zeroed key and will not verify).
 */
public final class PrivateKey implements Destroyable {

    private final byte[] secret;
    private final byte[] publicKey;
    private final Address address;
    private volatile boolean destroyed;
    /**
     * The post-signing check's table of multiples of the public key, built on the second signature (86 KiB;
     * public data, so nothing to zero) and dropped on {@link #destroy()}. The first signature is checked by
     * public-key recovery, so a key that signs once does not pay for the table (a few milliseconds).
     */
    private volatile VerifyingComb check;
    /** Signatures made so far, counted only until the table exists; racy on purpose (a heuristic). */
    private int signatures;

    private PrivateKey(byte[] secret32) {
        if (!inRange(secret32)) {
            Arrays.fill(secret32, (byte) 0);
            throw new IllegalArgumentException(
                    "private key is out of range: it must be between 1 and the curve order n - 1");
        }
        this.secret = secret32;
        this.publicKey = Secp256k1.publicKeyOf(secret32);
        this.address = Secp256k1.addressOf(publicKey);
    }

    /** Parses 64 hex digits, with or without {@code 0x}. The message of a failure never echoes the input. */
    public static PrivateKey fromHex(String hex) {
        if (hex == null) {
            throw new IllegalArgumentException("private key is null");
        }
        int digits = hex.startsWith("0x") || hex.startsWith("0X") ? hex.length() - 2 : hex.length();
        if (digits != 64) {
            throw new IllegalArgumentException(
                    "private key must be 64 hex digits (32 bytes), got " + digits + " characters");
        }
        byte[] bytes = new byte[32];
        try {
            Hex.decodeTo(hex, 0, hex.length(), bytes, 0);
        } catch (HexFormatException e) {
            Arrays.fill(bytes, (byte) 0);
            // no cause: the cause's message could quote the offending characters
            throw new IllegalArgumentException("private key is not valid hex (the value is not shown)");
        }
        return new PrivateKey(bytes);
    }

    /** Takes a copy of exactly 32 bytes. */
    public static PrivateKey fromBytes(byte[] bytes) {
        if (bytes == null || bytes.length != 32) {
            throw new IllegalArgumentException("private key must be 32 bytes, got "
                    + (bytes == null ? "null" : bytes.length + " bytes"));
        }
        return new PrivateKey(bytes.clone());
    }

    /** A fresh random key. */
    public static PrivateKey random(SecureRandom random) {
        byte[] bytes = new byte[32];
        while (true) {
            random.nextBytes(bytes);
            if (inRange(bytes)) {
                return new PrivateKey(bytes);
            }
        }
    }

    /** The account address. */
    public Address address() {
        checkAlive();
        return address;
    }

    /** The 64-byte uncompressed public key, {@code x || y}. */
    public byte[] publicKey() {
        checkAlive();
        return publicKey.clone();
    }

    /**
     * Signs a 32-byte hash (RFC 6979 nonce, low s, recovery id in {@link Signature#yParity()}). The
     * signature is verified against this key before it is returned.
     *
     * @throws SignatureException if the signature fails that check (a fault while signing); nothing is released
     */
    public Signature signHash(byte[] hash32) {
        checkAlive();
        return Secp256k1.sign(hash32, secret, publicKey, check(), address);
    }

    /** Signs a 32-byte hash held in a {@link sh.brane.core.types.Hash}, as {@link #signHash(byte[])}. */
    public Signature signHash(sh.brane.core.types.Hash hash) {
        checkAlive();
        return Secp256k1.sign(hash.toBytes(), secret, publicKey, check(), address);
    }

    /** Signs {@code message} the {@code personal_sign} way (EIP-191 version 0x45). */
    public Signature signPersonalMessage(byte[] message) {
        return signHash(PersonalMessage.hash(message));
    }

    /** A copy of the 32 secret bytes; the caller owns it and should zero it after use. */
    public byte[] toBytes() {
        checkAlive();
        return secret.clone();
    }

    /** Zeroes the secret bytes; every later use except {@code toString} fails. */
    @Override
    public void destroy() {
        destroyed = true;
        Arrays.fill(secret, (byte) 0);
        check = null;
    }

    /**
     * The post-signing check's table, or null for the key's first signature (checked by recovery). Built once;
     * two threads racing may both build it, and either table is right.
     */
    private VerifyingComb check() {
        VerifyingComb c = check;
        if (c == null && signatures++ > 0) {
            c = VerifyingComb.of(publicKey);
            if (!destroyed) {
                check = c;
            }
        }
        return c;
    }

    @Override
    public boolean isDestroyed() {
        return destroyed;
    }

    @Override
    public String toString() {
        return "PrivateKey[address=" + address + (destroyed ? ", destroyed" : "") + "]";
    }

    private void checkAlive() {
        if (destroyed) {
            throw new IllegalStateException("private key of " + address + " has been destroyed");
        }
    }

    /** 1 <= value < n, compared on the bytes so no scalar is created for rejected candidates. */
    private static boolean inRange(byte[] b) {
        boolean nonZero = false;
        for (byte x : b) {
            if (x != 0) {
                nonZero = true;
                break;
            }
        }
        if (!nonZero) {
            return false;
        }
        return Arrays.compareUnsigned(b, N_BYTES) < 0;
    }

    private static final byte[] N_BYTES = org.bouncycastle.util.BigIntegers.asUnsignedByteArray(32, Secp256k1.N);
}
