package sh.brane.spring.boot.autoconfigure;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import sh.brane.client.tx.ChainIdMismatchException;

/**
 * The endpoints found on another chain than their {@code expected-chain-id} after start-up, per chain: start-up
 * does not wait for a node, so a mismatch is found in the background ({@link ChainIdCheck}) and must stay visible.
 * The health contributor reports them (DOWN, with the reason) and the endpoints stay closed. One per context.
 */
public final class BraneChainIdVerdicts {

    /** chain name, then endpoint name, then the reason. */
    private final Map<String, Map<String, String>> mismatches = new ConcurrentHashMap<>();

    /** expected chain id, then the endpoint found on another chain (its name and chain id). */
    private final Map<Long, ChainIdMismatchException> byExpected = new ConcurrentHashMap<>();

    void mismatch(String chain, String endpoint, long expected, long actual, String property) {
        this.byExpected.putIfAbsent(expected, new ChainIdMismatchException(expected, actual,
                "endpoint '" + endpoint + "' (closed at start-up, " + property + ")"));
        this.mismatches.computeIfAbsent(chain, (ignored) -> new ConcurrentHashMap<>())
            .put(endpoint, reason(expected, actual, property));
    }

    /**
     * An endpoint expected on {@code chainId} that was found on another chain and closed: the verdict a sender pinned
     * to {@code chainId} refuses with (typed, not a lost connection to retry), or empty.
     */
    public Optional<ChainIdMismatchException> mismatchFor(long chainId) {
        return Optional.ofNullable(this.byExpected.get(chainId));
    }

    /**
     * The endpoints of this chain found on another chain, with the reason, e.g.
     * {@code chain id 31337, expected 1 (brane.rpc.expected-chain-id)}; empty when none.
     *
     * @param chain the chain's name ({@code default} for {@code brane.rpc})
     */
    public Map<String, String> mismatches(String chain) {
        Map<String, String> found = this.mismatches.get(chain);
        return (found != null) ? Map.copyOf(new LinkedHashMap<>(found)) : Map.of();
    }

    /** The wording shared by this registry and the health check's own comparison. */
    public static String reason(long expected, long actual, String property) {
        return "chain id " + actual + ", expected " + expected + " (" + property + ")";
    }
}
