package sh.brane.spring.boot.autoconfigure.health;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;

import sh.brane.rpc.BraneProvider;
import sh.brane.rpc.BraneRpcException;
import sh.brane.rpc.FallbackProvider;
import sh.brane.rpc.HttpProvider;
import sh.brane.rpc.WebSocketProvider;
import sh.brane.spring.boot.autoconfigure.DecoratedBraneProvider;
import tools.jackson.databind.JsonNode;

/**
 * Health of the connection to the node: UP with chain id, latest block, its age and pending requests; DOWN when
 * the WebSocket is disconnected, the node does not answer within the timeout, or the head is older than the
 * configured maximum. Details never include the node's URL.
 */
public class BraneHealthIndicator extends AbstractHealthIndicator {

    private final BraneProvider provider;

    private final Duration timeout;

    private final Duration maxHeadAge;

    private final List<String> fallbackEndpoints;

    private final Clock clock;

    /** {@code brane.rpc.expected-chain-id}, or null when not checked. */
    private volatile Long expectedChainId;

    /**
     * @param fallbackEndpoints the endpoint names, in order, when {@code provider} is a {@link FallbackProvider}
     */
    public BraneHealthIndicator(BraneProvider provider, Duration timeout, Duration maxHeadAge,
            List<String> fallbackEndpoints) {
        this(provider, timeout, maxHeadAge, fallbackEndpoints, Clock.systemUTC());
    }

    BraneHealthIndicator(BraneProvider provider, Duration timeout, Duration maxHeadAge,
            List<String> fallbackEndpoints, Clock clock) {
        super("Brane health check failed");
        this.provider = provider;
        this.timeout = timeout;
        this.maxHeadAge = maxHeadAge;
        this.fallbackEndpoints = List.copyOf(fallbackEndpoints);
        this.clock = clock;
    }

    /** DOWN when the node reports another chain than this one (start-up does not wait to check it). */
    public BraneHealthIndicator expectChainId(Long expectedChainId) {
        this.expectedChainId = expectedChainId;
        return this;
    }

    @Override
    protected void doHealthCheck(Health.Builder builder) {
        builder.withDetail("pendingRequests", this.provider.pendingRequests());
        BraneProvider transport = DecoratedBraneProvider.unwrap(this.provider);
        if (transport instanceof WebSocketProvider ws) {
            builder.withDetail("endpoint", ws.config().name()).withDetail("transport", "ws");
            if (!ws.isConnected()) {
                builder.down().withDetail("connection", "disconnected");
                return;
            }
            builder.withDetail("connection", "connected");
        }
        else if (transport instanceof HttpProvider http) {
            builder.withDetail("endpoint", http.config().name()).withDetail("transport", "http");
        }
        else if (transport instanceof FallbackProvider fallback && !this.fallbackEndpoints.isEmpty()) {
            Map<String, String> rotation = new LinkedHashMap<>();
            boolean anyHealthy = false;
            for (int i = 0; i < this.fallbackEndpoints.size(); i++) {
                boolean healthy = fallback.isHealthy(i);
                anyHealthy |= healthy;
                rotation.put(this.fallbackEndpoints.get(i), healthy ? "in rotation" : "out of rotation");
            }
            builder.withDetail("endpoints", rotation);
            if (!anyHealthy) {
                builder.down();
                return;
            }
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
                builder.down().withDetail("reason", "the node is on chain " + actualChainId
                        + " but brane.rpc.expected-chain-id is " + expected);
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
