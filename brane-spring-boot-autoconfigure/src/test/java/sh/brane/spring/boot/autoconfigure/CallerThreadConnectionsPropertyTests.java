package sh.brane.spring.boot.autoconfigure;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;

import sh.brane.rpc.WebSocketConfig;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@code brane.rpc.ws.caller-thread-connections} reaches the WebSocket configuration, and a bad value names it. */
class CallerThreadConnectionsPropertyTests {

    private static WebSocketConfig map(int connections) {
        BraneProperties.Rpc rpc = new BraneProperties.Rpc();
        rpc.getWs().setCallerThreadConnections(connections);
        return ProviderConfigMapper.webSocket(BraneUrl.parse("ws://localhost:1/"), "default", Map.of(), rpc,
                "brane.rpc", null, List.of(), null);
    }

    @Test
    void offByDefaultAndMappedWhenSet() {
        assertThat(new BraneProperties.Rpc().getWs().getCallerThreadConnections()).isZero();
        assertThat(map(0).callerThreadConnections()).isZero();
        assertThat(map(4).callerThreadConnections()).isEqualTo(4);
    }

    @Test
    void aBadValueFailsNamingTheProperty() {
        assertThatThrownBy(() -> map(-1)).isInstanceOf(InvalidConfigurationPropertyValueException.class)
            .hasMessageContaining("brane.rpc.ws.caller-thread-connections")
            .hasMessageContaining("between 0 and 64");
    }
}
