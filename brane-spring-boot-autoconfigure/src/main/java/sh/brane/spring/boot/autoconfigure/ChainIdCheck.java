package sh.brane.spring.boot.autoconfigure;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import sh.brane.rpc.BraneProvider;
import sh.brane.rpc.EndpointStatus;
import sh.brane.rpc.RpcErrorException;

/**
 * Checks {@code expected-chain-id} without holding up start-up: once the endpoint is first reached (a WebSocket's
 * first handshake; an HTTP node's first answer, asked again with a growing pause until it answers), it asks for
 * eth_chainId. On a mismatch it logs an ERROR naming the endpoint (never its URL) and the fix, records the verdict
 * for the health contributor ({@link BraneChainIdVerdicts}) and closes the endpoint's provider, so no request (and
 * no transaction) reaches the wrong network. In a fallback the {@code FallbackProvider} also checks every endpoint
 * when it returns to rotation; and every health check compares the chain id.
 */
final class ChainIdCheck {

    private static final Logger logger = LoggerFactory.getLogger(ChainIdCheck.class);

    private static final Duration FIRST_RETRY = Duration.ofSeconds(1);

    private static final Duration MAX_RETRY = Duration.ofSeconds(30);

    private final BraneProvider provider;

    private final String chain;

    private final String endpoint;

    private final long expected;

    private final String property;

    private final BraneChainIdVerdicts verdicts;

    /**
     * @param provider the endpoint's own provider (a transport, not a fallback)
     * @param chain    the chain's name, the verdict's key
     * @param endpoint the endpoint's name (logged; never its URL)
     * @param property the property that pinned the chain id
     */
    ChainIdCheck(BraneProvider provider, String chain, String endpoint, long expected, String property,
            BraneChainIdVerdicts verdicts) {
        this.provider = provider;
        this.chain = chain;
        this.endpoint = endpoint;
        this.expected = expected;
        this.property = property;
        this.verdicts = verdicts;
    }

    /** A WebSocket endpoint: checked when {@code reached} (its first connection) completes. */
    void whenReached(CompletableFuture<?> reached) {
        reached.thenRun(() -> ask(null));
    }

    /** An HTTP endpoint: asked now, and again (1 s, doubling up to 30 s) until it answers or is closed. */
    void untilAnswered() {
        ask(FIRST_RETRY);
    }

    /** @param retry the pause before asking again when the node does not answer, or null to leave it to health */
    private void ask(Duration retry) {
        this.provider.sendAsync("eth_chainId", List.of()).whenComplete((hex, failure) -> {
            if (failure == null) {
                compare(hex.asString());
            }
            else if (retry != null && open() && !(rootOf(failure) instanceof RpcErrorException)) {
                logger.debug("Chain id of '{}' not checked yet ({}); asking again in {}", this.endpoint,
                        failure.toString(), retry);
                Duration next = retry.multipliedBy(2).compareTo(MAX_RETRY) > 0 ? MAX_RETRY : retry.multipliedBy(2);
                CompletableFuture.runAsync(() -> ask(next),
                        CompletableFuture.delayedExecutor(retry.toMillis(), TimeUnit.MILLISECONDS));
            }
            else {
                logger.debug("Chain id of '{}' not checked ({}); the health check compares it", this.endpoint,
                        failure.toString());
            }
        });
    }

    private boolean open() {
        return this.provider.status().stream().anyMatch(EndpointStatus::connected);
    }

    private void compare(String hex) {
        long actual;
        try {
            actual = Quantities.parseLong(hex);
        }
        catch (RuntimeException ex) {
            logger.warn("Node '{}' answered eth_chainId with a malformed quantity", this.endpoint);
            return;
        }
        if (actual == this.expected) {
            logger.debug("Node '{}' is on chain {}, as {} says", this.endpoint, actual, this.property);
            return;
        }
        BraneChainIdMismatchException mismatch = new BraneChainIdMismatchException(this.endpoint, this.expected,
                actual, this.property);
        // closed first, so that no call slips through to the wrong network while the verdict is written; the
        // verdict last, so that whoever sees it in health also finds the provider closed and the error logged
        this.provider.close();
        logger.error("{}. Its provider is closed so that nothing reaches the wrong network (health is DOWN): point "
                + "the endpoint at a node of chain {}, or set {} to {} if that network is intended, and restart.",
                mismatch.getMessage(), this.expected, this.property, actual);
        this.verdicts.mismatch(this.chain, this.endpoint, this.expected, actual, this.property);
    }

    private static Throwable rootOf(Throwable failure) {
        Throwable current = failure;
        while (current.getCause() != null && current.getCause() != current) {
            current = current.getCause();
        }
        return current;
    }
}
