package sh.brane.signer;

import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which PIN logged this process in to each token, kept as a salted SHA-256 so that the PIN itself is not held
 * a second time.
 *
 * <p>Why: PKCS#11 login belongs to the process and the token. Once one signer is logged in, {@code C_Login} of a
 * second signer on the same token answers {@code CKR_USER_ALREADY_LOGGED_IN} without looking at its PIN, so a
 * wrong PIN would go unnoticed until the first signer is gone (and then fail in production, at a restart). A
 * second signer's PIN is compared with the one the token accepted. A login made outside this class (another
 * PKCS#11 library user in the same process) leaves nothing to compare with: that case is accepted, as before.
 */
final class TokenLogins {

    private static final byte[] SALT = new SecureRandom().generateSeed(32);
    private static final Map<String, byte[]> ACCEPTED = new ConcurrentHashMap<>();

    private TokenLogins() { }

    /** The token accepted {@code pin}: remember it for the next signer on this token. */
    static void accepted(Path library, long slot, byte[] pin) {
        ACCEPTED.put(key(library, slot), digest(pin));
    }

    /**
     * The token answered "already logged in" to {@code pin}: false when this process logged in with another
     * PIN, true when it is the same PIN or the earlier login is unknown.
     */
    static boolean sameAsAccepted(Path library, long slot, byte[] pin) {
        byte[] known = ACCEPTED.get(key(library, slot));
        return known == null || MessageDigest.isEqual(known, digest(pin));
    }

    private static String key(Path library, long slot) {
        return library.toAbsolutePath().normalize() + "#" + slot;
    }

    private static byte[] digest(byte[] pin) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(SALT);
            return sha.digest(pin);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
