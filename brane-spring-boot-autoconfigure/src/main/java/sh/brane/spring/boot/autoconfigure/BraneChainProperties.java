package sh.brane.spring.boot.autoconfigure;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One chain of {@code brane.chains.<name>}: its node(s), its signers, its client and its health check. Every group
 * takes the same properties as its one-chain shorthand ({@code brane.rpc}, {@code brane.signers}, {@code brane.client},
 * {@code brane.health}); nothing is inherited from the shorthand, so each chain reads on its own.
 */
public class BraneChainProperties {

    /**
     * The chain's node: url (or endpoints with fallback), name, headers, request-timeout, expected-chain-id,
     * ssl.bundle, fallback.*, ws.* and http.*, as brane.rpc. The endpoint's name defaults to the chain's name.
     */
    private final BraneProperties.Rpc rpc = new BraneProperties.Rpc();

    /**
     * Signers on this chain, e.g. brane.chains.base.signers.treasury.private-key: each takes every brane.signer.*
     * property and gives the beans "<chain>.<signer>Signer", "<chain>.<signer>SignerCeilings" and
     * "<chain>.<signer>SigningClient", qualified by "<chain>.<signer>". They need rpc.expected-chain-id.
     */
    private Map<String, BraneSignerProperties> signers = new LinkedHashMap<>();

    /** The chain's typed and signing clients, as brane.client. */
    private final BraneProperties.Client client = new BraneProperties.Client();

    /** The chain's entry in the brane health contributor, as brane.health. */
    private final BraneProperties.Health health = new BraneProperties.Health();

    public BraneChainProperties() {
        // unset: the chain's name names its endpoint in metrics and health
        this.rpc.setName(null);
    }

    public BraneProperties.Rpc getRpc() {
        return this.rpc;
    }

    public Map<String, BraneSignerProperties> getSigners() {
        return this.signers;
    }

    public void setSigners(Map<String, BraneSignerProperties> signers) {
        this.signers = signers;
    }

    public BraneProperties.Client getClient() {
        return this.client;
    }

    public BraneProperties.Health getHealth() {
        return this.health;
    }
}
