package sh.brane.rpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.FileInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import javax.net.ssl.KeyManagerFactory;

import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** wss:// against a loopback server with a self-signed certificate made by keytool. */
class WebSocketTlsTest {

    @TempDir
    static Path dir;
    static TestWsServer server;
    static X509Certificate cert;

    @BeforeAll
    static void startTlsServer() throws Exception {
        Path ks = dir.resolve("server.p12");
        String keytool = Path.of(System.getProperty("java.home"), "bin", "keytool").toString();
        Process p = new ProcessBuilder(keytool, "-genkeypair", "-keyalg", "EC", "-groupname", "secp256r1",
                "-alias", "server", "-dname", "CN=brane-test", "-ext", "SAN=ip:127.0.0.1", "-validity", "2",
                "-storetype", "PKCS12", "-keystore", ks.toString(), "-storepass", "changeit", "-keypass", "changeit")
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (FileInputStream in = new FileInputStream(ks.toFile())) {
            store.load(in, "changeit".toCharArray());
        }
        cert = (X509Certificate) store.getCertificate("server");
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(store, "changeit".toCharArray());
        server = TestWsServer.startTls(SslContextBuilder.forServer(kmf).build(), TestWsServer.DEFAULT);
        Files.deleteIfExists(ks);
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void untrustedCertificateIsRefusedByDefault() {
        assertThat(server.url()).startsWith("wss://");
        assertThatThrownBy(() -> WebSocketProvider.create(WebSocketConfig.builder(server.url())
                .connectTimeout(Duration.ofSeconds(2)).build()))
                .isInstanceOf(ConnectionLostException.class)
                .hasMessageContaining("could not connect")
                .hasStackTraceContaining("SSLHandshakeException");
    }

    @Test
    void trustedCertificateConnectsOverTls() throws Exception {
        SslContext trusting = SslContextBuilder.forClient().trustManager(cert).endpointIdentificationAlgorithm("HTTPS").build();
        try (WebSocketProvider p = WebSocketProvider.create(WebSocketConfig.builder(server.url())
                .sslContext(trusting).connectTimeout(Duration.ofSeconds(2)).build())) {
            assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69");
        }
    }

    @Test
    void hostnameIsVerified() throws Exception {
        // the certificate names only 127.0.0.1 (CN=brane-test): "localhost" reaches the same server but must be refused
        SslContext trusting = SslContextBuilder.forClient().trustManager(cert).endpointIdentificationAlgorithm("HTTPS").build();
        assertThatThrownBy(() -> WebSocketProvider.create(WebSocketConfig.builder("wss://localhost:" + server.port() + "/")
                .sslContext(trusting).connectTimeout(Duration.ofSeconds(2)).build()))
                .isInstanceOf(ConnectionLostException.class)
                .hasStackTraceContaining("No name matching localhost found");
    }
}
