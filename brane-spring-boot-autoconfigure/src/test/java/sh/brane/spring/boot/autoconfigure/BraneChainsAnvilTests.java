package sh.brane.spring.boot.autoconfigure;

import java.math.BigInteger;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.availability.ApplicationAvailabilityAutoConfiguration;
import org.springframework.boot.availability.AvailabilityChangeEvent;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.boot.health.actuate.endpoint.HealthEndpoint;
import org.springframework.boot.health.autoconfigure.actuate.endpoint.AvailabilityProbesAutoConfiguration;
import org.springframework.boot.health.autoconfigure.actuate.endpoint.HealthEndpointAutoConfiguration;
import org.springframework.boot.health.autoconfigure.application.AvailabilityHealthContributorAutoConfiguration;
import org.springframework.boot.health.autoconfigure.contributor.HealthContributorAutoConfiguration;
import org.springframework.boot.health.autoconfigure.registry.HealthContributorRegistryAutoConfiguration;
import org.springframework.boot.health.contributor.CompositeHealthContributor;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import sh.brane.client.BlockTag;
import sh.brane.client.BraneClient;
import sh.brane.client.Receipt;
import sh.brane.client.SigningClient;
import sh.brane.client.TxRequest;
import sh.brane.client.tx.ChainIdMismatchException;
import sh.brane.core.types.Address;
import sh.brane.devnet.Anvil;
import sh.brane.rpc.BraneProvider;
import sh.brane.spring.boot.autoconfigure.health.BraneHealthContributorAutoConfiguration;
import sh.brane.spring.boot.autoconfigure.metrics.BraneMetricsAutoConfiguration;
import sh.brane.spring.boot.autoconfigure.tx.BraneTransactionAutoConfiguration;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Two chains against two real Anvils on different chain ids (one over WebSocket, one over HTTP): each client reaches
 * its own node, a signer sends on its chain through the journal, meters carry the chain, the shutdown drain waits for
 * both, and health has one entry per chain, DOWN for the one whose node stopped.
 */
@ExtendWith(OutputCaptureExtension.class)
class BraneChainsAnvilTests {

    private static final long L2_CHAIN_ID = 1337;

    static Anvil l1;

    static Anvil l2;

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(BraneAutoConfiguration.class, BraneMetricsAutoConfiguration.class,
                BraneHealthContributorAutoConfiguration.class, BraneTransactionAutoConfiguration.class))
        .withBean(MeterRegistry.class, SimpleMeterRegistry::new);

    @BeforeAll
    static void startTwoNodes() {
        l1 = Anvil.start();
        l2 = Anvil.builder().chainId(L2_CHAIN_ID).start();
    }

    @AfterAll
    static void stopTwoNodes() {
        l1.close();
        l2.close();
    }

    @Test
    void twoChainsEachWithItsNodeItsSignerItsMetersAndItsHealthEntry() {
        this.runner
            .withPropertyValues("brane.chains.l1.rpc.url=" + l1.wsUrl(), "brane.chains.l1.rpc.expected-chain-id=31337",
                    "brane.chains.l2.rpc.url=" + l2.httpUrl(),
                    "brane.chains.l2.rpc.expected-chain-id=" + L2_CHAIN_ID,
                    "brane.chains.l2.rpc.http.max-retries=0", "brane.chains.l2.client.poll-interval=50ms",
                    "brane.chains.l2.signers.payer.private-key=" + l2.account(0).privateKey(),
                    "brane.chains.l2.signers.payer.max-value=1ether", "brane.tx.confirmations=1",
                    "brane.tx.poll-interval=50ms", "brane.shutdown.timeout=5s")
            .run((context) -> {
                assertThat(context).hasNotFailed();
                BraneStartupWithoutNodeTests.awaitConnected(context.getBean("l1BraneProvider", BraneProvider.class));
                BraneClient first = context.getBean("l1BraneClient", BraneClient.class);
                BraneClient second = context.getBean("l2BraneClient", BraneClient.class);
                // each client reaches its own node
                assertThat(first.chainId()).isEqualTo(31337);
                assertThat(second.chainId()).isEqualTo(L2_CHAIN_ID);

                // the signer sends on its chain, through the journal, and nothing moves on the other
                Address to = Address.of(l2.account(3).address());
                BigInteger onL1 = first.getBalance(to);
                BigInteger onL2 = second.getBalance(to);
                SigningClient payer = context.getBean("l2.payerSigningClient", SigningClient.class);
                Receipt receipt = payer.send(TxRequest.builder().to(to).value(1_000).build());
                assertThat(receipt.status()).isTrue();
                assertThat(second.getBalance(to)).isEqualTo(onL2.add(BigInteger.valueOf(1_000)));
                assertThat(first.getBalance(to)).isEqualTo(onL1);
                MeterRegistry registry = context.getBean(MeterRegistry.class);
                assertThat(registry.find("brane.tx.transitions")
                    .tag("signer", "l2.payer")
                    .tag("chain", "l2")
                    .counters()).isNotEmpty();

                // meters of each chain, tagged with it
                assertThat(registry.find("brane.rpc.requests").tag("chain", "l1").tag("transport", "ws").timers())
                    .isNotEmpty();
                assertThat(registry.find("brane.rpc.requests").tag("chain", "l2").tag("transport", "http").timers())
                    .isNotEmpty();

                // the shutdown drain lets a request in flight on each chain end
                CompletableFuture<JsonNode> onFirst = context.getBean("l1BraneProvider", BraneProvider.class)
                    .sendAsync("eth_blockNumber", List.of());
                CompletableFuture<JsonNode> onSecond = context.getBean("l2BraneProvider", BraneProvider.class)
                    .sendAsync("eth_blockNumber", List.of());
                BraneProviderLifecycle lifecycle = context.getBean(BraneProviderLifecycle.class);
                lifecycle.stop();
                // answered, not failed (the answer's future completes on a callback thread just after the drain)
                assertThat(onFirst.get(5, TimeUnit.SECONDS).asString()).startsWith("0x");
                assertThat(onSecond.get(5, TimeUnit.SECONDS).asString()).startsWith("0x");
                lifecycle.start();

                // one health entry per chain; the chain whose node stops is DOWN, the other stays UP (once l1's
                // restarted WebSocket has connected again: it connects in the background)
                CompositeHealthContributor health = context.getBean("braneHealthContributor",
                        CompositeHealthContributor.class);
                BraneStartupWithoutNodeTests.awaitConnected(context.getBean("l1BraneProvider", BraneProvider.class));
                assertThat(status(health, "l1")).isEqualTo(Status.UP);
                assertThat(status(health, "l2")).isEqualTo(Status.UP);
                l2.stop();
                assertThat(status(health, "l2")).isEqualTo(Status.DOWN);
                assertThat(status(health, "l1")).isEqualTo(Status.UP);
            });
    }

    @Test
    void aChainWhoseNodeReportsAnotherChainIsKeptOutOfUseLoudlyAndItsSignerSendsNothing(CapturedOutput output) {
        Address to = Address.of(l1.account(6).address());
        this.runner
            .withPropertyValues("brane.chains.l1.rpc.url=" + l1.wsUrl(), "brane.chains.l1.rpc.expected-chain-id=31337",
                    "brane.chains.l2.rpc.url=" + l1.httpUrl(), "brane.chains.l2.rpc.expected-chain-id=" + L2_CHAIN_ID,
                    "brane.chains.l2.signers.payer.private-key=" + l1.account(5).privateKey(),
                    "brane.tx.poll-interval=50ms")
            .run((context) -> {
                // the node is only reached after start-up, so the mismatch cannot stop it: it is found then
                assertThat(context).hasNotFailed();
                CompositeHealthContributor health = context.getBean("braneHealthContributor",
                        CompositeHealthContributor.class);
                HealthIndicator l2Health = (HealthIndicator) health.getContributor("l2");
                String reason = "chain id 31337, expected 1337 (brane.chains.l2.rpc.expected-chain-id)";
                // waits for the recorded verdict (written after the close and the log line), not for health's
                // reason: every health check compares the chain id itself, so health can say so before the check
                // that closes the provider and logs has run (CI failed so, twice)
                BraneChainIdVerdicts verdicts = context.getBean(BraneChainIdVerdicts.class);
                BraneStartupWithoutNodeTests.awaitTrue(() -> !verdicts.mismatches("l2").isEmpty());
                assertThat(verdicts.mismatches("l2")).containsValue(reason);
                assertThat(l2Health.health(true).getStatus()).isEqualTo(Status.DOWN);
                assertThat(l2Health.health(true).getDetails()).containsEntry("reason", reason);
                // loud: an ERROR naming the endpoint and the property, never the node's URL
                assertThat(output).contains("ERROR")
                    .contains("Node 'l2' reports chain id 31337 but brane.chains.l2.rpc.expected-chain-id is "
                            + L2_CHAIN_ID)
                    .doesNotContain("Node 'l1' reports");
                String errorLine = output.toString().lines().filter((line) -> line.contains("Node 'l2' reports"))
                    .findFirst().orElseThrow();
                assertThat(errorLine).doesNotContain(l1.httpUrl());
                // the other chain is untouched
                BraneStartupWithoutNodeTests.awaitConnected(context.getBean("l1BraneProvider", BraneProvider.class));
                assertThat(status(health, "l1")).isEqualTo(Status.UP);
                // and the wrong chain's signer sends nothing: its provider is closed, the transaction fails before
                // it reaches the node, and the account's nonce on that node does not move
                BraneClient onL1 = context.getBean("l1BraneClient", BraneClient.class);
                long nonceBefore = onL1.getTransactionCount(Address.of(l1.account(5).address()), BlockTag.PENDING);
                SigningClient payer = context.getBean("l2.payerSigningClient", SigningClient.class);
                // refused at its first call to the node (gas estimation), before a nonce is taken or anything signed,
                // with the typed reason (it was a lost connection, which a caller would retry)
                assertThatThrownBy(() -> payer.send(TxRequest.builder().to(to).value(1_000).build()))
                    .isInstanceOfSatisfying(ChainIdMismatchException.class, (e) -> {
                        assertThat(e.pinned()).isEqualTo(L2_CHAIN_ID);
                        assertThat(e.actual()).isEqualTo(31337);
                    })
                    .hasMessageContaining("endpoint 'l2'")
                    .hasMessageContaining("nothing was signed");
                assertThat(onL1.getTransactionCount(Address.of(l1.account(5).address()), BlockTag.PENDING)).isEqualTo(nonceBefore);
            });
    }

    @Test
    void aChainWhoseNodeIsDownAtStartUpIsDownOnItsOwnAndAReadinessGroupMayChooseItsChains() throws Exception {
        int closed = BraneStartupWithoutNodeTests.closedPort();
        this.runner
            .withConfiguration(AutoConfigurations.of(ApplicationAvailabilityAutoConfiguration.class,
                    HealthContributorAutoConfiguration.class, HealthContributorRegistryAutoConfiguration.class,
                    HealthEndpointAutoConfiguration.class, AvailabilityHealthContributorAutoConfiguration.class,
                    AvailabilityProbesAutoConfiguration.class))
            .withPropertyValues("brane.chains.l1.rpc.url=" + l1.wsUrl(),
                    "brane.chains.l2.rpc.url=ws://127.0.0.1:" + closed, "management.endpoint.health.probes.enabled=true",
                    "management.endpoint.health.group.readiness.include=readinessState,brane/l1")
            .run((context) -> {
                // start-up did not wait for, nor fail on, the chain whose node refuses connections
                assertThat(context).hasNotFailed();
                AvailabilityChangeEvent.publish(context, ReadinessState.ACCEPTING_TRAFFIC);
                HealthEndpoint endpoint = context.getBean(HealthEndpoint.class);
                // the reachable chain's WebSocket connects in the background too: UP once it has (a run on a
                // loaded machine asserted before the handshake and saw DOWN)
                BraneStartupWithoutNodeTests.awaitConnected(context.getBean("l1BraneProvider", BraneProvider.class));
                assertThat(endpoint.healthForPath("brane", "l1").getStatus()).isEqualTo(Status.UP);
                assertThat(endpoint.healthForPath("brane", "l2").getStatus()).isEqualTo(Status.DOWN);
                assertThat(endpoint.healthForPath("brane").getStatus()).isEqualTo(Status.DOWN);
                // readiness includes the chain it needs only
                assertThat(endpoint.healthForPath("readiness").getStatus()).isEqualTo(Status.UP);
            });
    }

    private static Status status(CompositeHealthContributor health, String chain) {
        return ((HealthIndicator) health.getContributor(chain)).health(true).getStatus();
    }
}
