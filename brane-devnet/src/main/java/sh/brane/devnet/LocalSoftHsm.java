package sh.brane.devnet;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A real SoftHSM2 token for tests of PKCS#11 signers (the engine's {@code Pkcs11Signer} tests, the starter's
 * {@code brane.signers.*.pkcs11} tests, and users' own): its configuration and token directory live where
 * {@code SOFTHSM2_CONF} points (the build's surefire configuration sets it under {@code target/}, because the
 * library reads it once per process and a JVM cannot change its own environment), never in the machine's
 * {@code /var/lib/softhsm}. Tokens are created with {@code softhsm2-util}; secp256k1 keys are generated inside
 * the token, non-extractable, with OpenSC's {@code pkcs11-tool}.
 */
public final class LocalSoftHsm {

    /** Where the Debian package {@code softhsm2} installs the PKCS#11 library. */
    public static final Path LIBRARY = Path.of("/usr/lib/softhsm/libsofthsm2.so");

    /** Why the token cannot be prepared here, for a test's assumption or failure message. */
    public static final String NOT_INSTALLED = "SoftHSM2 is not installed (" + LIBRARY + "): install the Debian"
            + " packages softhsm2 and opensc, as scripts/test-all does";

    private static final String SO_PIN = "87654321";
    /** A DER SubjectPublicKeyInfo of a secp256k1 key is 88 bytes; anything much larger is not one. */
    private static final int MAX_PUBLIC_KEY_FILE = 4096;
    private static final Duration TOOL_TIMEOUT = Duration.ofSeconds(60);
    private static boolean prepared;

    private LocalSoftHsm() {
    }

    /** Whether the library is installed. */
    public static boolean installed() {
        return Files.isRegularFile(LIBRARY);
    }

    /**
     * Writes the configuration and an empty token directory (removing the tokens of an earlier run), once per JVM,
     * before the library is loaded.
     *
     * @throws IllegalStateException when SoftHSM2 is not installed or {@code SOFTHSM2_CONF} is not set
     */
    public static synchronized void prepare() throws IOException {
        if (prepared) {
            return;
        }
        if (!installed()) {
            throw new IllegalStateException(NOT_INSTALLED);
        }
        String conf = System.getenv("SOFTHSM2_CONF");
        if (conf == null || conf.isBlank()) {
            throw new IllegalStateException("SOFTHSM2_CONF is not set: set it to a file under the build directory"
                    + " (this project's surefire configuration does) so that tokens are not created in"
                    + " /var/lib/softhsm");
        }
        Path confFile = Path.of(conf);
        Path tokens = confFile.resolveSibling("tokens");
        if (Files.exists(tokens)) {
            try (Stream<Path> old = Files.walk(tokens)) {
                for (Path p : old.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
        Files.createDirectories(tokens);
        Files.writeString(confFile, "directories.tokendir = " + tokens + "\nobjectstore.backend = file\n"
                + "log.level = ERROR\nslots.removable = false\n");
        prepared = true;
    }

    /** A fresh token with this label and user PIN. */
    public static void createToken(String label, String pin) throws IOException, InterruptedException {
        prepare();
        run("softhsm2-util", "--init-token", "--free", "--label", label, "--so-pin", SO_PIN, "--pin", pin);
    }

    /**
     * Generates a secp256k1 key pair inside the token and returns its 64-byte public key (x then y), read back from
     * the token by {@code pkcs11-tool}, independently of any signer under test.
     */
    public static byte[] generateKey(String tokenLabel, String pin, String keyLabel, String idHex)
            throws IOException, InterruptedException {
        run("pkcs11-tool", "--module", LIBRARY.toString(), "--token-label", tokenLabel, "--login", "--pin", pin,
                "--keypairgen", "--key-type", "EC:secp256k1", "--label", keyLabel, "--id", idHex);
        Path der = Files.createTempFile("softhsm-pub", ".der");
        try {
            run("pkcs11-tool", "--module", LIBRARY.toString(), "--token-label", tokenLabel, "--read-object",
                    "--type", "pubkey", "--label", keyLabel, "--output-file", der.toString());
            if (Files.size(der) > MAX_PUBLIC_KEY_FILE) {
                throw new IllegalStateException("pkcs11-tool wrote " + Files.size(der) + " bytes for public key '"
                        + keyLabel + "'; a secp256k1 SubjectPublicKeyInfo is 88");
            }
            return uncompressedPoint(Files.readAllBytes(der), keyLabel);
        } finally {
            Files.deleteIfExists(der);
        }
    }

    /**
     * The 64 bytes after the {@code 0x04} of the uncompressed point, which ends the DER SubjectPublicKeyInfo as a
     * BIT STRING of 66 bytes ({@code 03 42 00 04 x y}).
     */
    static byte[] uncompressedPoint(byte[] der, String keyLabel) {
        int n = der.length;
        if (n < 68 || der[n - 68] != 0x03 || der[n - 67] != 0x42 || der[n - 66] != 0x00 || der[n - 65] != 0x04) {
            throw new IllegalStateException("public key '" + keyLabel + "' from pkcs11-tool is not an uncompressed"
                    + " secp256k1 point (" + n + " bytes of DER)");
        }
        return Arrays.copyOfRange(der, n - 64, n);
    }

    private static void run(String... command) throws IOException, InterruptedException {
        // output to a file, not a pipe: a tool that writes more than a pipe holds can never block on it
        Path log = Files.createTempFile("softhsm-tool", ".log");
        Process process = new ProcessBuilder(List.of(command)).redirectErrorStream(true).redirectOutput(log.toFile())
                .start();
        try {
            if (!process.waitFor(TOOL_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                throw new IllegalStateException(command[0] + " did not finish within " + TOOL_TIMEOUT.toSeconds() + " s");
            }
            if (process.exitValue() != 0) {
                throw new IllegalStateException(command[0] + " failed (exit " + process.exitValue() + "): "
                        + head(log));
            }
        } finally {
            process.destroyForcibly();
            Files.deleteIfExists(log);
        }
    }

    private static String head(Path log) throws IOException {
        try (var in = Files.newInputStream(log)) {
            return new String(in.readNBytes(2048), StandardCharsets.UTF_8).strip();
        }
    }
}
