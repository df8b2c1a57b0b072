package sh.brane.spring.boot.autoconfigure;

import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;

import sh.brane.client.BraneClient;
import sh.brane.client.SigningClient;
import sh.brane.rpc.BraneProvider;
import sh.brane.signer.Signer;
import sh.brane.signer.SignerCeilings;
import sh.brane.spring.boot.autoconfigure.tx.BraneTransactionSenders;
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
    SigningClient braneSigningClient(BraneClient client, Signer signer, BraneProperties properties,
            @Qualifier(BraneSignerConfiguration.DEFAULT_NAME) ObjectProvider<SignerCeilings> ceilings,
            ObjectProvider<BraneTransactionSenders> transactions) {
        return SigningClients.create("brane.signer", client, signer, ceilings.getIfAvailable(), properties,
                transactions.getIfAvailable());
    }
}
