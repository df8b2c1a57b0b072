package sh.brane.core.crypto;

import java.nio.charset.StandardCharsets;

import sh.brane.core.types.Address;
import sh.brane.primitives.Keccak256;

/**
 * EIP-191 version 0x45 ({@code personal_sign}): the hash of
 * {@code "\x19Ethereum Signed Message:\n" + len(message) + message}, signing and signer recovery.
 */
public final class PersonalMessage {

    private static final byte[] PREFIX = "\u0019Ethereum Signed Message:\n".getBytes(StandardCharsets.US_ASCII);

    private PersonalMessage() {
    }

    /** The 32-byte hash a wallet signs for {@code personal_sign(message)}. */
    public static byte[] hash(byte[] message) {
        if (message == null) {
            throw new IllegalArgumentException("message is null");
        }
        byte[] length = Integer.toString(message.length).getBytes(StandardCharsets.US_ASCII);
        byte[] all = new byte[PREFIX.length + length.length + message.length];
        System.arraycopy(PREFIX, 0, all, 0, PREFIX.length);
        System.arraycopy(length, 0, all, PREFIX.length, length.length);
        System.arraycopy(message, 0, all, PREFIX.length + length.length, message.length);
        return Keccak256.hash(all);
    }

    /** The hash of a UTF-8 text message. */
    public static byte[] hash(String message) {
        if (message == null) {
            throw new IllegalArgumentException("message is null");
        }
        return hash(message.getBytes(StandardCharsets.UTF_8));
    }

    /** Signs {@code message} with {@code key}; {@link Signature#toBytes65()} gives the wallet form (v 27/28). */
    public static Signature sign(byte[] message, PrivateKey key) {
        return key.signHash(hash(message));
    }

    /** Signs a UTF-8 text message. */
    public static Signature sign(String message, PrivateKey key) {
        return key.signHash(hash(message));
    }

    /**
     * The address that signed {@code message}, from a 65-byte {@code r || s || v} signature with
     * {@code v} 27/28 or 0/1. Strict ({@link SignatureCheck#STRICT}): a login or permit must not accept the
     * high-s twin of a signature.
     *
     * @throws sh.brane.primitives.InvalidEncodingException if the signature is not 65 bytes or v is invalid
     * @throws SignatureException if s is above n/2 or no signer can be recovered
     */
    public static Address recoverSigner(byte[] message, byte[] signature65) {
        return recoverSigner(message, signature65, SignatureCheck.STRICT);
    }

    /** The signer of {@code message} under {@code check}. */
    public static Address recoverSigner(byte[] message, byte[] signature65, SignatureCheck check) {
        return Secp256k1.recoverAddress(hash(message), Signature.fromBytes65(signature65), check);
    }

    /** The signer of a UTF-8 text message (strict). */
    public static Address recoverSigner(String message, byte[] signature65) {
        return Secp256k1.recoverAddress(hash(message), Signature.fromBytes65(signature65), SignatureCheck.STRICT);
    }

    /**
     * Whether {@code signature65} over {@code message} was made by {@code signer}, refusing high s
     * ({@link SignatureCheck#STRICT}); malformed signatures give false.
     */
    public static boolean verify(byte[] message, byte[] signature65, Address signer) {
        return verify(message, signature65, signer, SignatureCheck.STRICT);
    }

    /** Whether {@code signature65} over {@code message} was made by {@code signer}, under {@code check}. */
    public static boolean verify(byte[] message, byte[] signature65, Address signer, SignatureCheck check) {
        Signature signature;
        try {
            signature = Signature.fromBytes65(signature65);
        } catch (IllegalArgumentException malformed) {
            return false;
        }
        return Secp256k1.verify(hash(message), signature, signer, check);
    }
}
