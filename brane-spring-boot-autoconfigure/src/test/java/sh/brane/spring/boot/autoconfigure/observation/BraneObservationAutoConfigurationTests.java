package sh.brane.spring.boot.autoconfigure.observation;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import sh.brane.devnet.Anvil;
import sh.brane.rpc.BraneProvider;
import sh.brane.rpc.RpcCall;
import sh.brane.rpc.RpcErrorException;
import sh.brane.rpc.WebSocketProvider;
import sh.brane.spring.boot.autoconfigure.BraneAutoConfiguration;
import sh.brane.spring.boot.autoconfigure.BraneProviderDecorator;
import sh.brane.spring.boot.autoconfigure.DecoratedBraneProvider;
import sh.brane.spring.boot.autoconfigure.NodeWait;
import sh.brane.spring.boot.autoconfigure.health.BraneHealthContributorAutoConfiguration;
import sh.brane.spring.boot.autoconfigure.health.BraneHealthIndicator;
import sh.brane.spring.boot.autoconfigure.metrics.BraneMetricsAutoConfiguration;

import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class BraneObservationAutoConfigurationTests {

    static Anvil anvil;

    private final Recorder recorder = new Recorder();

    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();

    // the meter handler Boot's MetricsAutoConfiguration registers: it turns each observation into its timer
    private final ApplicationContextRunner runner = new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(BraneAutoConfiguration.class, BraneObservationAutoConfiguration.class,
                BraneMetricsAutoConfiguration.class, BraneHealthContributorAutoConfiguration.class))
        .withBean(MeterRegistry.class, () -> this.meters)
        .withBean(ObservationRegistry.class, () -> {
            ObservationRegistry registry = ObservationRegistry.create();
            registry.observationConfig().observationHandler(this.recorder);
            registry.observationConfig().observationHandler(new DefaultMeterObservationHandler(this.meters));
            return registry;
        });

    @BeforeAll
    static void startAnvil() {
        anvil = Anvil.start();
    }

    @AfterAll
    static void stopAnvil() {
        anvil.close();
    }

    @Test
    void onByDefaultAndOffByTheDeprecatedProperty() {
        this.runner.withPropertyValues("brane.rpc.url=" + anvil.wsUrl()).run((context) -> {
            assertThat(context).hasSingleBean(BraneProviderDecorator.class);
            assertThat(outer(context.getBean(BraneProvider.class))).isInstanceOf(ObservationBraneProvider.class);
        });
        this.runner.withPropertyValues("brane.rpc.url=" + anvil.wsUrl(), "brane.observation.enabled=false")
            .run((context) -> {
                assertThat(context).doesNotHaveBean(BraneProviderDecorator.class);
                assertThat(outer(context.getBean(BraneProvider.class))).isInstanceOf(WebSocketProvider.class);
            });
    }

    @Test
    void managementObservationsEnableBraneFalseTurnsThemOff() {
        new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(BraneAutoConfiguration.class,
                    BraneObservationAutoConfiguration.class,
                    org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration.class))
            .withBean(Recorder.class, () -> this.recorder)
            .withPropertyValues("brane.rpc.url=" + anvil.wsUrl(), "management.observations.enable.brane=false")
            .run((context) -> {
                context.getBean(ObservationRegistry.class).observationConfig().observationHandler(this.recorder);
                NodeWait.connected(context.getBean(BraneProvider.class)).send("eth_chainId", List.of());
                Thread.sleep(100);
                assertThat(this.recorder.stopped).isEmpty();
            });
    }

    @Test
    void aConventionBeanReplacesTheDefault() {
        this.runner.withPropertyValues("brane.rpc.url=" + anvil.wsUrl())
            .withBean(BraneObservationConvention.class, () -> new DefaultBraneObservationConvention() {
                @Override
                public String getName() {
                    return "payments.node.call";
                }
            })
            .run((context) -> {
                NodeWait.connected(context.getBean(BraneProvider.class)).send("eth_chainId", List.of());
                awaitStopped(1);
                assertThat(find("eth_chainId").getName()).isEqualTo("payments.node.call");
            });
    }

    @Test
    void callbacksKeepTheCallersTraceContext() {
        this.runner.withPropertyValues("brane.rpc.url=" + anvil.wsUrl()).run((context) -> {
            ObservationRegistry registry = context.getBean(ObservationRegistry.class);
            BraneProvider provider = NodeWait.connected(context.getBean(BraneProvider.class));
            Observation parent = Observation.start("payment", registry);
            java.util.concurrent.atomic.AtomicReference<Observation> seen = new java.util.concurrent.atomic.AtomicReference<>();
            java.util.concurrent.CompletableFuture<JsonNode> call;
            try (Observation.Scope scope = parent.openScope()) {
                call = provider.sendAsync("eth_blockNumber", List.of())
                    .whenComplete((result, failure) -> seen.set(registry.getCurrentObservation()));
            }
            call.join();
            parent.stop();
            assertThat(seen.get()).isSameAs(parent);
            // the call's own observation is a child of the caller's
            awaitStopped(2);
            assertThat(find("eth_blockNumber").getParentObservation()).isSameAs(parent);
        });
    }

    @Test
    void everyCallIsAnObservationAndMetricsAndHealthStillWork() {
        this.runner
            .withPropertyValues("brane.rpc.url=" + anvil.wsUrl(), "brane.rpc.name=traced")
            .run((context) -> {
                BraneProvider provider = NodeWait.connected(context.getBean(BraneProvider.class));
                assertThat(outer(provider)).isInstanceOf(ObservationBraneProvider.class);
                assertThat(DecoratedBraneProvider.unwrap(provider)).isInstanceOf(WebSocketProvider.class);

                provider.send("eth_blockNumber", List.of());
                provider.sendBatch(List.of(RpcCall.of("eth_chainId"), RpcCall.of("eth_gasPrice")))
                    .forEach(java.util.concurrent.CompletableFuture::join);
                assertThatExceptionOfType(RpcErrorException.class)
                    .isThrownBy(() -> provider.send("brane_noSuchMethod", List.of()));

                awaitStopped(4);
                Observation.Context read = find("eth_blockNumber");
                assertThat(read.getName()).isEqualTo(ObservationBraneProvider.NAME);
                assertThat(read.getContextualName()).isEqualTo("eth_blockNumber");
                // the keys are the brane.rpc.requests meters' tags
                assertThat(read.getLowCardinalityKeyValue("method").getValue()).isEqualTo("eth_blockNumber");
                assertThat(read.getLowCardinalityKeyValue("endpoint").getValue()).isEqualTo("traced");
                assertThat(read.getLowCardinalityKeyValue("transport").getValue()).isEqualTo("ws");
                assertThat(read.getLowCardinalityKeyValue("chain").getValue()).isEqualTo("default");
                assertThat(read.getLowCardinalityKeyValue("outcome").getValue()).isEqualTo("SUCCESS");
                assertThat(read.getError()).isNull();
                assertThat(find("eth_chainId")).isNotNull();
                assertThat(find("eth_gasPrice")).isNotNull();
                Observation.Context failed = find("brane_noSuchMethod");
                assertThat(failed.getError()).isInstanceOf(RpcErrorException.class);
                assertThat(failed.getLowCardinalityKeyValue("outcome").getValue()).isEqualTo("RPC_ERROR");

                // the observation is the call's one timer, under the meters' name
                assertThat(context.getBean(MeterRegistry.class)
                    .get("brane.rpc.requests")
                    .tags("method", "eth_blockNumber", "endpoint", "traced")
                    .timer()
                    .count()).isEqualTo(1);
                assertThat(context.getBean(BraneHealthIndicator.class).health(true).getDetails())
                    .containsEntry("connection", "connected");
            });
    }

    @Test
    void everyObservationCarriesItsChainAsTheMetersDo() {
        this.runner
            .withPropertyValues("brane.chains.l1.rpc.url=" + anvil.httpUrl(), "brane.chains.base.rpc.url="
                    + anvil.httpUrl())
            .run((context) -> {
                context.getBean("l1BraneProvider", BraneProvider.class).send("eth_blockNumber", List.of());
                context.getBean("baseBraneProvider", BraneProvider.class).send("eth_gasPrice", List.of());
                awaitStopped(2);
                Observation.Context onL1 = find("eth_blockNumber");
                Observation.Context onBase = find("eth_gasPrice");
                assertThat(onL1.getLowCardinalityKeyValue("chain").getValue()).isEqualTo("l1");
                assertThat(onL1.getLowCardinalityKeyValue("endpoint").getValue()).isEqualTo("l1");
                assertThat(onBase.getLowCardinalityKeyValue("chain").getValue()).isEqualTo("base");
                assertThat(((BraneObservationContext) onBase).getChain()).isEqualTo("base");
                // the same value as the meters' chain tag
                MeterRegistry meters = context.getBean(MeterRegistry.class);
                assertThat(meters.get("brane.rpc.requests").tags("chain", "l1", "method", "eth_blockNumber").timer()
                    .count()).isEqualTo(1);
                assertThat(meters.get("brane.rpc.requests").tags("chain", "base", "method", "eth_gasPrice").timer()
                    .count()).isEqualTo(1);
            });
    }

    @Test
    void aProviderOutsideTheAutoConfigurationHasTheMetersDefaultChain() {
        BraneObservationContext context = new BraneObservationContext("eth_call", "mine", "http");
        assertThat(new DefaultBraneObservationConvention().getLowCardinalityKeyValues(context).stream()
            .map(io.micrometer.common.KeyValue::getKey)).containsExactlyInAnyOrder("chain", "method", "endpoint",
                    "transport");
        assertThat(new DefaultBraneObservationConvention().getLowCardinalityKeyValues(context).stream()
            .filter((key) -> key.getKey().equals("chain"))).singleElement()
            .satisfies((key) -> assertThat(key.getValue()).isEqualTo("default"));
    }

    /** Under the shutdown gate every auto-configured provider has. */
    private static BraneProvider outer(BraneProvider provider) {
        return ((DecoratedBraneProvider) provider).getDelegate();
    }

    private Observation.Context find(String method) {
        return this.recorder.stopped.stream()
            .filter((c) -> method.equals(c.getContextualName()) && c instanceof BraneObservationContext)
            .findFirst()
            .orElseThrow(() -> new AssertionError("no observation for " + method));
    }

    private void awaitStopped(int count) throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (this.recorder.stopped.size() < count && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(this.recorder.stopped).hasSizeGreaterThanOrEqualTo(count);
    }

    static final class Recorder implements ObservationHandler<Observation.Context> {

        final List<Observation.Context> stopped = new CopyOnWriteArrayList<>();

        @Override
        public void onStop(Observation.Context context) {
            this.stopped.add(context);
        }

        @Override
        public boolean supportsContext(Observation.Context context) {
            return true;
        }
    }
}
