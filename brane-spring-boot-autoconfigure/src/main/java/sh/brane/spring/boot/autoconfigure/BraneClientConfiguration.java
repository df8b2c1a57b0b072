package sh.brane.spring.boot.autoconfigure;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import sh.brane.client.BraneClient;
import sh.brane.client.SigningClient;
import sh.brane.client.tx.SendLimits;
import sh.brane.core.crypto.PrivateKey;
import sh.brane.rpc.BraneProvider;
import sh.brane.signer.LocalSigner;
import sh.brane.spring.boot.autoconfigure.tx.BraneTransactionSenders;

/** The typed client over the provider, and a signing client when a signer is configured. */
@Configuration(proxyBeanMethods = false)
@ConditionalOnSingleCandidate(BraneProvider.class)
class BraneClientConfiguration {

    private static final Logger logger = LoggerFactory.getLogger(BraneClientConfiguration.class);

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
    @ConditionalOnBean(PrivateKey.class)
    SigningClient braneSigningClient(BraneClient client, PrivateKey signer, BraneProperties properties,
            ObjectProvider<BraneTransactionSenders> transactions) {
        BraneProperties.Client settings = properties.getClient();
        try {
            Long chainId = properties.getRpc().getExpectedChainId();
            BraneTransactionSenders senders = transactions.getIfAvailable();
            if (chainId != null && senders != null) {
                // journalled, tracked, pinned to the configured chain id
                return new SigningClient(senders.sender(client, new LocalSigner("default", signer), chainId,
                        SendLimits.NONE), settings.getGasMarginPercent(), settings.getReceiptTimeout());
            }
            if (chainId == null) {
                logger.warn("Brane signer without brane.rpc.expected-chain-id: transactions are not journalled or "
                        + "tracked and the chain id is taken from the node; set brane.rpc.expected-chain-id to pin it");
            }
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
