package sh.brane.readme;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import sh.brane.core.types.Address;
import sh.brane.devnet.Anvil;
import sh.brane.rpc.BackpressureException;
import sh.brane.rpc.BraneMetrics;
import sh.brane.rpc.BraneRpcException;
import sh.brane.rpc.ConnectionLostException;
import sh.brane.rpc.FallbackProvider;
import sh.brane.rpc.FrameTooLargeException;
import sh.brane.rpc.HttpConfig;
import sh.brane.rpc.HttpProvider;
import sh.brane.rpc.InvalidResponseException;
import sh.brane.rpc.RateLimitedException;
import sh.brane.rpc.RpcCall;
import sh.brane.rpc.RpcErrorException;
import sh.brane.rpc.RpcOutcome;
import sh.brane.rpc.RpcTimeoutException;
import sh.brane.rpc.Subscription;
import sh.brane.rpc.SubscriptionListener;
import sh.brane.rpc.TransportType;
import sh.brane.rpc.WaitStrategyType;
import sh.brane.rpc.WebSocketConfig;
import sh.brane.rpc.WebSocketProvider;
import tools.jackson.databind.JsonNode;

/** The code of the section "RPC transport" in docs/engine.md, verbatim, run against a real Anvil. */
class RpcReadmeExamplesTest {

    static Anvil anvil;
    static String wsUrl;
    static String httpUrl;

    @BeforeAll
    static void start() {
        anvil = Anvil.start();
        wsUrl = anvil.wsUrl();
        httpUrl = anvil.httpUrl();
    }

    @AfterAll
    static void stop() {
        anvil.close();
    }

    @Test
    void webSocketQuickStart() {
        try (WebSocketProvider provider = WebSocketProvider.create(wsUrl)) {
            JsonNode chainId = provider.send("eth_chainId", List.of());          // blocks, default timeout
            CompletableFuture<JsonNode> block = provider.sendAsync(
                    "eth_getBlockByNumber", List.of("latest", false), Duration.ofSeconds(5)); // own timeout
            CompletableFuture<JsonNode> balance = provider.sendAsync(
                    "eth_getBalance", List.of(Address.of("0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266"), "latest"));
            System.out.println(chainId.asString() + " " + block.join().get("number") + " " + balance.join());

            assertThat(chainId.asString()).isEqualTo("0x7a69");
            assertThat(balance.join().asString()).isEqualTo("0x21e19e0c9bab2400000");
        }
    }

    @Test
    void throughputSubscriptionsAndErrors() throws Exception {
        try (WebSocketProvider provider = WebSocketProvider.create(wsUrl)) {
            List<CompletableFuture<JsonNode>> futures = new ArrayList<>();
            for (int i = 0; i < 1000; i++) {
                futures.add(provider.sendAsyncBatch("eth_blockNumber", List.of()));
            }
            CompletableFuture.allOf(futures.toArray(new CompletableFuture[0])).join();

            List<CompletableFuture<JsonNode>> batch = provider.sendBatch(List.of(
                    RpcCall.of("eth_chainId"),
                    RpcCall.of("eth_getBalance", "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266", "latest")));

            assertThat(futures).allMatch(f -> f.join().asString().startsWith("0x"));
            assertThat(batch.get(0).join().asString()).isEqualTo("0x7a69");

            List<JsonNode> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
            Subscription heads = provider.subscribe(List.of("newHeads"), new SubscriptionListener() {
                @Override public void onNotification(JsonNode head) { System.out.println(head.get("number")); seen.add(head); }
                @Override public void onGap() { System.out.println("reconnected: re-read what was missed"); }
            }).join();
            provider.send("evm_mine", List.of());
            long deadline = System.nanoTime() + 5_000_000_000L;
            while (seen.isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertThat(seen).hasSize(1);
            provider.unsubscribe(heads).join();

            String result = null;
            try {
                provider.send("eth_call", List.of(Map.of("to", "0x0000000000000000000000000000000000000001"), "latest"));
            } catch (BraneRpcException e) {
                String what = switch (e) {
                    case RpcErrorException rpc -> "node said " + rpc.code() + ": " + rpc.rpcMessage() + " " + rpc.data();
                    case RpcTimeoutException t -> "no answer in time";
                    case ConnectionLostException lost -> "connection lost; the call may or may not have reached the node";
                    case BackpressureException full -> "too many calls in flight (maxPendingRequests)";
                    case FrameTooLargeException big -> "answer too large: raise maxFrameSize";
                    case RateLimitedException limited -> "still rate limited after retries";
                    case InvalidResponseException bad -> "unreadable answer";
                };
                System.out.println(what);
                result = what;
            }
            // the ecrecover precompile answers an empty call with empty output, so no exception here
            assertThat(result).isNull();
            try {
                provider.send("no_such_method", List.of());
            } catch (RpcErrorException e) {
                assertThat(e.outcome()).isEqualTo(RpcOutcome.RPC_ERROR);
            }
        }
    }

    @Test
    void webSocketOptions() {
        WebSocketConfig config = WebSocketConfig.builder(wsUrl)        // ws:// or wss:// (TLS verified)
                .name("mainnet")                                        // metrics/log name; never the URL
                .ringBufferSize(16384)                                  // default 4096, a power of two
                .waitStrategy(WaitStrategyType.BLOCKING)                // default BLOCKING: no CPU when idle
                .maxPendingRequests(65536)                              // default 65536
                .maxFrameSize(4 * 1024 * 1024)                          // default 64 KiB, up to 512 MiB
                .requestTimeout(Duration.ofSeconds(30))                 // default 30 s
                .transport(TransportType.AUTO)                          // default AUTO (epoll on Linux, else NIO)
                .ioThreads(1)                                           // default 1
                .connectTimeout(Duration.ofSeconds(10))                 // default 10 s (TCP + handshake)
                .header("Authorization", "Bearer token")                // extra handshake headers
                .pingInterval(Duration.ofSeconds(15))                   // default 15 s; ZERO = off
                .readIdleTimeout(Duration.ofSeconds(45))                // default 45 s: half-open detection; ZERO = off
                .reconnect(true)                                        // default true
                .reconnectInitialBackoff(Duration.ofMillis(100))        // default 100 ms, doubled, with jitter
                .reconnectMaxBackoff(Duration.ofSeconds(30))            // default 30 s
                .reconnectMaxAttempts(0)                                // default 0 = forever
                .build();
        try (WebSocketProvider provider = WebSocketProvider.create(config)) {
            provider.setMetrics(new BraneMetrics() {
                @Override public void onRequestCompleted(String method, long latencyNanos) { /* timer */ }
                @Override public void onRequestFailed(String method, RpcOutcome outcome, BraneRpcException e, long latencyNanos) { /* timer */ }
            });
            assertThat(provider.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69");
        }
    }

    @Test
    void httpOptions() {
        HttpConfig config = HttpConfig.builder(httpUrl)
                .name("mainnet")                                // default "default"
                .version(HttpClient.Version.HTTP_2)             // default HTTP_1_1
                .requestTimeout(Duration.ofSeconds(30))         // default 30 s, retries included
                .connectTimeout(Duration.ofSeconds(10))         // default 10 s
                .header("X-Api-Key", "key")                     // sent with every request
                .batchWindow(Duration.ofMillis(2))              // default 2 ms: sendAsyncBatch gathering window
                .maxBatchSize(100)                              // default 100 calls per coalesced batch
                .maxRetries(3)                                  // default 3 (429/503 and safe connection failures)
                .retryInitialBackoff(Duration.ofMillis(100))    // default 100 ms when no Retry-After
                .retryMaxBackoff(Duration.ofSeconds(5))         // default 5 s
                .maxRetryAfter(Duration.ofSeconds(30))          // default 30 s: a longer Retry-After fails at once
                .maxPendingRequests(65536)                      // default 65536
                .build();
        try (HttpProvider http = HttpProvider.create(config)) {
            System.out.println(http.send("eth_blockNumber", List.of()));
            assertThat(http.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69");
        }
    }

    @Test
    void fallback() {
        try (FallbackProvider provider = FallbackProvider.builder()
                .add(WebSocketProvider.create(wsUrl))           // subscriptions use the first WebSocket endpoint
                .add(HttpProvider.create(httpUrl))
                .failureThreshold(3)                            // default 3 consecutive failures take an endpoint out
                .probeInterval(Duration.ofSeconds(5))           // default 5 s between eth_chainId probes of those out
                .build()) {
            System.out.println(provider.send("eth_blockNumber", List.of()));
            assertThat(provider.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69");
        }
    }
}
