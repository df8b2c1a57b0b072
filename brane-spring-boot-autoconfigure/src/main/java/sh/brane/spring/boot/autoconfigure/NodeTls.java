package sh.brane.spring.boot.autoconfigure;

import javax.net.ssl.SSLException;

import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;

import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.ssl.NoSuchSslBundleException;
import org.springframework.boot.ssl.SslBundle;
import org.springframework.boot.ssl.SslBundles;
import org.springframework.boot.ssl.SslManagerBundle;

/**
 * The TLS material of one node connection, from a Spring Boot SSL bundle ({@code ssl.bundle} of the endpoint or of
 * {@code brane.rpc}): trust for the node's certificate and, for mutual TLS, the client certificate. The hostname is
 * checked as without a bundle.
 */
final class NodeTls {

    private final SslBundle bundle;

    private NodeTls(SslBundle bundle) {
        this.bundle = bundle;
    }

    /**
     * @param property the property that named the bundle, for the error report
     * @return null when {@code bundleName} is unset
     */
    static NodeTls resolve(String property, String bundleName, BraneUrl url, SslBundles bundles) {
        if (bundleName == null || bundleName.isBlank()) {
            return null;
        }
        String scheme = url.uri().getScheme().toLowerCase(java.util.Locale.ROOT);
        if (!scheme.equals("wss") && !scheme.equals("https")) {
            throw new InvalidConfigurationPropertyValueException(property, bundleName,
                    "an SSL bundle needs a wss:// or https:// URL, the node's is " + scheme + "://");
        }
        if (bundles == null) {
            throw new InvalidConfigurationPropertyValueException(property, bundleName,
                    "no SslBundles bean: declare the bundle under spring.ssl.bundle.* (SslAutoConfiguration)");
        }
        try {
            return new NodeTls(bundles.getBundle(bundleName));
        }
        catch (NoSuchSslBundleException ex) {
            throw new InvalidConfigurationPropertyValueException(property, bundleName,
                    "no SSL bundle of that name; declare it under spring.ssl.bundle.jks." + bundleName
                            + " or spring.ssl.bundle.pem." + bundleName);
        }
    }

    /**
     * The TLS material a {@link BraneConnectionDetails} carries ({@link BraneConnectionDetails#getSslBundle()});
     * null when it carries none.
     */
    static NodeTls of(SslBundle bundle, BraneUrl url) {
        if (bundle == null) {
            return null;
        }
        String scheme = url.uri().getScheme().toLowerCase(java.util.Locale.ROOT);
        if (!scheme.equals("wss") && !scheme.equals("https")) {
            throw new IllegalStateException("the connection details carry an SSL bundle for a " + scheme
                    + ":// URL; an SSL bundle needs a wss:// or https:// URL");
        }
        return new NodeTls(bundle);
    }

    SslManagerBundle managers() {
        return this.bundle.getManagers();
    }

    /** A Netty client context for wss://, with the bundle's protocols and ciphers when it names any. */
    SslContext nettyContext() {
        SslManagerBundle managers = managers();
        SslContextBuilder builder = SslContextBuilder.forClient()
            .endpointIdentificationAlgorithm("HTTPS")
            .keyManager(managers.getKeyManagerFactory())
            .trustManager(managers.getTrustManagerFactory());
        if (this.bundle.getOptions().getEnabledProtocols() != null) {
            builder.protocols(this.bundle.getOptions().getEnabledProtocols());
        }
        if (this.bundle.getOptions().getCiphers() != null) {
            builder.ciphers(java.util.List.of(this.bundle.getOptions().getCiphers()));
        }
        try {
            return builder.build();
        }
        catch (SSLException ex) {
            throw new IllegalStateException("could not set up TLS from the SSL bundle: " + ex.getMessage(), ex);
        }
    }
}
