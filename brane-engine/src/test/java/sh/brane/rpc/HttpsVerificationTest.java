package sh.brane.rpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.OutputStream;
import java.lang.reflect.Method;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.TrustManagerFactory;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * https:// verifies the server certificate by default (the JDK trust store and hostname check), and
 * {@link HttpConfig} offers no way to turn that off, so no insecure mode exists to be logged: its one TLS option
 * adds trust material (an SSL bundle's), and the hostname is still checked against it. A loopback
 * HTTPS server with a self-signed certificate (made by keytool) must be refused before any request
 * reaches it.
 */
class HttpsVerificationTest {

    @TempDir
    static Path dir;
    static HttpsServer server;
    static TestCertificate certificate;
    static final AtomicInteger requests = new AtomicInteger();

    @BeforeAll
    static void start() throws Exception {
        certificate = TestCertificate.selfSigned(dir);
        KeyManagerFactory kmf = certificate.keys();
        SSLContext ssl = SSLContext.getInstance("TLS");
        ssl.init(kmf.getKeyManagers(), null, null);
        server = HttpsServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setHttpsConfigurator(new HttpsConfigurator(ssl));
        server.createContext("/", ex -> {
            requests.incrementAndGet();
            byte[] body = "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":\"0x1\"}".getBytes(StandardCharsets.US_ASCII);
            ex.sendResponseHeaders(200, body.length);
            try (OutputStream o = ex.getResponseBody()) {
                o.write(body);
            }
        });
        server.start();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.stop(0);
        }
    }

    @Test
    void selfSignedCertificateIsRefusedByDefault() {
        int before = requests.get();
        String url = "https://127.0.0.1:" + server.getAddress().getPort() + "/v2/key";
        try (HttpProvider p = HttpProvider.create(HttpConfig.builder(url).maxRetries(0)
                .requestTimeout(Duration.ofSeconds(20)).build())) {
            assertThatThrownBy(() -> p.send("eth_chainId", List.of()))
                    .isInstanceOf(ConnectionLostException.class)
                    .satisfies(e -> assertThat(causeChain(e)).anyMatch(SSLHandshakeException.class::isInstance));
        }
        assertThat(requests.get()).as("no request may reach an unverified server").isEqualTo(before);
    }

    @Test
    void thereIsNoOptionToDisableVerification() {
        // the one TLS option adds trust material and a client certificate (SSL bundles); nothing turns checks off
        List<Method> tlsMethods = Arrays.stream(HttpConfig.Builder.class.getMethods())
                .filter(m -> {
                    String n = m.getName().toLowerCase(Locale.ROOT);
                    return n.contains("ssl") || n.contains("tls") || n.contains("trust") || n.contains("insecure")
                            || n.contains("verif") || n.contains("certificate");
                }).toList();
        assertThat(tlsMethods).singleElement().satisfies(m -> {
            assertThat(m.getName()).isEqualTo("tls");
            assertThat(m.getParameterTypes()).containsExactly(KeyManagerFactory.class, TrustManagerFactory.class);
        });
    }

    @Test
    void trustMaterialDoesNotTurnOffTheHostnameCheck() throws Exception {
        TrustManagerFactory trust = certificate.trust();
        int port = server.getAddress().getPort();
        int before = requests.get();
        // the certificate is trusted now and names 127.0.0.1: that address is served
        try (HttpProvider p = HttpProvider.create(HttpConfig.builder("https://127.0.0.1:" + port + "/")
                .tls(null, trust).maxRetries(0).requestTimeout(Duration.ofSeconds(20)).build())) {
            assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x1");
        }
        assertThat(requests.get()).isEqualTo(before + 1);
        // the same trusted certificate for a name it does not carry (localhost) is refused before any request
        try (HttpProvider p = HttpProvider.create(HttpConfig.builder("https://localhost:" + port + "/")
                .tls(null, trust).maxRetries(0).requestTimeout(Duration.ofSeconds(20)).build())) {
            assertThatThrownBy(() -> p.send("eth_chainId", List.of()))
                    .isInstanceOf(ConnectionLostException.class)
                    .satisfies(e -> assertThat(causeChain(e))
                            .anyMatch(javax.net.ssl.SSLException.class::isInstance));
        }
        assertThat(requests.get()).as("no request may reach a server whose name does not match").isEqualTo(before + 1);
    }

    private static List<Throwable> causeChain(Throwable t) {
        java.util.ArrayList<Throwable> out = new java.util.ArrayList<>();
        for (; t != null; t = t.getCause()) {
            out.add(t);
        }
        return out;
    }
}
