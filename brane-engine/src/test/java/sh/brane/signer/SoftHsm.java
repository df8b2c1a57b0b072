package sh.brane.signer;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.bouncycastle.asn1.x509.SubjectPublicKeyInfo;

/**
 * A real SoftHSM2 for tests: its configuration and token directory under target/ (the path comes from
 * {@code SOFTHSM2_CONF}, which surefire sets, because the library reads it once per process), tokens created
 * with {@code softhsm2-util}, secp256k1 keys generated inside the token with OpenSC's {@code pkcs11-tool}.
 */
final class SoftHsm {

    static final Path LIBRARY = Path.of("/usr/lib/softhsm/libsofthsm2.so");
    static final String SO_PIN = "87654321";
    private static boolean prepared;

    private SoftHsm() {
    }

    /** Writes the configuration and an empty token directory, once per JVM, before the library is loaded. */
    static synchronized void prepare() throws IOException {
        if (prepared) {
            return;
        }
        if (!Files.isRegularFile(LIBRARY)) {
            throw new IllegalStateException("SoftHSM2 is not installed (" + LIBRARY + "): install the Debian packages"
                    + " softhsm2 and opensc, as scripts/test-all does");
        }
        String conf = System.getenv("SOFTHSM2_CONF");
        if (conf == null) {
            throw new IllegalStateException("SOFTHSM2_CONF is not set: run the tests through Maven (surefire sets it)");
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
    static void createToken(String label, String pin) throws Exception {
        prepare();
        run("softhsm2-util", "--init-token", "--free", "--label", label, "--so-pin", SO_PIN, "--pin", pin);
    }

    /**
     * Generates a secp256k1 key pair inside the token (non-extractable) and returns its 64-byte public key, read
     * back from the token by pkcs11-tool (independently of the signer under test).
     */
    static byte[] generateKey(String tokenLabel, String pin, String keyLabel, String idHex) throws Exception {
        run("pkcs11-tool", "--module", LIBRARY.toString(), "--token-label", tokenLabel, "--login", "--pin", pin,
                "--keypairgen", "--key-type", "EC:secp256k1", "--label", keyLabel, "--id", idHex);
        Path der = Files.createTempFile("softhsm-pub", ".der");
        try {
            run("pkcs11-tool", "--module", LIBRARY.toString(), "--token-label", tokenLabel, "--read-object",
                    "--type", "pubkey", "--label", keyLabel, "--output-file", der.toString());
            byte[] point = SubjectPublicKeyInfo.getInstance(Files.readAllBytes(der)).getPublicKeyData().getBytes();
            if (point.length != 65 || point[0] != 0x04) {
                throw new IllegalStateException("unexpected public key from pkcs11-tool: " + point.length + " bytes");
            }
            return Arrays.copyOfRange(point, 1, 65);
        } finally {
            Files.deleteIfExists(der);
        }
    }

    private static void run(String... command) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(command));
        Process process = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        try {
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                throw new IllegalStateException(cmd.get(0) + " did not finish within 60 s");
            }
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (process.exitValue() != 0) {
                throw new IllegalStateException(cmd.get(0) + " failed (" + process.exitValue() + "): " + output);
            }
        } finally {
            process.destroyForcibly();
        }
    }
}
