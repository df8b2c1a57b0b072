package sh.brane.rpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Caller-thread WebSocket connections are on by default only for a plain {@code ws://} node on this host, told from
 * the URL's text alone; set, the value is kept wherever the node is.
 */
class CallerThreadDefaultTest {

    private static int connections(String url) {
        return WebSocketConfig.builder(url).build().callerThreadConnections();
    }

    @ParameterizedTest
    @ValueSource(strings = {"ws://localhost:8545", "ws://LOCALHOST:8545/", "ws://localhost.:8545", "ws://anvil.localhost:1",
            "ws://127.0.0.1:8545", "ws://127.1.2.254:1", "ws://[::1]:8545", "ws://[0:0:0:0:0:0:0:1]:8545"})
    void aNodeOnThisHostGetsSixteen(String url) {
        assertThat(connections(url)).isEqualTo(WebSocketConfig.DEFAULT_LOCAL_CALLER_THREAD_CONNECTIONS).isEqualTo(16);
    }

    @ParameterizedTest
    @ValueSource(strings = {"ws://node.example:8546", "ws://10.0.0.5:8546", "ws://128.0.0.1:1", "ws://127.0.0.1.example:1",
            "ws://localhost.example:1", "ws://notlocalhost:1", "ws://[::2]:1", "ws://[::ffff:127.0.0.1]:1",
            "wss://localhost:8546", "wss://127.0.0.1:8546"})
    void anyOtherNodeGetsNone(String url) {
        assertThat(connections(url)).isZero();
    }

    @Test
    void aValueSetIsKeptWhereverTheNodeIs() {
        assertThat(WebSocketConfig.builder("ws://127.0.0.1:1").callerThreadConnections(0).build()
                .callerThreadConnections()).isZero();
        assertThat(WebSocketConfig.builder("ws://node.example:1").callerThreadConnections(4).build()
                .callerThreadConnections()).isEqualTo(4);
        assertThatThrownBy(() -> WebSocketConfig.builder("ws://127.0.0.1:1").callerThreadConnections(65).build())
                .isInstanceOf(InvalidOptionException.class).hasMessageContaining("callerThreadConnections")
                .hasMessageContaining("65");
    }
}
