package sh.brane.spring.boot.autoconfigure;

import java.time.Duration;
import java.util.List;
import java.util.function.BooleanSupplier;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import sh.brane.client.BraneClient;
import sh.brane.client.Receipt;
import sh.brane.client.SigningClient;
import sh.brane.client.TxRequest;
import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.tx.Eip1559Transaction;
import sh.brane.core.tx.SignedTransaction;
import sh.brane.core.types.Address;
import sh.brane.devnet.Anvil;
import sh.brane.rpc.BraneProvider;
import sh.brane.rpc.RpcCall;
import sh.brane.rpc.RpcErrorException;
import sh.brane.rpc.Subscription;
import sh.brane.rpc.WebSocketProvider;
import sh.brane.spring.boot.autoconfigure.health.BraneHealthContributorAutoConfiguration;
import sh.brane.spring.boot.autoconfigure.health.BraneHealthIndicator;
import sh.brane.spring.boot.autoconfigure.metrics.BraneMetricsAutoConfiguration;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * The whole auto-configuration against a real Anvil: reads, a signed transaction, meters with their documented
 * names and tags, and health through a node stop and restart.
 */
class BraneAnvilIntegrationTests {

    private static final long GWEI = 1_000_000_000L;

    static Anvil anvil;

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(BraneAutoConfiguration.class, BraneMetricsAutoConfiguration.class,
                BraneHealthContributorAutoConfiguration.class))
        .withBean(MeterRegistry.class, SimpleMeterRegistry::new);

    @BeforeAll
    static void startAnvil() {
        anvil = Anvil.start();
    }

    @AfterAll
    static void stopAnvil() {
        anvil.close();
    }

    @Test
    void readsSendsRecordsMetricsAndReportsHealthOverWebSocket() {
        this.runner
            .withPropertyValues("brane.rpc.url=" + anvil.wsUrl(), "brane.rpc.name=anvil",
                    "brane.signer.private-key=" + anvil.account(0).privateKey(),
                    "brane.rpc.ws.reconnect-initial-backoff=50ms", "brane.rpc.ws.reconnect-max-backoff=200ms",
                    "brane.rpc.expected-chain-id=31337")
            .run((context) -> {
                assertThat(context).hasNotFailed();
                BraneProvider provider = NodeWait.connected(context.getBean(BraneProvider.class));
                MeterRegistry registry = context.getBean(MeterRegistry.class);
                BraneHealthIndicator health = context.getBean(BraneHealthIndicator.class);

                // reads
                for (int i = 0; i < 3; i++) {
                    assertThat(provider.send("eth_blockNumber", List.of()).asString()).startsWith("0x");
                }
                // a transaction signed with the configured signer, mined by the node
                PrivateKey signer = context.getBean(PrivateKey.class);
                String hash = sendTransfer(provider, signer, Address.of(anvil.account(1).address()));
                // Anvil mines at once, but the receipt can lag the submission by a moment on a busy machine
                JsonNode[] found = new JsonNode[1];
                awaitTrue(() -> {
                    found[0] = provider.send("eth_getTransactionReceipt", List.of(hash));
                    return found[0] != null && !found[0].isNull();
                });
                JsonNode receipt = found[0];
                assertThat(receipt.get("status").asString()).isEqualTo("0x1");
                assertThat(receipt.get("from").asString()).isEqualToIgnoringCase(anvil.account(0).address());
                // the same through the auto-configured signing client: nonce, gas and fees filled in
                Receipt paid = context.getBean(SigningClient.class)
                    .send(TxRequest.builder().to(Address.of(anvil.account(2).address())).value(1_000).build());
                assertThat(paid.status()).isTrue();
                assertThat(paid.from().toHex()).isEqualToIgnoringCase(anvil.account(0).address());
                assertThat(context.getBean(BraneClient.class).getBalance(Address.of(anvil.account(2).address())))
                    .isGreaterThan(java.math.BigInteger.ZERO);
                // an RPC error
                RpcErrorException rpcError = catchThrowableOfType(RpcErrorException.class,
                        () -> provider.send("brane_noSuchMethod", List.of()));
                assertThat(rpcError).isNotNull();

                Timer reads = registry.get("brane.rpc.requests")
                    .tags("method", "eth_blockNumber", "transport", "ws", "endpoint", "anvil", "outcome", "SUCCESS",
                            "error.code", "none")
                    .timer();
                assertThat(reads.count()).isEqualTo(3);
                assertThat(reads.totalTime(java.util.concurrent.TimeUnit.NANOSECONDS)).isPositive();
                assertThat(registry.get("brane.rpc.requests")
                    .tags("method", "eth_sendRawTransaction", "outcome", "SUCCESS")
                    .timer()
                    .count()).isEqualTo(2);
                assertThat(registry.get("brane.rpc.requests")
                    .tags("method", "brane_noSuchMethod", "transport", "ws", "endpoint", "anvil", "outcome",
                            "RPC_ERROR", "error.code", Integer.toString(rpcError.code()))
                    .timer()
                    .count()).isEqualTo(1);
                // the chain id check at start-up is a request like any other
                assertThat(registry.get("brane.rpc.requests").tags("method", "eth_chainId").timers()).isNotEmpty();
                assertThat(registry.get("brane.rpc.requests.pending").tag("endpoint", "anvil").gauge().value())
                    .isZero();
                assertThat(registry.get("brane.ws.ringbuffer.remaining").tag("endpoint", "anvil").gauge().value())
                    .isEqualTo(4096);
                // the signing client may hold its own newHeads subscription: count relative to now
                var subscriptions = registry.get("brane.ws.subscriptions.active").tag("endpoint", "anvil").gauge();
                double before = subscriptions.value();
                Subscription heads = provider.subscribe(List.of("newHeads"), (head) -> {
                }).get();
                assertThat(subscriptions.value()).isEqualTo(before + 1);
                assertThat(provider.unsubscribe(heads).get()).isTrue();
                assertThat(subscriptions.value()).isEqualTo(before);
                // no URL anywhere in the tags
                registry.getMeters()
                    .forEach((meter) -> meter.getId()
                        .getTags()
                        .forEach((tag) -> assertThat(tag.getValue()).doesNotContain("127.0.0.1")));

                Health up = health.health(true);
                assertThat(up.getStatus()).isEqualTo(Status.UP);
                assertThat(up.getDetails()).containsEntry("chainId", 31337L)
                    .containsEntry("endpoint", "anvil")
                    .containsEntry("transport", "ws")
                    .containsEntry("connection", "connected")
                    .containsEntry("pendingRequests", 0)
                    .containsKeys("latestBlock", "headAge");
                assertThat((Long) up.getDetails().get("latestBlock")).isGreaterThanOrEqualTo(1L);

                anvil.stop();
                awaitTrue(() -> !((WebSocketProvider) DecoratedBraneProvider.unwrap(provider)).isConnected());
                Health down = health.health(true);
                assertThat(down.getStatus()).isEqualTo(Status.DOWN);
                assertThat(down.getDetails()).containsEntry("connection", "disconnected");

                anvil.restart();
                awaitTrue(() -> health.health(true).getStatus().equals(Status.UP));
                assertThat(health.health(true).getDetails()).containsEntry("chainId", 31337L);
                assertThat(registry.get("brane.ws.reconnects").tag("endpoint", "anvil").counter().count())
                    .isGreaterThanOrEqualTo(1);
            });
    }

    @Test
    void readsAndHealthOverHttp() {
        this.runner.withPropertyValues("brane.rpc.url=" + anvil.httpUrl(), "brane.rpc.name=anvil-http")
            .run((context) -> {
                BraneProvider provider = context.getBean(BraneProvider.class);
                var futures = provider.sendBatch(List.of(RpcCall.of("eth_chainId"), RpcCall.of("eth_blockNumber")));
                for (var future : futures) {
                    assertThat(future.get().asString()).startsWith("0x");
                }
                MeterRegistry registry = context.getBean(MeterRegistry.class);
                assertThat(registry.get("brane.rpc.requests")
                    .tags("method", "eth_chainId", "transport", "http", "endpoint", "anvil-http", "outcome", "SUCCESS",
                            "error.code", "none")
                    .timer()
                    .count()).isEqualTo(1);
                assertThat(registry.get("brane.rpc.batch.size").tags("transport", "http", "endpoint", "anvil-http")
                    .summary()
                    .count()).isEqualTo(1);
                assertThat(registry.get("brane.rpc.batch.size").tags("transport", "http", "endpoint", "anvil-http")
                    .summary()
                    .totalAmount()).isEqualTo(2);
                Health health = context.getBean(BraneHealthIndicator.class).health(true);
                assertThat(health.getStatus()).isEqualTo(Status.UP);
                assertThat(health.getDetails()).containsEntry("transport", "http").containsEntry("chainId", 31337L);
            });
    }

    @Test
    void staleHeadIsDown() {
        // a fresh Anvil mines only on transactions: its head is as old as the node, older than 1ns
        this.runner
            .withPropertyValues("brane.rpc.url=" + anvil.httpUrl(), "brane.health.max-head-age=1ns")
            .run((context) -> {
                Health health = context.getBean(BraneHealthIndicator.class).health(true);
                assertThat(health.getStatus()).isEqualTo(Status.DOWN);
                assertThat(health.getDetails().get("reason").toString()).contains("brane.health.max-head-age");
            });
    }

    private static String sendTransfer(BraneProvider provider, PrivateKey from, Address to) {
        long nonce = Long.decode(provider.send("eth_getTransactionCount", List.of(from.address(), "pending"))
            .asString());
        SignedTransaction signed = Eip1559Transaction.builder()
            .chainId(anvil.chainId())
            .nonce(nonce)
            .maxPriorityFeePerGas(GWEI)
            .maxFeePerGas(10 * GWEI)
            .gasLimit(21_000)
            .to(to)
            .value(12_345)
            .build()
            .sign(from);
        String hash = provider.send("eth_sendRawTransaction", List.of(signed.toHex())).asString();
        assertThat(hash).isEqualToIgnoringCase(signed.hash().toHex());
        return hash;
    }

    private static void awaitTrue(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("condition not met within 20s");
            }
            Thread.sleep(50);
        }
    }
}
