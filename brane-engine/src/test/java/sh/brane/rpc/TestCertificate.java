package sh.brane.rpc;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.FileInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.util.concurrent.TimeUnit;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.TrustManagerFactory;

/**
 * A self-signed EC certificate for 127.0.0.1 made by the JDK's keytool, for the TLS servers the tests start
 * (HTTPS, WSS, HTTP/2 over TLS): the server's keys, and a trust store holding only this certificate.
 */
record TestCertificate(KeyStore store, X509Certificate certificate) {

    private static final char[] PASSWORD = "changeit".toCharArray();

    /** Generates one in {@code dir} (the key store file is deleted once loaded). */
    static TestCertificate selfSigned(Path dir) throws Exception {
        Path ks = dir.resolve("server-" + System.nanoTime() + ".p12");
        String keytool = Path.of(System.getProperty("java.home"), "bin", "keytool").toString();
        Process p = new ProcessBuilder(keytool, "-genkeypair", "-keyalg", "EC", "-groupname", "secp256r1",
                "-alias", "server", "-dname", "CN=brane-test", "-ext", "SAN=ip:127.0.0.1", "-validity", "2",
                "-storetype", "PKCS12", "-keystore", ks.toString(), "-storepass", "changeit", "-keypass", "changeit")
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (FileInputStream in = new FileInputStream(ks.toFile())) {
            store.load(in, PASSWORD);
        }
        Files.deleteIfExists(ks);
        return new TestCertificate(store, (X509Certificate) store.getCertificate("server"));
    }

    /** The server's side: its key and certificate. */
    KeyManagerFactory keys() throws Exception {
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(store, PASSWORD);
        return kmf;
    }

    /** A client's side: trusts this certificate and nothing else. */
    TrustManagerFactory trust() throws Exception {
        KeyStore trusted = KeyStore.getInstance("PKCS12");
        trusted.load(null, null);
        trusted.setCertificateEntry("server", certificate);
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trusted);
        return tmf;
    }
}
