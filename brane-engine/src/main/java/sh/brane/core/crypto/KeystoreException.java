package sh.brane.core.crypto;

import sh.brane.primitives.InvalidEncodingException;

/**
 * A keystore file that cannot be decrypted: malformed JSON, an unsupported cipher or KDF, KDF
 * parameters beyond the limits, or a wrong password ({@link #isWrongPassword()}). The message never
 * contains the password or key material.
 */
public final class KeystoreException extends InvalidEncodingException {

    private final boolean wrongPassword;

    public KeystoreException(String message) {
        this(message, false);
    }

    KeystoreException(String message, boolean wrongPassword) {
        super(message);
        this.wrongPassword = wrongPassword;
    }

    /** True when the file is well formed but the MAC does not match: the password is wrong (or the file corrupt). */
    public boolean isWrongPassword() {
        return wrongPassword;
    }
}
