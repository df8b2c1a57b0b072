package sh.brane.spring.boot.autoconfigure;

import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import sh.brane.devnet.Anvil;
import sh.brane.rpc.BraneProvider;
import sh.brane.rpc.FrameTooLargeException;

import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * An answer over {@code max-frame-size} fails its call with an error naming the Spring property to raise (the
 * chain's own), not the engine's builder method. A block of Anvil's (its 256-byte logs bloom alone is 514 hex
 * characters, plus eight hashes) is over 1KB.
 */
class FrameSizeErrorTests {

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

    @Test
    void theErrorNamesTheSpringProperty() {
        this.runner
            .withPropertyValues("brane.rpc.url=" + anvil.wsUrl(), "brane.rpc.ws.max-frame-size=1KB",
                    "brane.chains.l2.rpc.url=" + anvil.wsUrl(), "brane.chains.l2.rpc.ws.max-frame-size=1KB")
            .run((context) -> {
                BraneProvider provider = NodeWait.connected(context.getBean("braneProvider", BraneProvider.class));
                assertThatExceptionOfType(FrameTooLargeException.class)
                    .isThrownBy(() -> provider.send("eth_getBlockByNumber", List.of("0x0", false)))
                    .withMessageContaining("raise brane.rpc.ws.max-frame-size")
                    .withMessageNotContaining("WebSocketConfig");
                BraneProvider l2 = NodeWait.connected(context.getBean("l2BraneProvider", BraneProvider.class));
                assertThatExceptionOfType(FrameTooLargeException.class)
                    .isThrownBy(() -> l2.send("eth_getBlockByNumber", List.of("0x0", false)))
                    .withMessageContaining("raise brane.chains.l2.rpc.ws.max-frame-size");
            });
    }
}
