package sh.brane.spring.boot.autoconfigure.metrics;

import java.util.List;

import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import sh.brane.devnet.Anvil;
import sh.brane.rpc.BraneProvider;
import sh.brane.spring.boot.autoconfigure.BraneAutoConfiguration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Boot's own {@code management.metrics.enable.brane=false} turns the brane meters off (the deprecated
 * {@code brane.metrics.enabled} is no longer needed for that).
 */
class BraneMetricsSwitchTests {

    static Anvil anvil;

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(MetricsAutoConfiguration.class,
                CompositeMeterRegistryAutoConfiguration.class, SimpleMetricsExportAutoConfiguration.class,
                BraneMetricsAutoConfiguration.class, BraneAutoConfiguration.class));

    @BeforeAll
    static void startAnvil() {
        anvil = Anvil.start();
    }

    @AfterAll
    static void stopAnvil() {
        anvil.close();
    }

    @Test
    void bootsEnableSwitchTurnsEveryBraneMeterOff() {
        this.runner.withPropertyValues("brane.rpc.url=" + anvil.httpUrl()).run((context) -> {
            context.getBean(BraneProvider.class).send("eth_chainId", List.of());
            assertThat(context.getBean(MeterRegistry.class).find("brane.rpc.requests").timers()).isNotEmpty();
        });
        this.runner.withPropertyValues("brane.rpc.url=" + anvil.httpUrl(), "management.metrics.enable.brane=false")
            .run((context) -> {
                context.getBean(BraneProvider.class).send("eth_chainId", List.of());
                MeterRegistry registry = context.getBean(MeterRegistry.class);
                assertThat(registry.getMeters()).noneMatch((meter) -> meter.getId().getName().startsWith("brane."));
            });
    }
}
