package sh.brane.spring.boot.autoconfigure.testcontainers;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.testcontainers.service.connection.ServiceConnection;
import org.springframework.context.annotation.Configuration;

import sh.brane.devnet.testcontainers.AnvilContainer;
import sh.brane.rpc.BraneProvider;
import sh.brane.spring.boot.autoconfigure.BraneAutoConfiguration;
import sh.brane.spring.boot.autoconfigure.BraneConnectionDetails;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An {@link AnvilContainer} with {@code @ServiceConnection} becomes the provider's node. Needs Docker: skipped
 * where there is none (this project's build machines); BraneAutoConfigurationTests covers the same path with a
 * local Anvil process behind a {@link BraneConnectionDetails} bean.
 */
@Testcontainers(disabledWithoutDocker = true)
@SpringBootTest(classes = AnvilContainerServiceConnectionTests.Config.class)
class AnvilContainerServiceConnectionTests {

    @Container
    @ServiceConnection
    static final AnvilContainer anvil = new AnvilContainer();

    @Autowired
    BraneConnectionDetails connectionDetails;

    @Autowired
    BraneProvider provider;

    @Test
    void providerTalksToTheContainer() {
        assertThat(this.connectionDetails.getUrl()).isEqualTo(anvil.getRpcUrl());
        assertThat(this.provider.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69");
    }

    @Configuration(proxyBeanMethods = false)
    @ImportAutoConfiguration(BraneAutoConfiguration.class)
    static class Config {

    }
}
