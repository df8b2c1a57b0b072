package sh.brane.spring.boot.autoconfigure;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.util.StringUtils;

/**
 * Checks {@code brane.chains.*} before any bean exists, so a wrong configuration fails start-up with Boot's report
 * naming the property: a chain name that cannot name beans, two chains of one name, a chain without a node, a
 * signer on a chain whose id is not pinned. Reads only what it checks (never a signer's secret).
 */
final class BraneChainsValidation {

    /**
     * Lower case, as Boot's property names are and environment variables bind (BRANE_CHAINS_BASE_RPC_URL names the
     * chain "base"); a name also forms bean names and the qualifiers of its signers ("base.treasury").
     */
    private static final String NAME = "[a-z0-9][a-z0-9-]{0,63}";

    private static final String NAME_RULE = "is 1 to 64 lower-case letters, digits or '-' (it names beans, health "
            + "entries and metric tags)";

    private BraneChainsValidation() {
    }

    /**
     * @param devServices whether {@link BraneChainConnectionDetails} are declared: a chain without a node may then be
     *                    served by one, which is checked when its provider is built
     */
    static void validate(Binder binder, Set<String> chains, boolean devServices) {
        Map<String, String> seen = new HashMap<>();
        for (String chain : chains) {
            String other = seen.putIfAbsent(chain.toLowerCase(Locale.ROOT), chain);
            if (other != null) {
                // the bracketed form is a valid property name whatever the key holds (Boot's report looks it up)
                throw new InvalidConfigurationPropertyValueException("brane.chains[" + chain + "]", chain,
                        "the chain '" + other + "' has the same name (names are compared ignoring case, as "
                                + "environment variables are): give each chain a name of its own");
            }
        }
        for (String chain : chains) {
            String key = "brane.chains[" + chain + "]";
            if (!chain.matches(NAME)) {
                throw new InvalidConfigurationPropertyValueException(key, chain, "a chain name " + NAME_RULE);
            }
            String prefix = "brane.chains." + chain;
            if (chain.equalsIgnoreCase(BraneProviderFactory.SHORTHAND_CHAIN) && shorthandConfigured(binder)) {
                throw new InvalidConfigurationPropertyValueException(prefix, chain, "'default' is the chain of "
                        + "brane.rpc (the one-chain shorthand), which is set too: move brane.rpc.* under "
                        + prefix + ".rpc, or give this chain another name");
            }
            validateChain(binder, chain, prefix, devServices);
        }
    }

    private static void validateChain(Binder binder, String chain, String prefix, boolean devServices) {
        String rpc = prefix + ".rpc";
        boolean url = StringUtils.hasText(binder.bind(rpc + ".url", String.class).orElse(null));
        boolean endpoints = StringUtils.hasText(binder.bind(rpc + ".endpoints[0].url", String.class).orElse(null));
        if (!url && !endpoints && !devServices) {
            throw noNode(chain);
        }
        if (url && endpoints) {
            throw new InvalidConfigurationPropertyValueException(rpc + ".url", "(set)",
                    "set either " + rpc + ".url or " + rpc + ".endpoints, not both");
        }
        Set<String> signers = ConfiguredNames.under(binder, prefix + ".signers");
        Long chainId = binder.bind(rpc + ".expected-chain-id", Long.class).orElse(null);
        for (String signer : signers) {
            String signerPrefix = prefix + ".signers." + signer;
            if (!signer.matches(NAME)) {
                throw new InvalidConfigurationPropertyValueException(prefix + ".signers[" + signer + "]", signer,
                        "a signer name on a chain " + NAME_RULE);
            }
            if (chainId == null || chainId <= 0) {
                throw unpinned(prefix, signerPrefix, chainId);
            }
        }
        if (chainId != null && chainId <= 0) {
            throw new InvalidConfigurationPropertyValueException(rpc + ".expected-chain-id", chainId,
                    "must be positive");
        }
    }

    static InvalidConfigurationPropertyValueException noNode(String chain) {
        String rpc = "brane.chains." + chain + ".rpc";
        return new InvalidConfigurationPropertyValueException(rpc + ".url", null, "the chain '" + chain
                + "' has no node: set " + rpc + ".url (ws://, wss://, http:// or https://), or " + rpc
                + ".endpoints[0].url and more for a fallback, or label a dev service "
                + BraneChainConnectionDetails.CHAIN_LABEL + "=" + chain);
    }

    /** A signer on a chain whose id is not pinned: the chain it signs for is named in configuration, never asked. */
    static InvalidConfigurationPropertyValueException unpinned(String prefix, String signerPrefix, Long chainId) {
        String property = prefix + ".rpc.expected-chain-id";
        if (chainId != null) {
            return new InvalidConfigurationPropertyValueException(property, chainId, "must be positive");
        }
        return new InvalidConfigurationPropertyValueException(property, null, "a signer is configured on this chain ("
                + signerPrefix + "), so the chain it signs for must be pinned: set " + property
                + " to that chain's id (e.g. 1 for Ethereum mainnet, 8453 for Base); every transaction is checked "
                + "against it before it is signed");
    }

    private static boolean shorthandConfigured(Binder binder) {
        return StringUtils.hasText(binder.bind("brane.rpc.url", String.class).orElse(null))
                || StringUtils.hasText(binder.bind("brane.rpc.endpoints[0].url", String.class).orElse(null));
    }
}
