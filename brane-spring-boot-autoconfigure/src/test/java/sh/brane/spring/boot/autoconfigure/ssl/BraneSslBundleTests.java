package sh.brane.spring.boot.autoconfigure.ssl;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.ssl.SslAutoConfiguration;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import sh.brane.spring.boot.autoconfigure.DecoratedBraneProvider;
import sh.brane.rpc.BraneProvider;
import sh.brane.rpc.WebSocketProvider;
import sh.brane.spring.boot.autoconfigure.BraneAutoConfiguration;
import sh.brane.spring.boot.autoconfigure.NodeWait;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@code ssl.bundle} against a local node stub behind TLS with a private CA: over https:// and wss://, trusting the
 * CA through the bundle, with and without client authentication; without the bundle the handshake fails.
 */
class BraneSslBundleTests {

    @TempDir
    static Path dir;

    static PrivateCa ca;

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(SslAutoConfiguration.class, BraneAutoConfiguration.class));

    @BeforeAll
    static void createCa() throws Exception {
        ca = PrivateCa.create(dir);
    }

    private String[] bundles() {
        return new String[] { "spring.ssl.bundle.jks.node.truststore.location=file:" + ca.truststore,
                "spring.ssl.bundle.jks.node.truststore.password=" + PrivateCa.PASSWORD,
                "spring.ssl.bundle.jks.node.truststore.type=PKCS12",
                "spring.ssl.bundle.jks.mtls.keystore.location=file:" + ca.clientKeystore,
                "spring.ssl.bundle.jks.mtls.keystore.password=" + PrivateCa.PASSWORD,
                "spring.ssl.bundle.jks.mtls.keystore.type=PKCS12",
                "spring.ssl.bundle.jks.mtls.truststore.location=file:" + ca.truststore,
                "spring.ssl.bundle.jks.mtls.truststore.password=" + PrivateCa.PASSWORD,
                "spring.ssl.bundle.jks.mtls.truststore.type=PKCS12" };
    }

    @Test
    void httpsTrustsAPrivateCaThroughTheBundle() throws Exception {
        try (TlsNodeStub node = new TlsNodeStub()) {
            int port = node.startHttps(ca, false);
            this.runner.withPropertyValues(bundles())
                .withPropertyValues("brane.rpc.url=https://127.0.0.1:" + port, "brane.rpc.ssl.bundle=node")
                .run((context) -> assertThat(chainId(NodeWait.connected(context.getBean(BraneProvider.class))))
                    .isEqualTo("0x7a69"));
            // without the bundle the JDK's trust store does not know the CA
            this.runner.withPropertyValues("brane.rpc.url=https://127.0.0.1:" + port, "brane.rpc.http.max-retries=0")
                .run((context) -> assertThatThrownBy(() -> chainId(context.getBean(BraneProvider.class)))
                    .hasMessageContaining("TLS"));
            assertThat(node.answered.get()).isEqualTo(1);
        }
    }

    static volatile int detailsPort;

    /** Connection details that carry their own SSL bundle (as Testcontainers' or Compose's do with SSL labels). */
    @org.springframework.context.annotation.Configuration(proxyBeanMethods = false)
    static class DetailsWithBundle {
        @org.springframework.context.annotation.Bean
        sh.brane.spring.boot.autoconfigure.BraneConnectionDetails braneConnectionDetails(
                org.springframework.boot.ssl.SslBundles bundles) {
            org.springframework.boot.ssl.SslBundle bundle = bundles.getBundle("node");
            return new sh.brane.spring.boot.autoconfigure.BraneConnectionDetails() {
                @Override
                public String getUrl() {
                    return "https://127.0.0.1:" + detailsPort;
                }

                @Override
                public org.springframework.boot.ssl.SslBundle getSslBundle() {
                    return bundle;
                }
            };
        }
    }

    @Test
    void connectionDetailsCarryTheirOwnSslBundle() throws Exception {
        try (TlsNodeStub node = new TlsNodeStub()) {
            detailsPort = node.startHttps(ca, false);
            this.runner.withPropertyValues(bundles())
                .withUserConfiguration(DetailsWithBundle.class)
                .run((context) -> assertThat(chainId(NodeWait.connected(context.getBean(BraneProvider.class))))
                    .isEqualTo("0x7a69"));
            assertThat(node.answered.get()).isEqualTo(1);
        }
    }

    @Test
    void httpsWithClientAuthentication() throws Exception {
        try (TlsNodeStub node = new TlsNodeStub()) {
            int port = node.startHttps(ca, true);
            this.runner.withPropertyValues(bundles())
                .withPropertyValues("brane.rpc.url=https://127.0.0.1:" + port, "brane.rpc.ssl.bundle=mtls")
                .run((context) -> assertThat(chainId(NodeWait.connected(context.getBean(BraneProvider.class))))
                    .isEqualTo("0x7a69"));
            // trusting the node is not enough when it asks for a client certificate
            this.runner.withPropertyValues(bundles())
                .withPropertyValues("brane.rpc.url=https://127.0.0.1:" + port, "brane.rpc.ssl.bundle=node",
                        "brane.rpc.http.max-retries=0")
                .run((context) -> assertThatThrownBy(() -> chainId(context.getBean(BraneProvider.class)))
                    .isInstanceOf(RuntimeException.class));
            assertThat(node.answered.get()).isEqualTo(1);
        }
    }

    @Test
    void wssTrustsAPrivateCaAndPresentsAClientCertificate() throws Exception {
        try (TlsNodeStub node = new TlsNodeStub()) {
            int port = node.startWss(ca, false);
            this.runner.withPropertyValues(bundles())
                .withPropertyValues("brane.rpc.url=wss://127.0.0.1:" + port, "brane.rpc.ssl.bundle=node")
                .run((context) -> {
                    WebSocketProvider provider = NodeWait
                        .connected(((WebSocketProvider) DecoratedBraneProvider.unwrap(context.getBean(BraneProvider.class))));
                    assertThat(provider.isConnected()).isTrue();
                    assertThat(chainId(provider)).isEqualTo("0x7a69");
                });
            this.runner.withPropertyValues("brane.rpc.url=wss://127.0.0.1:" + port, "brane.rpc.ws.connect-timeout=2s")
                .run((context) -> assertThat(afterFirstAttempt(context.getBean(BraneProvider.class)).isConnected())
                    .isFalse());
        }
        try (TlsNodeStub node = new TlsNodeStub()) {
            int port = node.startWss(ca, true);
            this.runner.withPropertyValues(bundles())
                .withPropertyValues("brane.rpc.endpoints[0].name=mutual",
                        "brane.rpc.endpoints[0].url=wss://127.0.0.1:" + port,
                        "brane.rpc.endpoints[0].ssl.bundle=mtls")
                .run((context) -> assertThat(chainId(NodeWait.connected(context.getBean(BraneProvider.class))))
                    .isEqualTo("0x7a69"));
            this.runner.withPropertyValues(bundles())
                .withPropertyValues("brane.rpc.url=wss://127.0.0.1:" + port, "brane.rpc.ssl.bundle=node",
                        "brane.rpc.ws.connect-timeout=2s")
                .run((context) -> assertThat(afterFirstAttempt(context.getBean(BraneProvider.class)).isConnected())
                    .isFalse());
        }
    }

    /**
     * Start-up does not wait for the handshake: the first attempt is awaited here, so "not connected" means the
     * handshake was refused, not merely not yet done.
     */
    private static WebSocketProvider afterFirstAttempt(BraneProvider bean) throws Exception {
        WebSocketProvider provider = (WebSocketProvider) DecoratedBraneProvider.unwrap(bean);
        provider.firstAttempt().get(30, java.util.concurrent.TimeUnit.SECONDS);
        return provider;
    }

    @Test
    void badBundleSettingsFailStartUpNamingTheProperty() {
        this.runner.withPropertyValues("brane.rpc.url=wss://127.0.0.1:1", "brane.rpc.ssl.bundle=missing")
            .run((context) -> assertThat(context.getStartupFailure()).rootCause()
                .isInstanceOf(InvalidConfigurationPropertyValueException.class)
                .hasMessageContaining("brane.rpc.ssl.bundle")
                .hasMessageContaining("spring.ssl.bundle.jks.missing"));
        this.runner.withPropertyValues(bundles())
            .withPropertyValues("brane.rpc.url=http://127.0.0.1:1", "brane.rpc.ssl.bundle=node")
            .run((context) -> assertThat(context.getStartupFailure()).rootCause()
                .isInstanceOf(InvalidConfigurationPropertyValueException.class)
                .hasMessageContaining("needs a wss:// or https:// URL"));
        this.runner.withPropertyValues(bundles())
            .withPropertyValues("brane.rpc.url=wss://127.0.0.1:1", "brane.rpc.ssl.bundle=node",
                    "brane.rpc.ws.insecure-skip-tls-verification=true")
            .run((context) -> assertThat(context.getStartupFailure()).rootCause()
                .isInstanceOf(InvalidConfigurationPropertyValueException.class)
                .hasMessageContaining("brane.rpc.ws.insecure-skip-tls-verification"));
    }

    private static String chainId(BraneProvider provider) {
        return provider.send("eth_chainId", List.of()).asString();
    }
}
