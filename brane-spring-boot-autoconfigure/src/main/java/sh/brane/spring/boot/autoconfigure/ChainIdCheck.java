package sh.brane.spring.boot.autoconfigure;

import java.util.List;
import java.util.concurrent.CompletableFuture;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import sh.brane.rpc.BraneProvider;

/**
 * Checks {@code brane.rpc.expected-chain-id} without holding up start-up: once the node is first reached (a
 * WebSocket's first handshake, an HTTP node's first answer), it asks for eth_chainId. On a mismatch it logs the
 * error with its fix and closes the provider, so no request (and no transaction) reaches the wrong network; the
 * health contributor reports DOWN from then on. A node that cannot be reached is left to the health check, which
 * compares the chain id on every probe.
 */
final class ChainIdCheck {

    private static final Logger logger = LoggerFactory.getLogger(ChainIdCheck.class);

    private ChainIdCheck() {
    }

    /**
     * @param reached completes when the node is first reachable
     */
    static void whenReached(CompletableFuture<?> reached, BraneProvider provider, String endpoint, long expected,
            String property) {
        reached.thenCompose((ignored) -> provider.sendAsync("eth_chainId", List.of()))
            .whenComplete((hex, failure) -> {
                if (failure != null) {
                    logger.debug("Chain id of '{}' not checked yet ({}); the health check compares it", endpoint,
                            failure.toString());
                    return;
                }
                long actual;
                try {
                    actual = Quantities.parseLong(hex.asString());
                }
                catch (RuntimeException ex) {
                    logger.warn("Node '{}' answered eth_chainId with a malformed quantity", endpoint);
                    return;
                }
                if (actual != expected) {
                    BraneChainIdMismatchException mismatch = new BraneChainIdMismatchException(endpoint, expected,
                            actual, property);
                    logger.error("{}. The provider is closed so that nothing reaches the wrong network: point the "
                            + "endpoint at a node of chain {}, or set {} to {} if that network is intended, and "
                            + "restart.", mismatch.getMessage(), expected, property, actual);
                    provider.close();
                }
            });
    }
}
