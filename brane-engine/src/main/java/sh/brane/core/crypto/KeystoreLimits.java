package sh.brane.core.crypto;

/**
 * Bounds on the KDF parameters read from a keystore file, so a hostile file cannot make decryption
 * allocate gigabytes or run for minutes. The defaults accept every file geth, web3j, MetaMask and
 * ethers write: scrypt standard (N = 2^18, r = 8, p = 1: 256 MiB, about a second), light (N = 2^12,
 * r = 8, p = 6) and PBKDF2 with 262,144 iterations. Before these caps a file with scrypt N = 2^20, p = 64
 * (about a minute of CPU) or PBKDF2 with 10 million iterations was accepted.
 *
 * @param maxScryptN          largest scrypt N (a power of two)
 * @param maxScryptMemory     largest scrypt memory use {@code 128 * r * N} in bytes
 * @param maxScryptRTimesP    largest {@code r * p}
 * @param maxPbkdf2Iterations largest PBKDF2 iteration count
 * @param maxScryptWork       largest {@code N * r * p}, which the CPU time of scrypt is proportional to
 */
public record KeystoreLimits(int maxScryptN, long maxScryptMemory, int maxScryptRTimesP, int maxPbkdf2Iterations,
        long maxScryptWork) {

    /** geth's standard scrypt work, {@code N * r * p = 2^18 * 8 * 1}. */
    public static final long STANDARD_SCRYPT_WORK = (1L << 18) * 8;

    /**
     * N <= 2^20, 128·r·N <= 256 MiB, r·p <= 64, N·r·p <= 2^21 (geth's standard: about a second of CPU),
     * PBKDF2 c <= 2^20 (four times geth's 262,144).
     */
    public static final KeystoreLimits DEFAULT =
            new KeystoreLimits(1 << 20, 256L << 20, 64, 1 << 20, STANDARD_SCRYPT_WORK);

    public KeystoreLimits {
        if (maxScryptN < 2 || maxScryptMemory < 1024 || maxScryptRTimesP < 1 || maxPbkdf2Iterations < 1
                || maxScryptWork < 2) {
            throw new IllegalArgumentException("keystore limits must be positive (maxScryptN >= 2, maxScryptMemory"
                    + " >= 1024, maxScryptWork >= 2)");
        }
    }

    /**
     * Limits without a separate work cap: {@code N * r * p} is bounded only by {@code maxScryptN *
     * maxScryptRTimesP} (the meaning these four limits had before {@code maxScryptWork}).
     */
    public KeystoreLimits(int maxScryptN, long maxScryptMemory, int maxScryptRTimesP, int maxPbkdf2Iterations) {
        this(maxScryptN, maxScryptMemory, maxScryptRTimesP, maxPbkdf2Iterations,
                Math.max(2L, (long) maxScryptN * maxScryptRTimesP));
    }
}
