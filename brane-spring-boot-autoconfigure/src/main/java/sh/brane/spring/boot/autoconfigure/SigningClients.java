package sh.brane.spring.boot.autoconfigure;

import java.util.function.LongSupplier;

import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;

import sh.brane.client.BraneClient;
import sh.brane.client.SigningClient;
import sh.brane.client.tx.SendLimits;
import sh.brane.rpc.InvalidOptionException;
import sh.brane.signer.Signer;
import sh.brane.signer.SignerCeilings;
import sh.brane.spring.boot.autoconfigure.tx.BraneTransactionSenders;

/**
 * Builds the {@link SigningClient} of one configured signer, the shorthand's and each named one alike: through the
 * money path ({@link BraneTransactionSenders}: journal, tracker, pinned chain id, the signer's ceilings) when the
 * transaction auto-configuration is present, else the engine's default in-memory path.
 */
final class SigningClients {

    private SigningClients() {
    }

    static SigningClient create(String prefix, BraneClient client, Signer signer, SignerCeilings ceilings,
            BraneProperties properties, BraneTransactionSenders senders) {
        return create(client, signer, ceilings, properties.getClient(), "brane.client",
                () -> BraneSigners.requirePinnedChainId(prefix, properties), senders);
    }

    /**
     * @param settings     the client settings of the signer's chain ({@code brane.client} or a chain's)
     * @param clientPrefix where {@code settings} are bound, for error reports
     * @param chainId      the chain the signer is pinned to, read only for the money path
     */
    static SigningClient create(BraneClient client, Signer signer, SignerCeilings ceilings,
            BraneProperties.Client settings, String clientPrefix, LongSupplier chainId,
            BraneTransactionSenders senders) {
        try {
            if (senders != null) {
                return new SigningClient(senders.sender(client, signer, chainId.getAsLong(), SendLimits.of(ceilings)),
                        settings.getGasMarginPercent(), settings.getReceiptTimeout());
            }
            return new SigningClient(client, signer, null, settings.getGasMarginPercent(),
                    settings.getReceiptTimeout());
        }
        catch (InvalidOptionException ex) {
            switch (ex.option()) {
                case "gasMarginPercent" -> throw new InvalidConfigurationPropertyValueException(
                        clientPrefix + ".gas-margin-percent", settings.getGasMarginPercent(), ex.reason());
                case "receiptTimeout" -> throw new InvalidConfigurationPropertyValueException(
                        clientPrefix + ".receipt-timeout", settings.getReceiptTimeout(), ex.reason());
                default -> throw ex;
            }
        }
    }
}
