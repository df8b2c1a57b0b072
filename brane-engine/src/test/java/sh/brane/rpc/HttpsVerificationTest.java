package sh.brane.rpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.FileInputStream;
import java.io.OutputStream;
import java.lang.reflect.Method;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLHandshakeException;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * https:// verifies the server certificate by default (the JDK trust store and hostname check), and
 * {@link HttpConfig} offers no way to turn that off, so no insecure mode exists to be logged. A loopback
 * HTTPS server with a self-signed certificate (made by keytool) must be refused before any request
 * reaches it.
 */
class HttpsVerificationTest {

    @TempDir
    static Path dir;
    static HttpsServer server;
    static final AtomicInteger requests = new AtomicInteger();

    @BeforeAll
    static void start() throws Exception {
        Path ks = dir.resolve("server.p12");
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
            store.load(in, "changeit".toCharArray());
        }
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(store, "changeit".toCharArray());
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
        String url = "https://127.0.0.1:" + server.getAddress().getPort() + "/v2/key";
        try (HttpProvider p = HttpProvider.create(HttpConfig.builder(url).maxRetries(0)
                .requestTimeout(Duration.ofSeconds(20)).build())) {
            assertThatThrownBy(() -> p.send("eth_chainId", List.of()))
                    .isInstanceOf(ConnectionLostException.class)
                    .satisfies(e -> assertThat(causeChain(e)).anyMatch(SSLHandshakeException.class::isInstance));
        }
        assertThat(requests.get()).as("no request may reach an unverified server").isZero();
    }

    @Test
    void thereIsNoOptionToDisableVerification() {
        List<String> names = Arrays.stream(HttpConfig.Builder.class.getMethods()).map(Method::getName)
                .map(n -> n.toLowerCase(Locale.ROOT)).toList();
        assertThat(names).noneMatch(n -> n.contains("ssl") || n.contains("tls") || n.contains("trust")
                || n.contains("insecure") || n.contains("verif") || n.contains("certificate"));
    }

    private static List<Throwable> causeChain(Throwable t) {
        java.util.ArrayList<Throwable> out = new java.util.ArrayList<>();
        for (; t != null; t = t.getCause()) {
            out.add(t);
        }
        return out;
    }
}
