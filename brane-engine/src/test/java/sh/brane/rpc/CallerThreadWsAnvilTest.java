package sh.brane.rpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import sh.brane.devnet.Anvil;
import tools.jackson.databind.JsonNode;

/**
 * Caller-thread WebSocket connections ({@link CallerThreadWs}) against a real Anvil: its handshake, frames and
 * answers (typed, untyped, objects, JSON-RPC errors) as a real node writes them.
 */
class CallerThreadWsAnvilTest {

    private static Anvil anvil;

    @BeforeAll
    static void startAnvil() {
        anvil = Anvil.start();
    }

    @AfterAll
    static void stopAnvil() {
        if (anvil != null) {
            anvil.close();
        }
    }

    @Test
    void blockingCallsRunOnTheCallersOwnConnection() {
        WebSocketConfig config = WebSocketConfig.builder(anvil.wsUrl()).callerThreadConnections(2)
                .requestTimeout(Duration.ofSeconds(5)).build();
        try (WebSocketProvider p = WebSocketProvider.create(config)) {
            assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69");
            ResultDecoder<String> typed = ResultDecoder.of(parser -> parser.getString(), JsonCursor::plainString);
            assertThat(p.send("eth_chainId", List.of(), typed)).isEqualTo("0x7a69");
            long before = Long.decode(p.send("eth_blockNumber", List.of()).asString());
            p.send("evm_mine", List.of());
            JsonNode block = p.send("eth_getBlockByNumber", List.of("latest", true));
            assertThat(Long.decode(block.get("number").asString())).isEqualTo(before + 1);
            assertThatThrownBy(() -> p.send("no_such_method", List.of())).isInstanceOf(RpcErrorException.class);
            // every call above went over one connection of the caller's, kept after the RPC error
            assertThat(p.callerThreadConnections()).isEqualTo(1);
            assertThat(p.pendingRequests()).isZero();
        }
    }
}
