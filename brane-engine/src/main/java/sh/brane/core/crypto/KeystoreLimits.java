package sh.brane.core.crypto;

/**
 * Bounds on the KDF parameters read from a keystore file, so a hostile file cannot make decryption
 * allocate gigabytes or run for hours. The defaults accept every file geth, web3j, MetaMask and
 * ethers write (scrypt n = 2^18, r = 8, p = 1 uses 256 MiB).
 *
 * @param maxScryptN          largest scrypt N (a power of two)
 * @param maxScryptMemory     largest scrypt memory use {@code 128 * r * N} in bytes
 * @param maxScryptRTimesP    largest {@code r * p}
 * @param maxPbkdf2Iterations largest PBKDF2 iteration count
 */
public record KeystoreLimits(int maxScryptN, long maxScryptMemory, int maxScryptRTimesP, int maxPbkdf2Iterations) {

    /** N <= 2^20, 128·r·N <= 256 MiB, r·p <= 64, PBKDF2 c <= 10,000,000. */
    public static final KeystoreLimits DEFAULT = new KeystoreLimits(1 << 20, 256L << 20, 64, 10_000_000);

    public KeystoreLimits {
        if (maxScryptN < 2 || maxScryptMemory < 1024 || maxScryptRTimesP < 1 || maxPbkdf2Iterations < 1) {
            throw new IllegalArgumentException("keystore limits must be positive");
        }
    }
}
