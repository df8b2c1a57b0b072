package sh.brane.rpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.List;

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
        TestCertificate certificate = TestCertificate.selfSigned(dir);
        cert = certificate.certificate();
        KeyManagerFactory kmf = certificate.keys();
        server = TestWsServer.startTls(SslContextBuilder.forServer(kmf).build(), TestWsServer.DEFAULT);
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

    @Test
    void verificationIsTurnedOffOnlyExplicitlyAndThenLoudly() throws Exception {
        java.io.PrintStream original = System.err;
        java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
        System.setErr(new java.io.PrintStream(captured, true));
        try (WebSocketProvider p = WebSocketProvider.create(WebSocketConfig.builder(server.url())
                .insecureSkipTlsVerification().connectTimeout(Duration.ofSeconds(2)).build())) {
            assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69");
        } finally {
            System.setErr(original);
        }
        assertThat(captured.toString()).contains("WARN").contains("TLS CERTIFICATE VERIFICATION IS OFF");
    }

    @Test
    void insecureOptionAndOwnSslContextExcludeEachOther() throws Exception {
        SslContext trusting = SslContextBuilder.forClient().trustManager(cert).build();
        assertThatThrownBy(() -> WebSocketConfig.builder(server.url()).sslContext(trusting)
                .insecureSkipTlsVerification().build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("insecureSkipTlsVerification and sslContext exclude each other");
    }
}
