package sh.brane.spring.boot.autoconfigure;

import java.util.concurrent.Executor;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.factory.BeanFactory;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.ssl.SslBundles;
import org.springframework.util.StringUtils;

import sh.brane.client.BraneClient;
import sh.brane.client.SigningClient;
import sh.brane.rpc.BraneProvider;
import sh.brane.rpc.InvalidOptionException;
import sh.brane.signer.Signer;
import sh.brane.signer.SignerCeilings;
import sh.brane.spring.boot.autoconfigure.tx.BraneTransactionSenders;

/**
 * The factory methods of the beans {@link BraneChainsRegistrar} registers for {@code brane.chains.<chain>}. Static
 * methods with the chain's (and signer's) name as constructor arguments, not instance-supplier lambdas, so that
 * Spring AOT can generate code for these bean definitions: an application processed ahead of time with its
 * chains configured gets the same beans. The values are read from {@link BraneProperties} when each bean is
 * created. Public for the generated code only; an application does not call these.
 */
public final class BraneChainBeans {

    private static final Logger logger = LoggerFactory.getLogger(BraneChainBeans.class);

    private BraneChainBeans() {
    }

    /** {@code <chain>BraneProvider}. */
    public static BraneProvider provider(String chain, BeanFactory beans) {
        String prefix = "brane.chains." + chain;
        BraneProperties.Rpc rpc = settings(beans, chain).getRpc();
        Executor callbacks = beans.containsBean(BraneProviderConfiguration.CALLBACK_EXECUTOR_BEAN_NAME)
                ? beans.getBean(BraneProviderConfiguration.CALLBACK_EXECUTOR_BEAN_NAME, Executor.class) : null;
        return new BraneProviderFactory(rpc, prefix + ".rpc", chain, callbacks,
                beans.getBeanProvider(WebSocketConfigCustomizer.class).orderedStream().toList(),
                beans.getBeanProvider(HttpConfigCustomizer.class).orderedStream().toList(),
                beans.getBeanProvider(BraneMetricsFactory.class).orderedStream().toList(),
                beans.getBeanProvider(BraneProviderDecorator.class).orderedStream().toList(),
                beans.getBeanProvider(SslBundles.class).getIfAvailable(),
                beans.getBeanProvider(BraneChainIdVerdicts.class).getIfAvailable())
            .drainingWith(beans.getBeanProvider(BraneDrainGate.class).getIfAvailable())
            .create(connection(beans, chain, rpc));
    }

    /** A dev service labelled with the chain (a {@link BraneChainConnectionDetails}), else the chain's properties. */
    private static BraneConnectionDetails connection(BeanFactory beans, String chain, BraneProperties.Rpc rpc) {
        BraneChainConnections connections = beans.getBeanProvider(BraneChainConnections.class).getIfAvailable();
        BraneConnectionDetails served = (connections != null) ? connections.forChain(chain) : null;
        if (served != null) {
            return served;
        }
        // the registrar let a chain without a node pass while connection details were declared: none serves this one
        if (!StringUtils.hasText(rpc.getUrl()) && rpc.getEndpoints().isEmpty()) {
            throw BraneChainsValidation.noNode(chain);
        }
        return new PropertiesBraneConnectionDetails(rpc);
    }

    /** {@code <chain>BraneClient}, over {@code <chain>BraneProvider}. */
    public static BraneClient client(String chain, BeanFactory beans) {
        BraneProperties.Client settings = settings(beans, chain).getClient();
        try {
            return new BraneClient(beans.getBean(chain + "BraneProvider", BraneProvider.class),
                    settings.getPollInterval());
        }
        catch (InvalidOptionException ex) {
            throw new InvalidConfigurationPropertyValueException("brane.chains." + chain + ".client.poll-interval",
                    settings.getPollInterval(), ex.reason());
        }
    }

    /** {@code <chain>.<signer>Signer}, pinned to the chain's expected chain id. */
    public static Signer signer(String chain, String signer, BeanFactory beans) {
        BraneChainProperties settings = settings(beans, chain);
        String name = chain + "." + signer;
        Signer created = BraneSigners.create(name, signerPrefix(chain, signer), settings.getSigners().get(signer),
                () -> pinnedChainId(settings, chain, signer));
        logger.info("Brane signer '{}': account {} on chain {}", name, created.address(),
                settings.getRpc().getExpectedChainId());
        return created;
    }

    /** {@code <chain>.<signer>SignerCeilings}. */
    public static SignerCeilings ceilings(String chain, String signer, BeanFactory beans) {
        return BraneSigners.ceilings(signerPrefix(chain, signer), settings(beans, chain).getSigners().get(signer));
    }

    /** {@code <chain>.<signer>SigningClient}, over the chain's client, with the signer and its ceilings. */
    public static SigningClient signingClient(String chain, String signer, BeanFactory beans) {
        BraneChainProperties settings = settings(beans, chain);
        String name = chain + "." + signer;
        return SigningClients.create(beans.getBean(chain + "BraneClient", BraneClient.class),
                beans.getBean(name + "Signer", Signer.class), beans.getBean(name + "SignerCeilings", SignerCeilings.class),
                settings.getClient(), "brane.chains." + chain + ".client", () -> pinnedChainId(settings, chain, signer),
                beans.getBeanProvider(BraneTransactionSenders.class).getIfAvailable());
    }

    private static BraneChainProperties settings(BeanFactory beans, String chain) {
        return beans.getBean(BraneProperties.class).getChains().get(chain);
    }

    private static String signerPrefix(String chain, String signer) {
        return "brane.chains." + chain + ".signers." + signer;
    }

    /** Checked at registration already; checked again here as the value the signer is pinned to. */
    private static long pinnedChainId(BraneChainProperties settings, String chain, String signer) {
        Long expected = settings.getRpc().getExpectedChainId();
        if (expected == null || expected <= 0) {
            throw BraneChainsValidation.unpinned("brane.chains." + chain, signerPrefix(chain, signer), expected);
        }
        return expected;
    }
}
