package sh.brane.spring.boot.autoconfigure.observation;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import sh.brane.devnet.Anvil;
import sh.brane.rpc.BraneProvider;
import sh.brane.rpc.EndpointStatus;
import sh.brane.rpc.Subscription;
import sh.brane.rpc.SubscriptionListener;
import sh.brane.spring.boot.autoconfigure.BraneAutoConfiguration;
import sh.brane.spring.boot.autoconfigure.DecoratedBraneProvider;
import sh.brane.spring.boot.autoconfigure.NodeWait;
import sh.brane.spring.boot.autoconfigure.health.BraneHealthContributorAutoConfiguration;
import sh.brane.spring.boot.autoconfigure.health.BraneHealthIndicator;
import sh.brane.spring.boot.autoconfigure.metrics.BraneMetricsAutoConfiguration;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * With observations on, every endpoint of {@code brane.rpc.endpoints} is wrapped by the observation decorator:
 * the fallback, the health indicator and the metrics must still see what each endpoint can do (subscribe) and
 * how it is (connected, in rotation), through capabilities rather than its concrete type.
 */
class ObservedFallbackTests {

    static Anvil anvil;

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(BraneAutoConfiguration.class, BraneObservationAutoConfiguration.class,
                BraneMetricsAutoConfiguration.class, BraneHealthContributorAutoConfiguration.class))
        .withBean(MeterRegistry.class, SimpleMeterRegistry::new)
        .withBean(ObservationRegistry.class, ObservationRegistry::create);

    @BeforeAll
    static void startAnvil() {
        anvil = Anvil.start();
    }

    @AfterAll
    static void stopAnvil() {
        anvil.close();
    }

    @Test
    void aFallbackOfObservedEndpointsSubscribesAndUnsubscribes() {
        this.runner
            .withPropertyValues("brane.observation.enabled=true", "brane.rpc.endpoints[0].name=archive",
                    "brane.rpc.endpoints[0].url=" + anvil.httpUrl(), "brane.rpc.endpoints[1].name=live",
                    "brane.rpc.endpoints[1].url=" + anvil.wsUrl())
            .run((context) -> {
                BraneProvider provider = NodeWait.connected(context.getBean(BraneProvider.class));
                CompletableFuture<JsonNode> head = new CompletableFuture<>();
                Subscription subscription = provider
                    .subscribe(List.of("newHeads"), (SubscriptionListener) head::complete)
                    .get(10, TimeUnit.SECONDS);
                provider.send("evm_mine", List.of());
                assertThat(head.get(10, TimeUnit.SECONDS).path("number").asString()).startsWith("0x");
                assertThat(provider.unsubscribe(subscription).get(10, TimeUnit.SECONDS)).isTrue();
            });
    }

    @Test
    void subscriptionsHealthAndMetricsWorkThroughTheObservationDecorator() {
        this.runner
            .withPropertyValues("brane.observation.enabled=true", "brane.rpc.endpoints[0].name=archive",
                    "brane.rpc.endpoints[0].url=" + anvil.httpUrl(), "brane.rpc.endpoints[1].name=live",
                    "brane.rpc.endpoints[1].url=" + anvil.wsUrl())
            .run((context) -> {
                BraneProvider provider = NodeWait.connected(context.getBean(BraneProvider.class));
                assertThat(provider.canSubscribe()).isTrue();
                assertThat(provider.status()).extracting(EndpointStatus::name, EndpointStatus::transport,
                        EndpointStatus::connected, EndpointStatus::inRotation)
                    .containsExactly(
                            org.assertj.core.groups.Tuple.tuple("archive", EndpointStatus.Transport.HTTP, true, true),
                            org.assertj.core.groups.Tuple.tuple("live", EndpointStatus.Transport.WS, true, true));

                CompletableFuture<JsonNode> head = new CompletableFuture<>();
                Subscription subscription = provider
                    .subscribe(List.of("newHeads"), (SubscriptionListener) head::complete)
                    .get(10, TimeUnit.SECONDS);
                provider.send("evm_mine", List.of());
                assertThat(head.get(10, TimeUnit.SECONDS).path("number").asString()).startsWith("0x");
                assertThat(provider.unsubscribe(subscription).get(10, TimeUnit.SECONDS)).isTrue();

                Map<String, Object> details = context.getBean(BraneHealthIndicator.class).health(true).getDetails();
                assertThat(details).containsEntry("endpoints", Map.of("archive", "in rotation", "live", "in rotation"));
                // the WebSocket endpoint's own gauges are registered, although it sits under a decorator
                assertThat(context.getBean(MeterRegistry.class)
                    .get("brane.ws.subscriptions.active")
                    .tag("endpoint", "live")
                    .gauge()
                    .value()).isZero();
            });
    }

    @Test
    void aSingleObservedWebSocketReportsItsStatus() {
        this.runner
            .withPropertyValues("brane.observation.enabled=true", "brane.rpc.url=" + anvil.wsUrl(),
                    "brane.rpc.name=solo")
            .run((context) -> {
                BraneProvider provider = NodeWait.connected(context.getBean(BraneProvider.class));
                assertThat(((DecoratedBraneProvider) provider).getDelegate()).isInstanceOf(ObservationBraneProvider.class);
                assertThat(provider.canSubscribe()).isTrue();
                assertThat(provider.status()).singleElement()
                    .satisfies((status) -> assertThat(status.name()).isEqualTo("solo"))
                    .satisfies((status) -> assertThat(status.connected()).isTrue());
                Map<String, Object> details = context.getBean(BraneHealthIndicator.class).health(true).getDetails();
                assertThat(details).containsEntry("endpoint", "solo")
                    .containsEntry("transport", "ws")
                    .containsEntry("connection", "connected");
            });
    }
}
