package sh.brane.core.crypto;

import java.math.BigInteger;
import java.security.SecureRandom;
import java.util.Arrays;

import javax.security.auth.Destroyable;

import sh.brane.core.types.Address;
import sh.brane.primitives.Hex;
import sh.brane.primitives.HexFormatException;

/**
 * A secp256k1 private key. Its bytes never appear in {@code toString} or an exception message;
 * {@link #destroy()} zeroes them and makes every later use fail.
 */
public final class PrivateKey implements Destroyable {

    private final byte[] secret;
    private final BigInteger d;
    private final byte[] publicKey;
    private final Address address;
    private volatile boolean destroyed;

    private PrivateKey(byte[] secret32) {
        BigInteger scalar = new BigInteger(1, secret32);
        if (scalar.signum() == 0 || scalar.compareTo(Secp256k1.N) >= 0) {
            Arrays.fill(secret32, (byte) 0);
            throw new IllegalArgumentException("private key is out of range: it must be between 1 and the curve order n - 1");
        }
        this.secret = secret32;
        this.d = scalar;
        this.publicKey = Secp256k1.publicKeyOf(scalar);
        this.address = Secp256k1.addressOf(publicKey);
    }

    /** Parses 64 hex digits, with or without {@code 0x}. The message of a failure never echoes the input. */
    public static PrivateKey fromHex(String hex) {
        if (hex == null) {
            throw new IllegalArgumentException("private key is null");
        }
        int digits = hex.startsWith("0x") || hex.startsWith("0X") ? hex.length() - 2 : hex.length();
        if (digits != 64) {
            throw new IllegalArgumentException("private key must be 64 hex digits (32 bytes), got " + digits + " characters");
        }
        byte[] bytes = new byte[32];
        try {
            Hex.decodeTo(hex, 0, hex.length(), bytes, 0);
        } catch (HexFormatException e) {
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
        while (true) {
            byte[] bytes = new byte[32];
            random.nextBytes(bytes);
            BigInteger v = new BigInteger(1, bytes);
            if (v.signum() > 0 && v.compareTo(Secp256k1.N) < 0) {
                return new PrivateKey(bytes);
            }
        }
    }

    public Address address() {
        return address;
    }

    /** The 64-byte uncompressed public key, {@code x || y}. */
    public byte[] publicKey() {
        return publicKey.clone();
    }

    /** Signs a 32-byte hash (RFC 6979 nonce, low s). */
    public Signature signHash(byte[] hash32) {
        checkAlive();
        return Secp256k1.sign(hash32, d, publicKey);
    }

    /** A copy of the 32 secret bytes; the caller owns it and should zero it after use. */
    public byte[] toBytes() {
        checkAlive();
        return secret.clone();
    }

    @Override
    public void destroy() {
        Arrays.fill(secret, (byte) 0);
        destroyed = true;
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
}
