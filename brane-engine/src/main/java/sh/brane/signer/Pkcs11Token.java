package sh.brane.signer;

/**
 * One open, logged-in session on a PKCS#11 token and the key pair the signer uses. Not thread-safe: a
 * PKCS#11 session runs one operation at a time, so {@link Pkcs11Signer} calls it from its one thread.
 */
interface Pkcs11Token extends AutoCloseable {

    /** The key's 64-byte uncompressed public key {@code x || y}, read from the token's public key object. */
    byte[] publicKey();

    /** Signs a 32-byte digest with {@code CKM_ECDSA} (no hashing by the token) and returns {@code r || s}. */
    byte[] signDigest(byte[] digest);

    @Override
    void close();
}
