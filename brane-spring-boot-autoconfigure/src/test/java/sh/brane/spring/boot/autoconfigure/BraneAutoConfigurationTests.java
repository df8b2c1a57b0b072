package sh.brane.spring.boot.autoconfigure;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.actuate.endpoint.SanitizingFunction;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;

import sh.brane.client.BraneClient;
import sh.brane.client.SigningClient;
import sh.brane.core.crypto.Keystore;
import sh.brane.core.crypto.PrivateKey;
import sh.brane.devnet.Anvil;
import sh.brane.rpc.BraneProvider;
import sh.brane.rpc.FallbackProvider;
import sh.brane.rpc.HttpProvider;
import sh.brane.rpc.TransportType;
import sh.brane.rpc.WaitStrategyType;
import sh.brane.rpc.WebSocketProvider;
import sh.brane.spring.boot.autoconfigure.actuate.BraneSanitizingAutoConfiguration;
import sh.brane.spring.boot.autoconfigure.devnet.BraneDevnetAutoConfiguration;
import sh.brane.spring.boot.autoconfigure.health.BraneHealthContributorAutoConfiguration;
import sh.brane.spring.boot.autoconfigure.health.BraneHealthIndicator;
import sh.brane.spring.boot.autoconfigure.metrics.BraneMetricsAutoConfiguration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Every condition and property of the auto-configuration, one row per test. */
class BraneAutoConfigurationTests {

    /** Anvil's well-known dev account 0 (public test data). */
    static final String DEV_KEY_0 = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";

    static final String DEV_ADDRESS_0 = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";

    static final String DEV_ADDRESS_1 = "0x70997970C51812dc3A010c7d01b50e0d17dc79C8";

    static final String DEV_MNEMONIC = "test test test test test test test test test test test junk";

    /** A signer needs the chain it signs for pinned (Anvil's). */
    static final String PINNED_CHAIN = "brane.rpc.expected-chain-id=31337";

    static Anvil anvil;

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(BraneAutoConfiguration.class));

    @BeforeAll
    static void startAnvil() {
        anvil = Anvil.start();
    }

    @AfterAll
    static void stopAnvil() {
        anvil.close();
    }

    // ------------------------------------------------------------------ inert and transports

    @Test
    void withoutUrlTheStarterIsInert() {
        this.runner.run((context) -> assertThat(context).hasNotFailed()
            .doesNotHaveBean(BraneProvider.class)
            .doesNotHaveBean(BraneConnectionDetails.class)
            .doesNotHaveBean(BraneProviderLifecycle.class)
            .doesNotHaveBean(PrivateKey.class)
            .doesNotHaveBean(BraneClient.class)
            .hasSingleBean(BraneProperties.class));
    }

    @Test
    void httpUrlCreatesHttpProviderWithItsSettings() {
        this.runner
            .withPropertyValues("brane.rpc.url=http://localhost:1/v1/secret", "brane.rpc.name=primary",
                    "brane.rpc.request-timeout=7s", "brane.rpc.headers.X-Api-Key=k1",
                    "brane.rpc.http.connect-timeout=3s", "brane.rpc.http.batch-window=5ms",
                    "brane.rpc.http.max-batch-size=50", "brane.rpc.http.max-retries=1",
                    "brane.rpc.http.retry-initial-backoff=20ms", "brane.rpc.http.retry-max-backoff=1s",
                    "brane.rpc.http.max-retry-after=9s", "brane.rpc.http.max-pending-requests=1000",
                    "brane.rpc.http.auto-batch=false", "brane.rpc.http.auto-batch-window=300us",
                    "brane.rpc.http.answer-spin=0")
            .run((context) -> {
                assertThat(context).hasSingleBean(BraneProvider.class)
                    .hasSingleBean(PropertiesBraneConnectionDetails.class)
                    .hasSingleBean(BraneProviderLifecycle.class);
                var config = (((HttpProvider) DecoratedBraneProvider.unwrap(context.getBean(BraneProvider.class)))).config();
                assertThat(config.name()).isEqualTo("primary");
                assertThat(config.uri().toString()).isEqualTo("http://localhost:1/v1/secret");
                assertThat(config.requestTimeout()).isEqualTo(Duration.ofSeconds(7));
                assertThat(config.headers()).containsExactly(Map.entry("X-Api-Key", "k1"));
                assertThat(config.connectTimeout()).isEqualTo(Duration.ofSeconds(3));
                assertThat(config.batchWindow()).isEqualTo(Duration.ofMillis(5));
                assertThat(config.maxBatchSize()).isEqualTo(50);
                assertThat(config.maxRetries()).isEqualTo(1);
                assertThat(config.retryInitialBackoff()).isEqualTo(Duration.ofMillis(20));
                assertThat(config.retryMaxBackoff()).isEqualTo(Duration.ofSeconds(1));
                assertThat(config.maxRetryAfter()).isEqualTo(Duration.ofSeconds(9));
                assertThat(config.maxPendingRequests()).isEqualTo(1000);
                assertThat(config.autoBatch()).isFalse();
                assertThat(config.autoBatchWindow()).isEqualTo(Duration.ofNanos(300_000));
                assertThat(config.callbackExecutor()).isNull();
            });
    }

    @Test
    void httpDefaultsAreTheEngineDefaults() {
        this.runner.withPropertyValues("brane.rpc.url=https://node.example").run((context) -> {
            var config = (((HttpProvider) DecoratedBraneProvider.unwrap(context.getBean(BraneProvider.class)))).config();
            var defaults = sh.brane.rpc.HttpConfig.builder("https://node.example").build();
            assertThat(config.name()).isEqualTo(defaults.name());
            assertThat(config.requestTimeout()).isEqualTo(defaults.requestTimeout());
            assertThat(config.connectTimeout()).isEqualTo(defaults.connectTimeout());
            assertThat(config.batchWindow()).isEqualTo(defaults.batchWindow());
            assertThat(config.maxBatchSize()).isEqualTo(defaults.maxBatchSize());
            assertThat(config.maxRetries()).isEqualTo(defaults.maxRetries());
            assertThat(config.retryInitialBackoff()).isEqualTo(defaults.retryInitialBackoff());
            assertThat(config.retryMaxBackoff()).isEqualTo(defaults.retryMaxBackoff());
            assertThat(config.maxRetryAfter()).isEqualTo(defaults.maxRetryAfter());
            assertThat(config.maxPendingRequests()).isEqualTo(defaults.maxPendingRequests());
            assertThat(config.autoBatch()).isTrue().isEqualTo(defaults.autoBatch());
            assertThat(config.autoBatchWindow()).isEqualTo(defaults.autoBatchWindow());
        });
    }

    @Test
    void wsUrlCreatesWebSocketProviderWithItsSettings() {
        this.runner
            .withPropertyValues("brane.rpc.url=" + anvil.wsUrl(), "brane.rpc.name=ws-node",
                    "brane.rpc.request-timeout=4s", "brane.rpc.headers.Authorization=Bearer t",
                    "brane.rpc.ws.ring-buffer-size=1024", "brane.rpc.ws.wait-strategy=sleeping",
                    "brane.rpc.ws.max-pending-requests=500", "brane.rpc.ws.max-frame-size=2MB",
                    "brane.rpc.ws.transport=nio", "brane.rpc.ws.io-threads=2", "brane.rpc.ws.connect-timeout=2s",
                    "brane.rpc.ws.ping-interval=5s", "brane.rpc.ws.read-idle-timeout=20s",
                    "brane.rpc.ws.reconnect=false", "brane.rpc.ws.reconnect-initial-backoff=50ms",
                    "brane.rpc.ws.reconnect-max-backoff=2s", "brane.rpc.ws.reconnect-max-attempts=7",
                    "brane.rpc.ws.max-retries=5", "brane.rpc.ws.retry-initial-backoff=20ms",
                    "brane.rpc.ws.retry-max-backoff=1s")
            .run((context) -> {
                WebSocketProvider provider = NodeWait.connected(((WebSocketProvider) DecoratedBraneProvider.unwrap(context.getBean(BraneProvider.class))));
                var config = provider.config();
                assertThat(provider.isConnected()).isTrue();
                assertThat(provider.transportName()).isEqualTo("nio");
                assertThat(config.name()).isEqualTo("ws-node");
                assertThat(config.requestTimeout()).isEqualTo(Duration.ofSeconds(4));
                assertThat(config.headers()).containsExactly(Map.entry("Authorization", "Bearer t"));
                assertThat(config.ringBufferSize()).isEqualTo(1024);
                assertThat(config.waitStrategy()).isEqualTo(WaitStrategyType.SLEEPING);
                assertThat(config.maxPendingRequests()).isEqualTo(500);
                assertThat(config.maxFrameSize()).isEqualTo(2 * 1024 * 1024);
                assertThat(config.transport()).isEqualTo(TransportType.NIO);
                assertThat(config.ioThreads()).isEqualTo(2);
                assertThat(config.connectTimeout()).isEqualTo(Duration.ofSeconds(2));
                assertThat(config.pingInterval()).isEqualTo(Duration.ofSeconds(5));
                assertThat(config.readIdleTimeout()).isEqualTo(Duration.ofSeconds(20));
                assertThat(config.reconnect()).isFalse();
                assertThat(config.reconnectInitialBackoff()).isEqualTo(Duration.ofMillis(50));
                assertThat(config.reconnectMaxBackoff()).isEqualTo(Duration.ofSeconds(2));
                assertThat(config.reconnectMaxAttempts()).isEqualTo(7);
                assertThat(config.maxRetries()).isEqualTo(5);
                assertThat(config.retryInitialBackoff()).isEqualTo(Duration.ofMillis(20));
                assertThat(config.retryMaxBackoff()).isEqualTo(Duration.ofSeconds(1));
                assertThat(provider.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69");
            });
    }

    @Test
    void wsDefaultsAreTheEngineDefaults() {
        this.runner.withPropertyValues("brane.rpc.url=" + anvil.wsUrl()).run((context) -> {
            var config = (((WebSocketProvider) DecoratedBraneProvider.unwrap(context.getBean(BraneProvider.class)))).config();
            assertThat(config.ringBufferSize()).isEqualTo(sh.brane.rpc.WebSocketConfig.DEFAULT_RING_BUFFER_SIZE);
            assertThat(config.waitStrategy()).isEqualTo(WaitStrategyType.BLOCKING);
            assertThat(config.maxPendingRequests())
                .isEqualTo(sh.brane.rpc.WebSocketConfig.DEFAULT_MAX_PENDING_REQUESTS);
            assertThat(config.maxFrameSize()).isEqualTo(sh.brane.rpc.WebSocketConfig.DEFAULT_MAX_FRAME_SIZE);
            assertThat(config.transport()).isEqualTo(TransportType.AUTO);
            assertThat(config.ioThreads()).isEqualTo(1);
            assertThat(config.connectTimeout()).isEqualTo(sh.brane.rpc.WebSocketConfig.DEFAULT_CONNECT_TIMEOUT);
            assertThat(config.pingInterval()).isEqualTo(sh.brane.rpc.WebSocketConfig.DEFAULT_PING_INTERVAL);
            assertThat(config.readIdleTimeout()).isEqualTo(sh.brane.rpc.WebSocketConfig.DEFAULT_READ_IDLE_TIMEOUT);
            assertThat(config.reconnect()).isTrue();
            assertThat(config.reconnectInitialBackoff())
                .isEqualTo(sh.brane.rpc.WebSocketConfig.DEFAULT_RECONNECT_INITIAL_BACKOFF);
            assertThat(config.reconnectMaxBackoff())
                .isEqualTo(sh.brane.rpc.WebSocketConfig.DEFAULT_RECONNECT_MAX_BACKOFF);
            assertThat(config.reconnectMaxAttempts()).isZero();
            assertThat(config.requestTimeout()).isEqualTo(sh.brane.rpc.WebSocketConfig.DEFAULT_REQUEST_TIMEOUT);
        });
    }

    // ------------------------------------------------------------------ user beans win

    @Test
    void userProviderWins() {
        this.runner.withPropertyValues("brane.rpc.url=http://localhost:1")
            .withBean("myProvider", BraneProvider.class, () -> HttpProvider.create("http://localhost:2"))
            .run((context) -> assertThat(context).hasSingleBean(BraneProvider.class)
                .getBean(BraneProvider.class)
                .extracting((p) -> ((HttpProvider) p).config().uri().getPort())
                .isEqualTo(2));
    }

    @Test
    void userConnectionDetailsWinOverUrlProperty() {
        this.runner.withPropertyValues("brane.rpc.url=http://localhost:1")
            .withBean(BraneConnectionDetails.class, () -> () -> anvil.wsUrl())
            .run((context) -> {
                assertThat(context).doesNotHaveBean(PropertiesBraneConnectionDetails.class);
                assertThat(DecoratedBraneProvider.unwrap(context.getBean(BraneProvider.class))).isInstanceOf(WebSocketProvider.class);
            });
    }

    @Test
    void connectionDetailsBeanAloneActivatesTheStarter() {
        this.runner.withBean(BraneConnectionDetails.class, () -> () -> anvil.httpUrl())
            .run((context) -> assertThat(context.getBean(BraneProvider.class).send("eth_chainId", List.of())
                .asString()).isEqualTo("0x7a69"));
    }

    @Test
    void userSignerWins() {
        PrivateKey mine = PrivateKey.fromHex(DEV_KEY_0);
        this.runner.withPropertyValues("brane.signer.mnemonic=" + DEV_MNEMONIC, PINNED_CHAIN)
            .withBean("mySigner", PrivateKey.class, () -> mine)
            .run((context) -> assertThat(context.getBean(PrivateKey.class)).isSameAs(mine));
    }

    // ------------------------------------------------------------------ customizers

    @Test
    void customizersAreAppliedInOrder() {
        this.runner.withPropertyValues("brane.rpc.url=http://localhost:1", "brane.rpc.name=fromProperty")
            .withUserConfiguration(OrderedCustomizers.class)
            .run((context) -> {
                assertThat(context.getBean(OrderedCustomizers.class).calls).containsExactly("first", "second");
                // the later customizer's value wins, and both run after the properties were applied
                assertThat((((HttpProvider) DecoratedBraneProvider.unwrap(context.getBean(BraneProvider.class)))).config().name())
                    .isEqualTo("second");
            });
    }

    @Test
    void webSocketCustomizersAreAppliedInOrder() {
        this.runner.withPropertyValues("brane.rpc.url=" + anvil.wsUrl())
            .withUserConfiguration(OrderedCustomizers.class)
            .run((context) -> {
                assertThat(context.getBean(OrderedCustomizers.class).wsCalls).containsExactly("first", "second");
                assertThat((((WebSocketProvider) DecoratedBraneProvider.unwrap(context.getBean(BraneProvider.class)))).config().ringBufferSize())
                    .isEqualTo(64);
            });
    }

    // ------------------------------------------------------------------ threads and lifecycle

    @Test
    void virtualThreadsGiveNamedVirtualCallbackExecutor() {
        this.runner.withPropertyValues("brane.rpc.url=http://localhost:1", "spring.threads.virtual.enabled=true")
            .run((context) -> {
                Executor executor = context.getBean("braneCallbackExecutor", Executor.class);
                assertThat((((HttpProvider) DecoratedBraneProvider.unwrap(context.getBean(BraneProvider.class)))).config().callbackExecutor())
                    .isSameAs(executor);
                var thread = new java.util.concurrent.CompletableFuture<Thread>();
                executor.execute(() -> thread.complete(Thread.currentThread()));
                assertThat(thread.get().isVirtual()).isTrue();
                assertThat(thread.get().getName()).startsWith("brane-callback-");
            });
    }

    @Test
    void withoutVirtualThreadsTheEngineOwnsItsCallbackThreads() {
        this.runner.withPropertyValues("brane.rpc.url=http://localhost:1")
            .run((context) -> assertThat(context).doesNotHaveBean("braneCallbackExecutor"));
    }

    @Test
    void lifecycleStopLetsInFlightRequestsEndAndContextCloseClosesTheProvider() {
        this.runner.withPropertyValues("brane.rpc.url=" + anvil.wsUrl(), "brane.shutdown.timeout=5s")
            .run((context) -> {
                WebSocketProvider provider = NodeWait.connected(((WebSocketProvider) DecoratedBraneProvider.unwrap(context.getBean(BraneProvider.class))));
                var inFlight = provider.sendAsync("eth_blockNumber", List.of());
                BraneProviderLifecycle lifecycle = context.getBean(BraneProviderLifecycle.class);
                assertThat(lifecycle.isRunning()).isTrue();
                assertThat(lifecycle.getPhase()).isLessThan(org.springframework.context.SmartLifecycle.DEFAULT_PHASE);
                lifecycle.stop();
                // the request sent before shutdown completed normally
                assertThat(inFlight.get().asString()).startsWith("0x");
                assertThat(lifecycle.isRunning()).isFalse();
                // a stopped context may be started again (the test context cache does): the provider still serves
                lifecycle.start();
                assertThat(provider.send("eth_blockNumber", List.of()).asString()).startsWith("0x");
                // shutdown proper closes the provider through its destroy method
                context.close();
                assertThat(provider.isConnected()).isFalse();
                assertThat(provider.sendAsync("eth_blockNumber", List.of())).isCompletedExceptionally();
            });
    }

    // ------------------------------------------------------------------ start-up failures

    @Test
    void wsRetryBackoffsOutOfOrderFailNamingTheProperty() {
        this.runner.withPropertyValues("brane.rpc.url=" + anvil.wsUrl(), "brane.rpc.ws.retry-initial-backoff=2s",
                "brane.rpc.ws.retry-max-backoff=1s")
            .run((context) -> assertThat(context.getStartupFailure()).rootCause()
                .isInstanceOf(InvalidConfigurationPropertyValueException.class)
                .hasMessageContaining("brane.rpc.ws.retry-max-backoff"));
        this.runner.withPropertyValues("brane.rpc.url=" + anvil.wsUrl(), "brane.rpc.ws.max-retries=-1")
            .run((context) -> assertThat(context.getStartupFailure()).rootCause()
                .isInstanceOf(InvalidConfigurationPropertyValueException.class)
                .hasMessageContaining("brane.rpc.ws.max-retries"));
    }

    @Test
    void aWaitStrategyThatDoesNotExistFailsNamingThePropertyAndTheAllowedValues() {
        this.runner.withPropertyValues("brane.rpc.url=" + anvil.wsUrl(), "brane.rpc.ws.wait-strategy=spinning")
            .run((context) -> {
                Throwable failure = context.getStartupFailure();
                assertThat(failure).isNotNull();
                assertThat(FailureAnalysisSupport.report(failure)).contains("brane.rpc.ws.wait-strategy", "spinning",
                        "BLOCKING", "LITE_BLOCKING", "SLEEPING", "YIELDING", "BUSY_SPIN");
            });
    }

    @Test
    void ringBufferSizeNotAPowerOfTwoFailsNamingTheProperty() {
        this.runner.withPropertyValues("brane.rpc.url=" + anvil.wsUrl(), "brane.rpc.ws.ring-buffer-size=1000")
            .run((context) -> {
                Throwable failure = context.getStartupFailure();
                assertThat(failure).rootCause()
                    .isInstanceOf(InvalidConfigurationPropertyValueException.class)
                    .hasMessageContaining("brane.rpc.ws.ring-buffer-size")
                    .hasMessageContaining("'1000'")
                    .hasMessageContaining("power of two");
                assertThat(FailureAnalysisSupport.report(failure)).contains("brane.rpc.ws.ring-buffer-size",
                        "1000", "power of two", "Review the value of the property");
            });
    }

    @Test
    void unknownWaitStrategyFailsListingTheAllowedValues() {
        this.runner.withPropertyValues("brane.rpc.url=" + anvil.wsUrl(), "brane.rpc.ws.wait-strategy=spinning")
            .run((context) -> {
                Throwable failure = context.getStartupFailure();
                assertThat(failure).hasRootCauseInstanceOf(IllegalArgumentException.class);
                Throwable bind = failure;
                while (bind != null && !(bind instanceof BindException)) {
                    bind = bind.getCause();
                }
                assertThat(bind).isInstanceOf(BindException.class)
                    .hasMessageContaining("brane.rpc.ws.wait-strategy");
                String report = FailureAnalysisSupport.report(failure);
                assertThat(report).contains("brane.rpc.ws.wait-strategy", "spinning", "BLOCKING", "LITE_BLOCKING",
                        "SLEEPING", "YIELDING", "BUSY_SPIN");
            });
    }

    @Test
    void otherEngineValidationErrorsNameTheirProperty() {
        this.runner
            .withPropertyValues("brane.rpc.url=http://localhost:1", "brane.rpc.http.max-batch-size=0")
            .run((context) -> assertThat(context.getStartupFailure()).rootCause()
                .isInstanceOf(InvalidConfigurationPropertyValueException.class)
                .hasMessage("Property brane.rpc.http.max-batch-size with value '0' is invalid: "
                        + "must be between 1 and 10000"));
        this.runner
            .withPropertyValues("brane.rpc.url=" + anvil.wsUrl(), "brane.rpc.ws.max-frame-size=1GB")
            .run((context) -> assertThat(context.getStartupFailure()).rootCause()
                .isInstanceOf(InvalidConfigurationPropertyValueException.class)
                .hasMessageContaining("brane.rpc.ws.max-frame-size")
                .hasMessageContaining("1073741824B")
                .hasMessageContaining("between 1KB and 512MB"));
        this.runner
            .withPropertyValues("brane.rpc.url=" + anvil.wsUrl(), "brane.rpc.ws.ping-interval=30s",
                    "brane.rpc.ws.read-idle-timeout=10s")
            .run((context) -> assertThat(context.getStartupFailure()).rootCause()
                .isInstanceOf(InvalidConfigurationPropertyValueException.class)
                .hasMessageContaining("brane.rpc.ws.read-idle-timeout")
                .hasMessageContaining("longer than pingInterval"));
    }

    @Test
    void malformedUrlFailsWithoutShowingItsPath() {
        this.runner.withPropertyValues("brane.rpc.url=ftp://node.example/v3/SECRET-API-KEY").run((context) -> {
            Throwable failure = context.getStartupFailure();
            assertThat(failure).rootCause()
                .isInstanceOf(BraneUrlSyntaxException.class)
                .hasMessageContaining("scheme 'ftp' is not supported")
                .hasMessageNotContaining("SECRET-API-KEY");
            String report = FailureAnalysisSupport.report(failure);
            assertThat(report).contains("brane.rpc.url", "ftp://node.example/<hidden>", "ws://", "https://")
                .doesNotContain("SECRET-API-KEY");
        });
        this.runner.withPropertyValues("brane.rpc.url=ws://bad host/SECRET-API-KEY").run((context) -> {
            assertThat(context.getStartupFailure()).rootCause()
                .isInstanceOf(BraneUrlSyntaxException.class)
                .hasMessageContaining("not a valid URI")
                .hasMessageNotContaining("SECRET-API-KEY");
        });
        this.runner.withPropertyValues("brane.rpc.url=localhost:8545").run((context) -> {
            assertThat(context.getStartupFailure()).rootCause()
                .isInstanceOf(BraneUrlSyntaxException.class)
                .hasMessageContaining("not supported");
        });
        this.runner.withPropertyValues("brane.rpc.url=http:///path-only").run((context) -> {
            assertThat(context.getStartupFailure()).rootCause()
                .isInstanceOf(BraneUrlSyntaxException.class)
                .hasMessageContaining("names no host");
        });
    }

    @Test
    void malformedPrivateKeyFailsWithoutShowingTheKey() {
        String almostKey = DEV_KEY_0.substring(0, 64) + "zz";
        this.runner.withPropertyValues("brane.signer.private-key=" + almostKey).run((context) -> {
            Throwable failure = context.getStartupFailure();
            assertThat(failure).rootCause()
                .isInstanceOf(InvalidBranePropertyException.class)
                .hasMessageContaining("brane.signer.private-key")
                .hasMessageContaining("******");
            String report = FailureAnalysisSupport.report(failure);
            assertThat(report).contains("brane.signer.private-key", "not valid hex");
            for (Throwable t = failure; t != null; t = t.getCause()) {
                assertThat(String.valueOf(t.getMessage())).doesNotContain(almostKey)
                    .doesNotContain(almostKey.substring(2, 40));
            }
            assertThat(report).doesNotContain(almostKey.substring(2, 40));
        });
        this.runner.withPropertyValues("brane.signer.private-key=0x1234").run((context) -> assertThat(
                context.getStartupFailure())
            .rootCause()
            .hasMessageContaining("64 hex digits")
            .hasMessageNotContaining("1234"));
    }

    @Test
    void chainIdMismatchFoundAfterStartUpClosesTheProviderAndIsRecorded() {
        // start-up does not wait for the node: the check runs once it is reached, and a mismatch keeps it out of use
        this.runner.withPropertyValues("brane.rpc.url=" + anvil.wsUrl(), "brane.rpc.expected-chain-id=1")
            .run((context) -> {
                assertThat(context).hasNotFailed();
                BraneChainIdVerdicts verdicts = context.getBean(BraneChainIdVerdicts.class);
                BraneStartupWithoutNodeTests.awaitTrue(() -> !verdicts.mismatches("default").isEmpty());
                assertThat(verdicts.mismatches("default"))
                    .containsExactly(Map.entry("default", "chain id 31337, expected 1 (brane.rpc.expected-chain-id)"));
                BraneProvider provider = context.getBean(BraneProvider.class);
                BraneStartupWithoutNodeTests.awaitTrue(() -> provider.status().stream().noneMatch(
                        sh.brane.rpc.EndpointStatus::inRotation));
                assertThatThrownBy(() -> provider.send("eth_blockNumber", List.of()))
                    .isInstanceOf(sh.brane.rpc.BraneRpcException.class);
            });
    }

    @Test
    void chainIdMismatchKnownFromConfigurationFailsStartUpWithAReport() {
        this.runner
            .withConfiguration(AutoConfigurations.of(
                    sh.brane.spring.boot.autoconfigure.devnet.BraneDevnetAutoConfiguration.class))
            .withPropertyValues("brane.devnet.enabled=true", "brane.devnet.in-tests=true",
                    "brane.devnet.chain-id=31337", "brane.rpc.expected-chain-id=1")
            .run((context) -> {
                assertThat(context).hasFailed();
                assertThat(FailureAnalysisSupport.report(context.getStartupFailure())).contains(
                        "brane.devnet.chain-id", "31337", "brane.rpc.expected-chain-id");
                assertThat(context.getStartupFailure()).rootCause()
                    .isInstanceOf(InvalidConfigurationPropertyValueException.class);
            });
    }

    @Test
    void matchingChainIdStarts() {
        this.runner.withPropertyValues("brane.rpc.url=" + anvil.httpUrl(), "brane.rpc.expected-chain-id=31337")
            .run((context) -> assertThat(context).hasNotFailed().hasSingleBean(BraneProvider.class));
    }

    // ------------------------------------------------------------------ signer

    @Test
    void privateKeySigner() {
        this.runner.withPropertyValues("brane.signer.private-key=" + DEV_KEY_0, PINNED_CHAIN)
            .run((context) -> assertThat(context.getBean(PrivateKey.class).address().toHex())
                .isEqualToIgnoringCase(DEV_ADDRESS_0));
    }

    @Test
    void mnemonicSignerWithAccountIndex() {
        this.runner.withPropertyValues("brane.signer.mnemonic=" + DEV_MNEMONIC, "brane.signer.account-index=1",
                PINNED_CHAIN)
            .run((context) -> assertThat(context.getBean(PrivateKey.class).address().toHex())
                .isEqualToIgnoringCase(DEV_ADDRESS_1));
    }

    @Test
    void keystoreSigner(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("keystore.json");
        Files.writeString(file, Keystore.encrypt(PrivateKey.fromHex(DEV_KEY_0), "pw".toCharArray(),
                Keystore.Kdf.LIGHT, new SecureRandom()));
        this.runner.withPropertyValues("brane.signer.keystore=file:" + file, "brane.signer.keystore-password=pw",
                PINNED_CHAIN)
            .run((context) -> assertThat(context.getBean(PrivateKey.class).address().toHex())
                .isEqualToIgnoringCase(DEV_ADDRESS_0));
        this.runner.withPropertyValues("brane.signer.keystore=file:" + file, "brane.signer.keystore-password=nope")
            .run((context) -> assertThat(context.getStartupFailure()).rootCause()
                .isInstanceOf(InvalidBranePropertyException.class)
                .hasMessageContaining("brane.signer.keystore-password")
                .hasMessageNotContaining("nope"));
    }

    @Test
    void invalidMnemonicAndTwoSignerSourcesFail() {
        this.runner.withPropertyValues("brane.signer.mnemonic=test test test test test test test test test test "
                + "test test")
            .run((context) -> assertThat(context.getStartupFailure()).rootCause()
                .isInstanceOf(InvalidBranePropertyException.class)
                .hasMessageContaining("brane.signer.mnemonic")
                .hasMessageNotContaining("test test"));
        this.runner.withPropertyValues("brane.signer.mnemonic=" + DEV_MNEMONIC, "brane.signer.private-key=" + DEV_KEY_0)
            .run((context) -> assertThat(context.getStartupFailure()).rootCause()
                .isInstanceOf(InvalidBranePropertyException.class)
                .hasMessageContaining("exactly one of"));
    }

    @Test
    void signerKeyIsZeroedOnClose() {
        PrivateKey[] key = new PrivateKey[1];
        this.runner.withPropertyValues("brane.signer.private-key=" + DEV_KEY_0, PINNED_CHAIN)
            .run((context) -> key[0] = context.getBean(PrivateKey.class));
        assertThat(key[0].isDestroyed()).isTrue();
    }

    // ------------------------------------------------------------------ clients

    @Test
    void typedClientOverTheProviderAndNoSigningClientWithoutSigner() {
        this.runner.withPropertyValues("brane.rpc.url=" + anvil.httpUrl(), "brane.client.poll-interval=100ms")
            .run((context) -> {
                BraneClient client = context.getBean(BraneClient.class);
                assertThat(client.provider()).isSameAs(context.getBean(BraneProvider.class));
                assertThat(client.chainId()).isEqualTo(31337);
                assertThat(context).doesNotHaveBean(SigningClient.class);
            });
    }

    @Test
    void signingClientWhenSignerConfigured() {
        this.runner
            .withPropertyValues("brane.rpc.url=" + anvil.httpUrl(), "brane.signer.private-key=" + DEV_KEY_0,
                    "brane.client.gas-margin-percent=50", "brane.client.receipt-timeout=10s", PINNED_CHAIN)
            .run((context) -> {
                SigningClient wallet = context.getBean(SigningClient.class);
                assertThat(wallet.address().toHex()).isEqualToIgnoringCase(DEV_ADDRESS_0);
                assertThat(wallet.client()).isSameAs(context.getBean(BraneClient.class));
            });
    }

    @Test
    void signerWithoutNodeGivesNoClients() {
        this.runner.withPropertyValues("brane.signer.private-key=" + DEV_KEY_0, PINNED_CHAIN)
            .run((context) -> assertThat(context).hasSingleBean(PrivateKey.class)
                .doesNotHaveBean(BraneClient.class)
                .doesNotHaveBean(SigningClient.class));
    }

    @Test
    void userClientWins() {
        this.runner.withPropertyValues("brane.rpc.url=http://localhost:1")
            .withBean("myClient", BraneClient.class,
                    () -> new BraneClient(HttpProvider.create("http://localhost:2")))
            .run((context) -> assertThat(context).hasSingleBean(BraneClient.class).hasBean("myClient"));
    }

    @Test
    void badClientSettingsNameTheirProperty() {
        this.runner
            .withPropertyValues("brane.rpc.url=http://localhost:1", "brane.signer.private-key=" + DEV_KEY_0,
                    "brane.client.gas-margin-percent=5000", PINNED_CHAIN)
            .run((context) -> assertThat(context.getStartupFailure()).rootCause()
                .isInstanceOf(InvalidConfigurationPropertyValueException.class)
                .hasMessageContaining("brane.client.gas-margin-percent")
                .hasMessageContaining("5000"));
    }

    // ------------------------------------------------------------------ fallback over several endpoints

    @Test
    void endpointsCreateFallbackProviderWithPerEndpointMetrics() {
        this.runner.withConfiguration(AutoConfigurations.of(BraneMetricsAutoConfiguration.class,
                BraneHealthContributorAutoConfiguration.class))
            .withBean(MeterRegistry.class, SimpleMeterRegistry::new)
            .withPropertyValues("brane.rpc.endpoints[0].name=primary", "brane.rpc.endpoints[0].url=" + anvil.wsUrl(),
                    "brane.rpc.endpoints[1].name=backup", "brane.rpc.endpoints[1].url=" + anvil.httpUrl(),
                    "brane.rpc.endpoints[1].headers.X-Api-Key=b", "brane.rpc.fallback.failure-threshold=2",
                    "brane.rpc.fallback.probe-interval=1s")
            .run((context) -> {
                BraneProvider provider = NodeWait.connected(context.getBean(BraneProvider.class));
                assertThat(DecoratedBraneProvider.unwrap(provider)).isInstanceOf(FallbackProvider.class);
                for (int i = 0; i < 4; i++) {
                    assertThat(provider.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69");
                }
                MeterRegistry registry = context.getBean(MeterRegistry.class);
                double calls = registry.find("brane.rpc.requests").tag("method", "eth_chainId").timers().stream()
                    .mapToDouble((t) -> t.count()).sum();
                assertThat(calls).isEqualTo(4);
                assertThat(registry.get("brane.rpc.requests.pending").tag("endpoint", "primary").gauge()).isNotNull();
                assertThat(registry.get("brane.rpc.requests.pending").tag("endpoint", "backup").gauge()).isNotNull();
                assertThat(registry.get("brane.ws.ringbuffer.remaining").tag("endpoint", "primary").gauge())
                    .isNotNull();
                var health = context.getBean(BraneHealthIndicator.class).health(true);
                assertThat(health.getStatus().getCode()).isEqualTo("UP");
                assertThat(health.getDetails().get("endpoints"))
                    .isEqualTo(Map.of("primary", "in rotation", "backup", "in rotation"));
            });
    }

    @Test
    void endpointsAndUrlTogetherFail() {
        this.runner
            .withPropertyValues("brane.rpc.url=http://localhost:1", "brane.rpc.endpoints[0].name=a",
                    "brane.rpc.endpoints[0].url=http://localhost:2")
            .run((context) -> assertThat(context.getStartupFailure()).rootCause()
                .isInstanceOf(InvalidConfigurationPropertyValueException.class)
                .hasMessageContaining("either brane.rpc.url or brane.rpc.endpoints"));
    }

    @Test
    void endpointsNeedDistinctNames() {
        this.runner
            .withPropertyValues("brane.rpc.endpoints[0].name=a", "brane.rpc.endpoints[0].url=http://localhost:1",
                    "brane.rpc.endpoints[1].name=a", "brane.rpc.endpoints[1].url=http://localhost:2")
            .run((context) -> assertThat(context.getStartupFailure()).rootCause()
                .isInstanceOf(InvalidConfigurationPropertyValueException.class)
                .hasMessageContaining("brane.rpc.endpoints[1].name"));
        this.runner
            .withPropertyValues("brane.rpc.endpoints[0].url=http://localhost:1")
            .run((context) -> assertThat(context.getStartupFailure()).rootCause()
                .isInstanceOf(InvalidConfigurationPropertyValueException.class)
                .hasMessageContaining("brane.rpc.endpoints[0].name"));
    }

    // ------------------------------------------------------------------ metrics, health, actuator, devnet

    @Test
    void metricsFactoryWhenMeterRegistryPresent() {
        this.runner.withConfiguration(AutoConfigurations.of(BraneMetricsAutoConfiguration.class))
            .withBean(MeterRegistry.class, SimpleMeterRegistry::new)
            .withPropertyValues("brane.rpc.url=http://localhost:1", "brane.rpc.name=primary")
            .run((context) -> {
                assertThat(context).hasSingleBean(BraneMetricsFactory.class);
                MeterRegistry registry = context.getBean(MeterRegistry.class);
                assertThat(registry.get("brane.rpc.requests.pending").tag("endpoint", "primary").gauge().value())
                    .isZero();
                assertThat(registry.get("brane.rpc.batch.size").tags("transport", "http", "endpoint", "primary")
                    .summary().count()).isZero();
                // WebSocket-only meters are not registered for HTTP
                assertThat(registry.find("brane.ws.ringbuffer.remaining").gauge()).isNull();
            });
    }

    @Test
    void metricsOffByProperty() {
        this.runner.withConfiguration(AutoConfigurations.of(BraneMetricsAutoConfiguration.class))
            .withBean(MeterRegistry.class, SimpleMeterRegistry::new)
            .withPropertyValues("brane.rpc.url=http://localhost:1", "brane.metrics.enabled=false")
            .run((context) -> {
                assertThat(context).doesNotHaveBean(BraneMetricsFactory.class);
                assertThat(context.getBean(MeterRegistry.class).find("brane.rpc.requests.pending").gauge()).isNull();
            });
    }

    @Test
    void metricsNeedAMeterRegistry() {
        this.runner.withConfiguration(AutoConfigurations.of(BraneMetricsAutoConfiguration.class))
            .withPropertyValues("brane.rpc.url=http://localhost:1")
            .run((context) -> assertThat(context).doesNotHaveBean(BraneMetricsFactory.class));
    }

    @Test
    void healthContributorNamedBrane() {
        this.runner.withConfiguration(AutoConfigurations.of(BraneHealthContributorAutoConfiguration.class))
            .withPropertyValues("brane.rpc.url=http://localhost:1")
            .run((context) -> assertThat(context).hasSingleBean(BraneHealthIndicator.class)
                .hasBean("braneHealthContributor"));
    }

    @Test
    void healthContributorOffByProperty() {
        this.runner.withConfiguration(AutoConfigurations.of(BraneHealthContributorAutoConfiguration.class))
            .withPropertyValues("brane.rpc.url=http://localhost:1", "management.health.brane.enabled=false")
            .run((context) -> assertThat(context).doesNotHaveBean(BraneHealthIndicator.class));
    }

    @Test
    void healthContributorAbsentWhenInert() {
        this.runner.withConfiguration(AutoConfigurations.of(BraneHealthContributorAutoConfiguration.class))
            .run((context) -> assertThat(context).doesNotHaveBean(BraneHealthIndicator.class));
    }

    @Test
    void sanitizingFunctionRegistered() {
        this.runner.withConfiguration(AutoConfigurations.of(BraneSanitizingAutoConfiguration.class))
            .run((context) -> assertThat(context).hasSingleBean(SanitizingFunction.class));
    }

    @Test
    void devnetStartsAnvilConnectsToItAndStopsIt() {
        Anvil[] started = new Anvil[1];
        this.runner.withConfiguration(AutoConfigurations.of(BraneDevnetAutoConfiguration.class))
            .withPropertyValues("brane.devnet.in-tests=true", "brane.devnet.chain-id=1337",
                    "brane.rpc.url=http://ignored.example")
            .run((context) -> {
                started[0] = context.getBean(Anvil.class);
                assertThat(started[0].isRunning()).isTrue();
                assertThat(context).doesNotHaveBean(PropertiesBraneConnectionDetails.class);
                BraneProvider provider = context.getBean(BraneProvider.class);
                assertThat(DecoratedBraneProvider.unwrap(provider)).isInstanceOf(WebSocketProvider.class);
                assertThat(provider.send("eth_chainId", List.of()).asString()).isEqualTo("0x539");
            });
        assertThat(started[0].isRunning()).isFalse();
    }

    @Test
    void devnetBacksOffForAConnectionDetailsBean() {
        this.runner.withConfiguration(AutoConfigurations.of(BraneDevnetAutoConfiguration.class))
            .withPropertyValues("brane.devnet.in-tests=true")
            .withBean(BraneConnectionDetails.class, () -> () -> anvil.httpUrl())
            .run((context) -> assertThat(context).hasNotFailed()
                .doesNotHaveBean(Anvil.class)
                .hasSingleBean(BraneProvider.class));
    }

    @Test
    void devnetBlockTimeIsADurationAndABareNumberStaysSeconds() {
        this.runner.withPropertyValues("brane.devnet.block-time=2")
            .run((context) -> assertThat(context.getBean(BraneProperties.class).getDevnet().getBlockTime())
                .isEqualTo(Duration.ofSeconds(2)));
        this.runner.withPropertyValues("brane.devnet.block-time=3s")
            .run((context) -> assertThat(context.getBean(BraneProperties.class).getDevnet().getBlockTime())
                .isEqualTo(Duration.ofSeconds(3)));
        this.runner.withConfiguration(AutoConfigurations.of(BraneDevnetAutoConfiguration.class))
            .withPropertyValues("brane.devnet.in-tests=true", "brane.devnet.block-time=1500ms")
            .run((context) -> {
                assertThat(context.getStartupFailure()).rootCause()
                    .isInstanceOf(InvalidConfigurationPropertyValueException.class)
                    .hasMessageContaining("brane.devnet.block-time")
                    .hasMessageContaining("whole number of seconds");
                assertThat(FailureAnalysisSupport.report(context.getStartupFailure()))
                    .contains("brane.devnet.block-time", "PT1.5S", "whole number of seconds");
            });
    }

    @Test
    void devnetOffByDefault() {
        this.runner.withConfiguration(AutoConfigurations.of(BraneDevnetAutoConfiguration.class))
            .run((context) -> assertThat(context).doesNotHaveBean(Anvil.class).doesNotHaveBean(BraneProvider.class));
    }

    @Configuration(proxyBeanMethods = false)
    static class OrderedCustomizers {

        final List<String> calls = new CopyOnWriteArrayList<>();

        final List<String> wsCalls = new CopyOnWriteArrayList<>();

        // declared in reverse order: @Order, not declaration order, decides
        @Bean
        @Order(2)
        HttpConfigCustomizer second() {
            return (builder) -> {
                this.calls.add("second");
                builder.name("second");
            };
        }

        @Bean
        @Order(1)
        HttpConfigCustomizer first() {
            return (builder) -> {
                this.calls.add("first");
                builder.name("first");
            };
        }

        @Bean
        @Order(2)
        WebSocketConfigCustomizer wsSecond() {
            return (builder) -> {
                this.wsCalls.add("second");
                builder.ringBufferSize(64);
            };
        }

        @Bean
        @Order(1)
        WebSocketConfigCustomizer wsFirst() {
            return (builder) -> {
                this.wsCalls.add("first");
                builder.ringBufferSize(32);
            };
        }
    }
}
