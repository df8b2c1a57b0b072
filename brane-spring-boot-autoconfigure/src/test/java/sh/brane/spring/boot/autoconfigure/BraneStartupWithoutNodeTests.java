package sh.brane.spring.boot.autoconfigure;

import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

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
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import sh.brane.devnet.Anvil;
import sh.brane.rpc.BraneProvider;
import sh.brane.rpc.FallbackProvider;
import sh.brane.rpc.WebSocketProvider;
import sh.brane.spring.boot.autoconfigure.health.BraneHealthContributorAutoConfiguration;
import sh.brane.spring.boot.autoconfigure.health.BraneHealthIndicator;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Start-up never waits for a node: a node that refuses connections (alone, or as the backup of a fallback) does
 * not stop start-up; health is DOWN and the readiness group (with {@code brane} included) not UP until it is
 * reached; only wrong configuration fails start-up.
 */
@ExtendWith(OutputCaptureExtension.class)
class BraneStartupWithoutNodeTests {

    static Anvil anvil;

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(BraneAutoConfiguration.class,
                BraneHealthContributorAutoConfiguration.class));

    @BeforeAll
    static void startAnvil() {
        anvil = Anvil.start();
    }

    @AfterAll
    static void stopAnvil() {
        anvil.close();
    }

    /** A port nothing listens on: bound, then released. */
    static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    @Test
    void refusingWebSocketNodeStartsWithHealthDown() throws IOException {
        int port = closedPort();
        this.runner.withPropertyValues("brane.rpc.url=ws://127.0.0.1:" + port)
            .run((context) -> {
                assertThat(context).hasNotFailed().hasSingleBean(BraneProvider.class);
                WebSocketProvider provider = ((WebSocketProvider) DecoratedBraneProvider.unwrap(context.getBean(BraneProvider.class)));
                assertThat(provider.isConnected()).isFalse();
                var health = context.getBean(BraneHealthIndicator.class).health(true);
                assertThat(health.getStatus()).isEqualTo(Status.DOWN);
                assertThat(health.getDetails()).containsEntry("connection", "disconnected");
            });
    }

    @Test
    void webSocketNodeThatComesUpLaterIsConnectedInTheBackground() throws Exception {
        int port = closedPort();
        this.runner
            .withPropertyValues("brane.rpc.url=ws://127.0.0.1:" + port, "brane.rpc.ws.reconnect-initial-backoff=50ms",
                    "brane.rpc.ws.reconnect-max-backoff=200ms")
            .run((context) -> {
                assertThat(context).hasNotFailed();
                WebSocketProvider provider = ((WebSocketProvider) DecoratedBraneProvider.unwrap(context.getBean(BraneProvider.class)));
                assertThat(provider.isConnected()).isFalse();
                try (Anvil late = Anvil.builder().port(port).start()) {
                    awaitTrue(provider::isConnected);
                    assertThat(provider.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69");
                    assertThat(context.getBean(BraneHealthIndicator.class).health(true).getStatus())
                        .isEqualTo(Status.UP);
                }
            });
    }

    @Test
    void refusingBackupDoesNotStopAFallback() throws IOException {
        int port = closedPort();
        this.runner
            .withPropertyValues("brane.rpc.endpoints[0].name=primary", "brane.rpc.endpoints[0].url=" + anvil.wsUrl(),
                    "brane.rpc.endpoints[1].name=backup", "brane.rpc.endpoints[1].url=ws://127.0.0.1:" + port)
            .run((context) -> {
                assertThat(context).hasNotFailed();
                BraneProvider provider = context.getBean(BraneProvider.class);
                assertThat(DecoratedBraneProvider.unwrap(provider)).isInstanceOf(FallbackProvider.class);
                awaitTrue(() -> {
                    try {
                        return "0x7a69".equals(provider.send("eth_chainId", List.of()).asString());
                    }
                    catch (RuntimeException ex) {
                        return false;
                    }
                });
            });
        // and the other way round: a dead primary, a live backup
        this.runner
            .withPropertyValues("brane.rpc.endpoints[0].name=primary",
                    "brane.rpc.endpoints[0].url=ws://127.0.0.1:" + port, "brane.rpc.endpoints[1].name=backup",
                    "brane.rpc.endpoints[1].url=" + anvil.httpUrl())
            .run((context) -> {
                assertThat(context).hasNotFailed();
                assertThat(context.getBean(BraneProvider.class).send("eth_chainId", List.of()).asString())
                    .isEqualTo("0x7a69");
            });
    }

    @Test
    void deadHttpNodeIsNotLoggedAsConnected(CapturedOutput output) throws IOException {
        int port = closedPort();
        this.runner.withPropertyValues("brane.rpc.url=http://127.0.0.1:" + port, "brane.rpc.http.max-retries=0")
            .run((context) -> {
                assertThat(context).hasNotFailed();
                assertThat(context.getBean(BraneHealthIndicator.class).health(true).getStatus())
                    .isEqualTo(Status.DOWN);
            });
        assertThat(output).contains("Brane provider 'default' sends to http://127.0.0.1:" + port + " over HTTP")
            .doesNotContain("connected to http://");
    }

    @Test
    void readinessGroupIncludingBraneIsNotUpWhileTheNodeIsDown() throws IOException {
        int port = closedPort();
        ApplicationContextRunner actuator = this.runner
            .withConfiguration(AutoConfigurations.of(ApplicationAvailabilityAutoConfiguration.class,
                    HealthContributorAutoConfiguration.class, HealthContributorRegistryAutoConfiguration.class,
                    HealthEndpointAutoConfiguration.class, AvailabilityHealthContributorAutoConfiguration.class,
                    AvailabilityProbesAutoConfiguration.class))
            .withPropertyValues("management.endpoint.health.probes.enabled=true",
                    "management.endpoint.health.group.readiness.include=readinessState,brane");
        actuator.withPropertyValues("brane.rpc.url=ws://127.0.0.1:" + port).run((context) -> {
            assertThat(context).hasNotFailed();
            AvailabilityChangeEvent.publish(context, ReadinessState.ACCEPTING_TRAFFIC);
            HealthEndpoint endpoint = context.getBean(HealthEndpoint.class);
            assertThat(endpoint.healthForPath("readinessState").getStatus()).isEqualTo(Status.UP);
            assertThat(endpoint.healthForPath("readiness").getStatus()).isEqualTo(Status.DOWN);
        });
        actuator.withPropertyValues("brane.rpc.url=" + anvil.wsUrl()).run((context) -> {
            AvailabilityChangeEvent.publish(context, ReadinessState.ACCEPTING_TRAFFIC);
            WebSocketProvider provider = ((WebSocketProvider) DecoratedBraneProvider.unwrap(context.getBean(BraneProvider.class)));
            awaitTrue(provider::isConnected);
            assertThat(context.getBean(HealthEndpoint.class).healthForPath("readiness").getStatus())
                .isEqualTo(Status.UP);
        });
    }

    @Test
    void nodeOfAnotherChainReachedLaterClosesTheProvider(CapturedOutput output) throws Exception {
        int port = closedPort();
        this.runner
            .withPropertyValues("brane.rpc.url=ws://127.0.0.1:" + port, "brane.rpc.expected-chain-id=1",
                    "brane.rpc.ws.reconnect-initial-backoff=50ms", "brane.rpc.ws.reconnect-max-backoff=200ms")
            .run((context) -> {
                assertThat(context).hasNotFailed();
                WebSocketProvider provider = ((WebSocketProvider) DecoratedBraneProvider.unwrap(context.getBean(BraneProvider.class)));
                try (Anvil late = Anvil.builder().port(port).start()) {
                    awaitTrue(() -> output.toString()
                        .contains("reports chain id 31337 but brane.rpc.expected-chain-id is 1"));
                    assertThat(output).contains("set brane.rpc.expected-chain-id to 31337");
                    awaitTrue(() -> !provider.isConnected());
                    // the verdict is written last (after the close and the log line): wait for it too
                    BraneHealthIndicator indicator = context.getBean(BraneHealthIndicator.class);
                    awaitTrue(() -> indicator.health(true).getDetails().containsKey("reason"));
                    var health = indicator.health(true);
                    assertThat(health.getStatus()).isEqualTo(Status.DOWN);
                    // the reason, not a bare "disconnected": the provider was closed on purpose
                    assertThat(health.getDetails()).containsEntry("reason",
                            "chain id 31337, expected 1 (brane.rpc.expected-chain-id)");
                    assertThat(output).contains("ERROR").doesNotContain("ws://127.0.0.1:" + port + "/");
                }
            });
    }

    @Test
    void nodeOfAnotherChainFoundAfterStartUpTakesAReadinessGroupWithBraneOutOfService() {
        this.runner
            .withConfiguration(AutoConfigurations.of(ApplicationAvailabilityAutoConfiguration.class,
                    HealthContributorAutoConfiguration.class, HealthContributorRegistryAutoConfiguration.class,
                    HealthEndpointAutoConfiguration.class, AvailabilityHealthContributorAutoConfiguration.class,
                    AvailabilityProbesAutoConfiguration.class))
            .withPropertyValues("management.endpoint.health.probes.enabled=true",
                    "management.endpoint.health.group.readiness.include=readinessState,brane",
                    "management.endpoint.health.show-details=always", "brane.rpc.url=" + anvil.httpUrl(),
                    "brane.rpc.expected-chain-id=1")
            .run((context) -> {
                assertThat(context).hasNotFailed();
                AvailabilityChangeEvent.publish(context, ReadinessState.ACCEPTING_TRAFFIC);
                BraneChainIdVerdicts verdicts = context.getBean(BraneChainIdVerdicts.class);
                awaitTrue(() -> !verdicts.mismatches("default").isEmpty());
                HealthEndpoint endpoint = context.getBean(HealthEndpoint.class);
                // the application itself is ready; the group that includes brane is not (HTTP 503)
                assertThat(endpoint.healthForPath("readinessState").getStatus()).isEqualTo(Status.UP);
                assertThat(endpoint.healthForPath("readiness").getStatus()).isEqualTo(Status.DOWN);
                assertThat(((org.springframework.boot.health.actuate.endpoint.IndicatedHealthDescriptor) endpoint
                    .healthForPath("brane")).getDetails())
                    .containsEntry("reason", "chain id 31337, expected 1 (brane.rpc.expected-chain-id)");
            });
    }

    @Test
    void healthComparesTheChainIdOfAnHttpNode() {
        ApplicationContextRunner lenient = this.runner.withPropertyValues("brane.rpc.url=" + anvil.httpUrl());
        lenient.run((context) -> {
            BraneHealthIndicator indicator = context.getBean(BraneHealthIndicator.class);
            assertThat(indicator.health(true).getStatus()).isEqualTo(Status.UP);
            indicator.expectChainId(1L);
            var health = indicator.health(true);
            assertThat(health.getStatus()).isEqualTo(Status.DOWN);
            assertThat(health.getDetails()).containsEntry("reason",
                    "chain id 31337, expected 1 (brane.rpc.expected-chain-id)");
        });
    }

    @Test
    void silentWebSocketNodeDoesNotHoldStartUp() throws Exception {
        try (SilentServer silent = SilentServer.start()) {
            // a connect timeout far longer than any test: had start-up waited for the first attempt, it would hang
            this.runner
                .withPropertyValues("brane.rpc.url=ws://127.0.0.1:" + silent.port(), "brane.rpc.ws.connect-timeout=10m",
                        "brane.rpc.expected-chain-id=1")
                .run((context) -> {
                    assertThat(context).hasNotFailed();
                    WebSocketProvider provider = ((WebSocketProvider) DecoratedBraneProvider.unwrap(context.getBean(BraneProvider.class)));
                    // refresh is over while the first handshake is still unanswered
                    assertThat(provider.firstAttempt()).isNotDone();
                    awaitTrue(() -> silent.accepted() > 0);
                    assertThat(provider.firstAttempt()).isNotDone();
                    var health = context.getBean(BraneHealthIndicator.class).health(true);
                    assertThat(health.getStatus()).isEqualTo(Status.DOWN);
                    assertThat(health.getDetails()).containsEntry("connection", "disconnected");
                    assertThat(context.getBean(BraneChainIdVerdicts.class).mismatches("default")).isEmpty();
                });
        }
    }

    @Test
    void silentHttpNodeDoesNotHoldStartUpForTheChainIdCheck() throws Exception {
        try (SilentServer silent = SilentServer.start()) {
            this.runner
                .withPropertyValues("brane.rpc.url=http://127.0.0.1:" + silent.port(), "brane.rpc.request-timeout=10m",
                        "brane.rpc.http.max-retries=0", "brane.rpc.expected-chain-id=1")
                .run((context) -> {
                    assertThat(context).hasNotFailed();
                    // the chain id check runs in the background: its request reaches the node after refresh, and
                    // is still unanswered while the context is up
                    awaitTrue(() -> silent.accepted() > 0);
                    assertThat(context.getBean(BraneChainIdVerdicts.class).mismatches("default")).isEmpty();
                });
        }
    }

    @Test
    void wrongConfigurationStillFailsStartUpWithAReport() throws IOException {
        int port = closedPort();
        this.runner.withPropertyValues("brane.rpc.url=ws://127.0.0.1:" + port, "brane.rpc.ws.ring-buffer-size=1000")
            .run((context) -> assertThat(FailureAnalysisSupport.report(context.getStartupFailure()))
                .contains("brane.rpc.ws.ring-buffer-size", "1000", "power of two"));
    }

    static void awaitTrue(BooleanSupplier condition) {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("condition not met within 20s");
            }
            try {
                Thread.sleep(20);
            }
            catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
                throw new AssertionError(ex);
            }
        }
    }

    /**
     * Waits for every endpoint of {@code provider} to be connected: start-up does not wait for a WebSocket's
     * first handshake, so a test that calls its node at once waits for it, as readiness does.
     */
    static void awaitConnected(BraneProvider provider) {
        NodeWait.connected(provider);
    }

    static Map<String, Object> details(BraneHealthIndicator indicator) {
        return indicator.health(true).getDetails();
    }
}
