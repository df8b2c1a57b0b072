package sh.brane.spring.boot.autoconfigure;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.factory.BeanFactory;

import sh.brane.client.BraneClient;
import sh.brane.client.SigningClient;
import sh.brane.signer.Signer;
import sh.brane.signer.SignerCeilings;
import sh.brane.spring.boot.autoconfigure.tx.BraneTransactionSenders;

/**
 * The factory methods of the beans {@link NamedSignersRegistrar} registers for {@code brane.signers.<name>}: static
 * methods with the signer's name as a constructor argument, so that Spring AOT can generate code for their bean
 * definitions (see {@link BraneChainBeans}). Public for the generated code only; an application does not call these.
 */
public final class NamedSignerBeans {

    private static final Logger logger = LoggerFactory.getLogger(NamedSignerBeans.class);

    private NamedSignerBeans() {
    }

    /** {@code <name>Signer}. */
    public static Signer signer(String name, BeanFactory beans) {
        BraneProperties properties = beans.getBean(BraneProperties.class);
        Signer signer = BraneSigners.create(name, prefix(name), properties.getSigners().get(name), properties);
        logger.info("Brane signer '{}': account {}", name, signer.address());
        return signer;
    }

    /** {@code <name>SignerCeilings}. */
    public static SignerCeilings ceilings(String name, BeanFactory beans) {
        return BraneSigners.ceilings(prefix(name), beans.getBean(BraneProperties.class).getSigners().get(name));
    }

    /** {@code <name>SigningClient}, over the shorthand's {@link BraneClient}. */
    public static SigningClient signingClient(String name, BeanFactory beans) {
        return SigningClients.create(prefix(name), beans.getBean(BraneClient.class),
                beans.getBean(name + "Signer", Signer.class),
                beans.getBean(name + "SignerCeilings", SignerCeilings.class), beans.getBean(BraneProperties.class),
                beans.getBeanProvider(BraneTransactionSenders.class).getIfAvailable());
    }

    private static String prefix(String name) {
        return "brane.signers." + name;
    }
}
