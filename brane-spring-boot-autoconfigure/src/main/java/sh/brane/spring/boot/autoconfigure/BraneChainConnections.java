package sh.brane.spring.boot.autoconfigure;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import org.springframework.boot.origin.Origin;
import org.springframework.boot.ssl.SslBundle;
import org.springframework.util.StringUtils;

/**
 * The {@link BraneChainConnectionDetails} of the context by chain. Built when the context starts, so that a dev
 * service labelled with a chain that is not configured, or two for one chain, fail start-up naming the label and the
 * configured chains, rather than being left unused.
 */
final class BraneChainConnections {

    private final Map<String, BraneChainConnectionDetails> byChain = new LinkedHashMap<>();

    /**
     * @param declared   the details by bean name
     * @param configured the chains configured under {@code brane.chains}
     */
    BraneChainConnections(Map<String, BraneChainConnectionDetails> declared, Set<String> configured) {
        Map<String, String> sources = new LinkedHashMap<>();
        declared.forEach((beanName, details) -> {
            String chain = details.getChain();
            String source = source(beanName, details);
            String label = BraneChainConnectionDetails.CHAIN_LABEL;
            if (chain == null || !configured.contains(chain)) {
                throw new IllegalStateException(StringUtils.capitalize(source) + " names the chain '" + chain
                        + "' (label " + label + "=" + chain + "), which is not configured; configured chains: "
                        + (configured.isEmpty() ? "none" : configured) + ". Configure it under brane.chains." + chain
                        + " (e.g. brane.chains." + chain + ".rpc.expected-chain-id), or change the label to one of "
                        + "the configured chains");
            }
            String other = sources.putIfAbsent(chain, source);
            if (other != null) {
                throw new IllegalStateException(StringUtils.capitalize(source) + " and " + other
                        + " both name the chain '" + chain + "' (label " + label + "): a chain has one node; label "
                        + "each service with a chain of its own");
            }
            this.byChain.put(chain, details);
        });
    }

    /** The chain's connection as the provider factory reads it, or null when no dev service serves the chain. */
    BraneConnectionDetails forChain(String chain) {
        BraneChainConnectionDetails details = this.byChain.get(chain);
        return (details != null) ? new Adapted(details) : null;
    }

    /** Where the details come from: the compose service or container (Boot's origin), else the bean. */
    private static String source(String beanName, BraneChainConnectionDetails details) {
        Origin origin = Origin.from(details);
        return (origin != null) ? "the dev service " + origin : "the BraneChainConnectionDetails bean '" + beanName
                + "'";
    }

    /** Read when the provider is built, not copied: a declared bean may know its URL only once its node runs. */
    private record Adapted(BraneChainConnectionDetails details) implements BraneConnectionDetails {

        @Override
        public String getUrl() {
            return this.details.getUrl();
        }

        @Override
        public SslBundle getSslBundle() {
            return this.details.getSslBundle();
        }
    }
}
