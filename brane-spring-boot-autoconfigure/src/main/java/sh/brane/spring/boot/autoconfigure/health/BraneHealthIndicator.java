package sh.brane.spring.boot.autoconfigure.health;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;

import sh.brane.rpc.BraneProvider;
import sh.brane.rpc.BraneRpcException;
import sh.brane.rpc.EndpointStatus;
import sh.brane.spring.boot.autoconfigure.BraneChainIdVerdicts;
import tools.jackson.databind.JsonNode;

/**
 * Health of the connection to the node: UP with chain id, latest block, its age and pending requests; DOWN when
 * the WebSocket is disconnected, the node does not answer within the timeout, the node is (or was found, after
 * start-up) on another chain than the expected one, or the head is older than the configured maximum. Details never
 * include the node's URL.
 */
public class BraneHealthIndicator extends AbstractHealthIndicator {

    private final BraneProvider provider;

    private final Duration timeout;

    private final Duration maxHeadAge;

    private final Clock clock;

    /** {@code brane.rpc.expected-chain-id}, or null when not checked. */
    private volatile Long expectedChainId;

    /** The property that set {@link #expectedChainId}, named in the DOWN reason. */
    private volatile String expectedChainIdProperty = "brane.rpc.expected-chain-id";

    /** Why the senders over this provider refuse to sign (the node is another chain), or empty; none by default. */
    private volatile Supplier<Optional<String>> chainIdentity = Optional::empty;

    /** The transaction journal's kind (jdbc, memory), shown in the details; null when the context has none. */
    private volatile String journal;

    /** Endpoints found on another chain after start-up (closed since), with the reason; none by default. */
    private volatile Supplier<Map<String, String>> chainIdMismatches = Map::of;

    /**
     * The endpoints, their names and whether they are in rotation come from {@link BraneProvider#status()}.
     */
    public BraneHealthIndicator(BraneProvider provider, Duration timeout, Duration maxHeadAge) {
        this(provider, timeout, maxHeadAge, Clock.systemUTC());
    }

    BraneHealthIndicator(BraneProvider provider, Duration timeout, Duration maxHeadAge, Clock clock) {
        super("Brane health check failed");
        this.provider = provider;
        this.timeout = timeout;
        this.maxHeadAge = maxHeadAge;
        this.clock = clock;
    }

    /** DOWN when the node reports another chain than this one (start-up does not wait to check it). */
    public BraneHealthIndicator expectChainId(Long expectedChainId) {
        this.expectedChainId = expectedChainId;
        return this;
    }

    /**
     * DOWN when the node reports another chain than this one.
     *
     * @param property the property that pinned it, e.g. brane.chains.base.rpc.expected-chain-id
     */
    public BraneHealthIndicator expectChainId(Long expectedChainId, String property) {
        this.expectedChainIdProperty = property;
        return expectChainId(expectedChainId);
    }

    /**
     * DOWN, with the reason, for an endpoint found on another chain after start-up (its provider is closed then,
     * so the probe itself could only say "disconnected"); in a fallback, that endpoint's rotation entry says why.
     *
     * @param mismatches endpoint name to reason, asked at every health check
     */
    public BraneHealthIndicator chainIdMismatches(Supplier<Map<String, String>> mismatches) {
        this.chainIdMismatches = mismatches;
        return this;
    }

    /**
     * DOWN, with the reason, while the transaction senders over this provider find their node to be another chain
     * than their journal's (its chain id or its genesis block): nothing is signed or re-sent then, so the service
     * cannot pay, however well the node answers.
     *
     * @param mismatch the reason, asked at every health check; empty when the node is the journal's chain
     */
    public BraneHealthIndicator chainIdentity(Supplier<Optional<String>> mismatch) {
        this.chainIdentity = mismatch;
        return this;
    }

    /** Shows the transaction journal's kind (jdbc, memory) in the details, so an in-memory one is seen. */
    public BraneHealthIndicator journal(String kind) {
        this.journal = kind;
        return this;
    }

    @Override
    protected void doHealthCheck(Health.Builder builder) {
        builder.withDetail("pendingRequests", this.provider.pendingRequests());
        if (this.journal != null) {
            builder.withDetail("journal", this.journal);
        }
        Map<String, String> wrongChain = this.chainIdMismatches.get();
        // asked, not tested by type: the provider may be a fallback, and any of it may sit under a decorator
        List<EndpointStatus> endpoints = this.provider.status();
        if (endpoints.size() == 1) {
            EndpointStatus endpoint = endpoints.get(0);
            builder.withDetail("endpoint", endpoint.name()).withDetail("transport", endpoint.transport().tag());
            if (wrongChain.containsKey(endpoint.name())) {
                builder.down().withDetail("reason", wrongChain.get(endpoint.name()));
                return;
            }
            if (endpoint.transport() == EndpointStatus.Transport.WS) {
                if (!endpoint.connected()) {
                    builder.down().withDetail("connection", "disconnected");
                    return;
                }
                builder.withDetail("connection", "connected");
            }
            if (!endpoint.inRotation()) {
                builder.down().withDetail("rotation", "out of rotation");
                return;
            }
        }
        else if (endpoints.size() > 1) {
            Map<String, String> rotation = new LinkedHashMap<>();
            boolean anyHealthy = false;
            for (EndpointStatus endpoint : endpoints) {
                anyHealthy |= endpoint.inRotation();
                String reason = wrongChain.get(endpoint.name());
                rotation.put(endpoint.name(), endpoint.inRotation() ? "in rotation"
                        : (reason != null) ? "out of rotation: " + reason : "out of rotation");
            }
            builder.withDetail("endpoints", rotation);
            if (!anyHealthy) {
                builder.down();
                return;
            }
        }
        // after the endpoints' own state, whose reasons (disconnected, found on another chain at start-up and closed,
        // compared below) come first
        Optional<String> otherChain = wrongChain.isEmpty() ? this.chainIdentity.get() : Optional.empty();
        if (otherChain.isPresent()) {
            builder.down().withDetail("reason", otherChain.get()).withDetail("signing", "refused");
            return;
        }
        CompletableFuture<JsonNode> chainId = this.provider.sendAsync("eth_chainId", List.of(), this.timeout);
        CompletableFuture<JsonNode> head = this.provider.sendAsync("eth_getBlockByNumber", List.of("latest", false),
                this.timeout);
        JsonNode block;
        try {
            long actualChainId = parse(chainId.join().asString());
            builder.withDetail("chainId", actualChainId);
            Long expected = this.expectedChainId;
            if (expected != null && expected != actualChainId) {
                builder.down().withDetail("reason", BraneChainIdVerdicts.reason(expected, actualChainId,
                        this.expectedChainIdProperty));
                return;
            }
            block = head.join();
        }
        catch (java.util.concurrent.CompletionException ex) {
            if (ex.getCause() instanceof BraneRpcException rpc) {
                // the outcome and the engine's message, which names the endpoint but never its URL path
                builder.down().withDetail("outcome", rpc.outcome().name()).withDetail("error", rpc.getMessage());
                return;
            }
            throw ex;
        }
        if (block == null || block.isNull() || !block.has("number") || !block.has("timestamp")) {
            builder.down().withDetail("reason", "the node returned no latest block");
            return;
        }
        long number = parse(block.get("number").asString());
        Instant timestamp = Instant.ofEpochSecond(parse(block.get("timestamp").asString()));
        Duration age = Duration.between(timestamp, this.clock.instant());
        builder.withDetail("latestBlock", number)
            .withDetail("latestBlockTimestamp", timestamp.toString())
            .withDetail("headAge", age.isNegative() ? Duration.ZERO.toString() : age.toString());
        if (this.maxHeadAge != null && age.compareTo(this.maxHeadAge) > 0) {
            builder.down().withDetail("reason", "latest block is older than brane.health.max-head-age ("
                    + this.maxHeadAge + ")");
            return;
        }
        builder.up();
    }

    private static long parse(String quantity) {
        if (quantity == null || !quantity.startsWith("0x") || quantity.length() < 3 || quantity.length() > 18) {
            throw new IllegalStateException("node returned a malformed quantity");
        }
        try {
            return Long.parseUnsignedLong(quantity, 2, quantity.length(), 16);
        }
        catch (NumberFormatException ex) {
            throw new IllegalStateException("node returned a malformed quantity");
        }
    }
}
