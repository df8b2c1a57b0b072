package sh.brane.spring.boot.autoconfigure;

import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;

import sh.brane.client.BraneClient;
import sh.brane.client.SigningClient;
import sh.brane.rpc.BraneProvider;
import sh.brane.signer.Signer;
import sh.brane.rpc.InvalidOptionException;

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
        catch (InvalidOptionException ex) {
            throw new InvalidConfigurationPropertyValueException("brane.client.poll-interval",
                    properties.getClient().getPollInterval(), ex.reason());
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
        catch (InvalidOptionException ex) {
            switch (ex.option()) {
                case "gasMarginPercent" -> throw new InvalidConfigurationPropertyValueException(
                        "brane.client.gas-margin-percent", settings.getGasMarginPercent(), ex.reason());
                case "receiptTimeout" -> throw new InvalidConfigurationPropertyValueException(
                        "brane.client.receipt-timeout", settings.getReceiptTimeout(), ex.reason());
                default -> throw ex;
            }
        }
    }
}
