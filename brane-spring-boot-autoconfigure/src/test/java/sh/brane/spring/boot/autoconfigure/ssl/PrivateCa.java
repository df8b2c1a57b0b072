package sh.brane.spring.boot.autoconfigure.ssl;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * A private CA made for one test with the JDK's keytool: a CA, a server certificate for localhost and 127.0.0.1,
 * and a client certificate, each signed by the CA, in PKCS#12 files (password {@value #PASSWORD}).
 */
final class PrivateCa {

    static final String PASSWORD = "changeit";

    final Path dir;

    /** The CA's certificate alone: what a client trusts. */
    final Path truststore;

    final Path serverKeystore;

    final Path clientKeystore;

    private PrivateCa(Path dir) {
        this.dir = dir;
        this.truststore = dir.resolve("trust.p12");
        this.serverKeystore = dir.resolve("server.p12");
        this.clientKeystore = dir.resolve("client.p12");
    }

    static PrivateCa create(Path dir) throws Exception {
        PrivateCa ca = new PrivateCa(dir);
        Path caStore = dir.resolve("ca.p12");
        ca.keytool("-genkeypair", "-alias", "ca", "-keyalg", "EC", "-groupname", "secp256r1", "-dname",
                "CN=Brane Test CA", "-ext", "bc:c", "-validity", "2", "-keystore", caStore.toString());
        ca.keytool("-exportcert", "-rfc", "-alias", "ca", "-keystore", caStore.toString(), "-file",
                dir.resolve("ca.pem").toString());
        ca.keytool("-importcert", "-noprompt", "-alias", "ca", "-file", dir.resolve("ca.pem").toString(),
                "-keystore", ca.truststore.toString());
        ca.signed(caStore, ca.serverKeystore, "server", "CN=localhost", "SAN=dns:localhost,ip:127.0.0.1");
        ca.signed(caStore, ca.clientKeystore, "client", "CN=brane-client", null);
        return ca;
    }

    private void signed(Path caStore, Path store, String alias, String dname, String san) throws Exception {
        keytool("-genkeypair", "-alias", alias, "-keyalg", "EC", "-groupname", "secp256r1", "-dname", dname,
                "-validity", "2", "-keystore", store.toString());
        Path csr = this.dir.resolve(alias + ".csr");
        Path pem = this.dir.resolve(alias + ".pem");
        keytool("-certreq", "-alias", alias, "-keystore", store.toString(), "-file", csr.toString());
        List<String> gencert = new ArrayList<>(List.of("-gencert", "-alias", "ca", "-keystore", caStore.toString(),
                "-infile", csr.toString(), "-outfile", pem.toString(), "-rfc", "-validity", "2"));
        if (san != null) {
            gencert.addAll(List.of("-ext", san));
        }
        keytool(gencert.toArray(String[]::new));
        keytool("-importcert", "-noprompt", "-alias", "ca", "-file", this.dir.resolve("ca.pem").toString(),
                "-keystore", store.toString());
        keytool("-importcert", "-noprompt", "-alias", alias, "-file", pem.toString(), "-keystore",
                store.toString());
    }

    private void keytool(String... args) throws Exception {
        Path java = Path.of(ProcessHandle.current().info().command().orElseThrow());
        List<String> command = new ArrayList<>();
        command.add(java.resolveSibling("keytool").toString());
        command.addAll(List.of(args));
        command.addAll(List.of("-storetype", "PKCS12", "-storepass", PASSWORD));
        Process process = new ProcessBuilder(command).redirectErrorStream(true)
            .redirectOutput(this.dir.resolve("keytool.log").toFile())
            .start();
        try {
            if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
                throw new IllegalStateException("keytool " + args[0] + " failed: "
                        + Files.readString(this.dir.resolve("keytool.log")));
            }
        }
        finally {
            process.destroyForcibly();
        }
    }

    static KeyStore load(Path file) throws IOException, java.security.GeneralSecurityException {
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(file)) {
            store.load(in, PASSWORD.toCharArray());
        }
        return store;
    }

    KeyManagerFactory serverKeys() throws Exception {
        KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        keys.init(load(this.serverKeystore), PASSWORD.toCharArray());
        return keys;
    }

    TrustManagerFactory caTrust() throws Exception {
        TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(load(this.truststore));
        return trust;
    }

    SSLContext serverContext() throws Exception {
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(serverKeys().getKeyManagers(), caTrust().getTrustManagers(), null);
        return context;
    }
}
