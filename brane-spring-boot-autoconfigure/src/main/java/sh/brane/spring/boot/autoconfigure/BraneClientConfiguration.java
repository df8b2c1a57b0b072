package sh.brane.spring.boot.autoconfigure;

import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import sh.brane.client.BraneClient;
import sh.brane.client.SigningClient;
import sh.brane.rpc.BraneProvider;
import sh.brane.signer.Signer;

/** The typed client over the provider, and a signing client when a signer is configured. */
@Configuration(proxyBeanMethods = false)
@ConditionalOnSingleCandidate(BraneProvider.class)
class BraneClientConfiguration {

    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean
    BraneClient braneClient(BraneProvider provider, BraneProperties properties) {
        try {
            return new BraneClient(provider, properties.getClient().getPollInterval());
        }
        catch (IllegalArgumentException ex) {
            throw new InvalidBranePropertyException("brane.client.poll-interval",
                    String.valueOf(properties.getClient().getPollInterval()), ex.getMessage());
        }
    }

    @Bean
    @ConditionalOnMissingBean
    @ConditionalOnBean(Signer.class)
    SigningClient braneSigningClient(BraneClient client, Signer signer, BraneProperties properties) {
        BraneProperties.Client settings = properties.getClient();
        try {
            return new SigningClient(client, signer, null, settings.getGasMarginPercent(),
                    settings.getReceiptTimeout());
        }
        catch (IllegalArgumentException ex) {
            String property = ex.getMessage().startsWith("gas margin") ? "brane.client.gas-margin-percent"
                    : "brane.client.receipt-timeout";
            String value = ex.getMessage().startsWith("gas margin") ? String.valueOf(settings.getGasMarginPercent())
                    : String.valueOf(settings.getReceiptTimeout());
            throw new InvalidBranePropertyException(property, value, ex.getMessage());
        }
    }
}
