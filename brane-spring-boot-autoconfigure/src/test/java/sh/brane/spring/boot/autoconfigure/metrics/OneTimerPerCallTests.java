package sh.brane.spring.boot.autoconfigure.metrics;

import java.util.List;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration;
import org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import sh.brane.devnet.Anvil;
import sh.brane.rpc.BraneProvider;
import sh.brane.rpc.RpcErrorException;
import sh.brane.spring.boot.autoconfigure.BraneAutoConfiguration;
import sh.brane.spring.boot.autoconfigure.observation.BraneObservationAutoConfiguration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * One call, one timer sample: with Boot's observation and metrics auto-configurations the observation's meter
 * handler records {@code brane.rpc.requests}, and nothing else times the call; without an ObservationRegistry the
 * plain meter does, under the same name and tags.
 */
class OneTimerPerCallTests {

    static Anvil anvil;

    private final ApplicationContextRunner withoutObservations = new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(MetricsAutoConfiguration.class,
                CompositeMeterRegistryAutoConfiguration.class, SimpleMetricsExportAutoConfiguration.class,
                BraneMetricsAutoConfiguration.class, BraneAutoConfiguration.class));

    private final ApplicationContextRunner withObservations = this.withoutObservations
        .withConfiguration(AutoConfigurations.of(ObservationAutoConfiguration.class,
                BraneObservationAutoConfiguration.class));

    @BeforeAll
    static void startAnvil() {
        anvil = Anvil.start();
    }

    @AfterAll
    static void stopAnvil() {
        anvil.close();
    }

    @Test
    void anObservedCallIsTimedOnceUnderTheMetersName() {
        this.withObservations.withPropertyValues("brane.rpc.url=" + anvil.httpUrl(), "brane.rpc.name=node")
            .run((context) -> {
                BraneProvider provider = context.getBean(BraneProvider.class);
                provider.send("eth_chainId", List.of());
                assertThatExceptionOfType(RpcErrorException.class)
                    .isThrownBy(() -> provider.send("brane_noSuchMethod", List.of()));
                MeterRegistry registry = context.getBean(MeterRegistry.class);
                assertOneSampleEach(registry);
                assertThat(registry.find("brane.rpc.call").meters()).isEmpty();
                // Boot's meter handler adds its own "error" tag to the meters' tags
                Timer failed = registry.get("brane.rpc.requests").tag("method", "brane_noSuchMethod").timer();
                assertThat(failed.getId().getTag("error")).isEqualTo("RpcErrorException");
            });
    }

    @Test
    void withoutObservationsThePlainMeterTimesEachCallOnce() {
        this.withoutObservations.withPropertyValues("brane.rpc.url=" + anvil.httpUrl(), "brane.rpc.name=node")
            .run((context) -> {
                BraneProvider provider = context.getBean(BraneProvider.class);
                provider.send("eth_chainId", List.of());
                assertThatExceptionOfType(RpcErrorException.class)
                    .isThrownBy(() -> provider.send("brane_noSuchMethod", List.of()));
                assertOneSampleEach(context.getBean(MeterRegistry.class));
            });
    }

    @Test
    void withBootsObservationSwitchOffThePlainMeterTimesTheCalls() {
        this.withObservations
            .withPropertyValues("brane.rpc.url=" + anvil.httpUrl(), "brane.rpc.name=node",
                    "management.observations.enable.brane=false")
            .run((context) -> {
                context.getBean(BraneProvider.class).send("eth_chainId", List.of());
                assertThat(context.getBean(MeterRegistry.class).get("brane.rpc.requests")
                    .tags("method", "eth_chainId", "outcome", "SUCCESS").timers())
                    .singleElement().satisfies((timer) -> assertThat(timer.count()).isEqualTo(1));
            });
    }

    private static void assertOneSampleEach(MeterRegistry registry) {
        List<Timer> ok = List.copyOf(registry.get("brane.rpc.requests").tag("method", "eth_chainId").timers());
        assertThat(ok).singleElement().satisfies((timer) -> {
            assertThat(timer.count()).isEqualTo(1);
            assertThat(timer.getId().getTag("chain")).isEqualTo("default");
            assertThat(timer.getId().getTag("endpoint")).isEqualTo("node");
            assertThat(timer.getId().getTag("transport")).isEqualTo("http");
            assertThat(timer.getId().getTag("outcome")).isEqualTo("SUCCESS");
            assertThat(timer.getId().getTag("error.code")).isEqualTo("none");
        });
        List<Timer> failed = List.copyOf(registry.get("brane.rpc.requests").tag("method", "brane_noSuchMethod")
            .timers());
        assertThat(failed).singleElement().satisfies((timer) -> {
            assertThat(timer.count()).isEqualTo(1);
            assertThat(timer.getId().getTag("outcome")).isEqualTo("RPC_ERROR");
            assertThat(timer.getId().getTag("error.code")).isEqualTo("-32601");
        });
    }
}
