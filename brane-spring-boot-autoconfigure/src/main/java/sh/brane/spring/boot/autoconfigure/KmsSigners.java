package sh.brane.spring.boot.autoconfigure;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;

import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.util.ClassUtils;
import org.springframework.util.StringUtils;

import sh.brane.signer.KmsSigner;
import sh.brane.signer.Signer;
import sh.brane.signer.SignerException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.kms.KmsClient;
import software.amazon.awssdk.services.kms.KmsClientBuilder;

/**
 * The {@code brane.signer.kms.*} signer: a {@link KmsClient} built from the properties (the AWS SDK's default
 * credentials) and owned by the signer. A class of its own so that the AWS SDK is loaded only when a KMS key is
 * configured.
 */
final class KmsSigners {

    private KmsSigners() {
    }

    static Signer create(String name, String prefix, BraneSignerProperties.Kms k) {
        if (!ClassUtils.isPresent("software.amazon.awssdk.services.kms.KmsClient", KmsSigners.class.getClassLoader())
                || !ClassUtils.isPresent("software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient",
                        KmsSigners.class.getClassLoader())) {
            throw new InvalidConfigurationPropertyValueException(prefix + ".key-id", k.getKeyId(),
                    "a KMS signer needs the AWS SDK: add software.amazon.awssdk:kms and"
                            + " software.amazon.awssdk:url-connection-client to the application's dependencies");
        }
        Duration timeout = k.getTimeout();
        if (timeout == null || timeout.isZero() || timeout.isNegative()) {
            throw new InvalidConfigurationPropertyValueException(prefix + ".timeout", timeout, "must be positive");
        }
        // the SDK gives up on a call when the signer does: no thread left waiting on KMS after the signer failed it
        KmsClientBuilder builder = KmsClient.builder()
            .httpClient(UrlConnectionHttpClient.create())
            .overrideConfiguration((c) -> c.apiCallTimeout(timeout));
        if (StringUtils.hasText(k.getRegion())) {
            builder.region(Region.of(k.getRegion().strip()));
        }
        if (StringUtils.hasText(k.getEndpoint())) {
            builder.endpointOverride(endpoint(prefix, k.getEndpoint()));
        }
        KmsClient client;
        try {
            client = builder.build();
        }
        catch (SdkException ex) {
            throw new InvalidConfigurationPropertyValueException(prefix + ".region", k.getRegion(),
                    "the KMS client could not be built (" + ex.getMessage() + "); set " + prefix
                            + ".region or the AWS_REGION environment variable");
        }
        try {
            return KmsSigner.createOwningClient(name, client, k.getKeyId(), timeout);
        }
        catch (SignerException ex) {
            throw new InvalidConfigurationPropertyValueException(prefix + ".key-id", k.getKeyId(), ex.getMessage());
        }
    }

    private static URI endpoint(String prefix, String value) {
        try {
            URI uri = new URI(value.strip());
            if (uri.getHost() == null || !("https".equals(uri.getScheme()) || "http".equals(uri.getScheme()))) {
                throw new URISyntaxException(value, "not an http(s) URL with a host");
            }
            return uri;
        }
        catch (URISyntaxException ex) {
            throw new InvalidConfigurationPropertyValueException(prefix + ".endpoint", value,
                    "must be an http(s) URL, e.g. https://kms.eu-west-1.amazonaws.com");
        }
    }
}
