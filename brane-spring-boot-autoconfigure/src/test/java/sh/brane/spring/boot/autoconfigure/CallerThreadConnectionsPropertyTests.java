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

    private static WebSocketConfig map(Integer connections) {
        return map("ws://localhost:1/", connections);
    }

    private static WebSocketConfig map(String url, Integer connections) {
        BraneProperties.Rpc rpc = new BraneProperties.Rpc();
        rpc.getWs().setCallerThreadConnections(connections);
        return ProviderConfigMapper.webSocket(BraneUrl.parse(url), "default", Map.of(), rpc, "brane.rpc", null,
                List.of(), null);
    }

    @Test
    void unsetItFollowsWhereTheNodeIsAndWhenSetItIsMapped() {
        assertThat(new BraneProperties.Rpc().getWs().getCallerThreadConnections()).isNull();
        assertThat(map(null).callerThreadConnections()).isEqualTo(16); // a node on this host
        assertThat(map("ws://node.example:8546/", null).callerThreadConnections()).isZero();
        assertThat(map(0).callerThreadConnections()).isZero();
        assertThat(map(7).callerThreadConnections()).isEqualTo(7);
        assertThat(map("ws://node.example:8546/", 4).callerThreadConnections()).isEqualTo(4);
    }

    @Test
    void aBadValueFailsNamingTheProperty() {
        assertThatThrownBy(() -> map(-1)).isInstanceOf(InvalidConfigurationPropertyValueException.class)
            .hasMessageContaining("brane.rpc.ws.caller-thread-connections")
            .hasMessageContaining("between 0 and 64");
    }
}
