package sh.brane.spring.boot.autoconfigure.test;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Configuration;
import org.springframework.test.context.TestPropertySource;
import org.springframework.test.context.junit.jupiter.SpringJUnitConfig;

import sh.brane.devnet.Anvil;
import sh.brane.devnet.test.AutoConfigureBrane;
import sh.brane.spring.boot.autoconfigure.devnet.DevNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code @AutoConfigureBrane(devnet = true)} on a test started by Spring's test framework starts a local Anvil for
 * it, where the application's own {@code brane.devnet.enabled} alone would not.
 */
@SpringJUnitConfig(AutoConfigureBraneDevnetTests.Slice.class)
@AutoConfigureBrane(devnet = true)
@TestPropertySource(properties = "brane.devnet.enabled=false")
class AutoConfigureBraneDevnetTests {

    @Autowired
    ApplicationContext context;

    @Autowired
    DevNode node;

    @Test
    void theTestGetsItsNode() {
        assertThat(this.context.getBeansOfType(Anvil.class)).hasSize(1);
        this.node.mine();
    }

    @Configuration(proxyBeanMethods = false)
    static class Slice {

    }
}
