package sh.brane.client;

import java.io.IOException;
import org.junit.jupiter.api.BeforeAll;
import sh.brane.rpc.FallbackProvider;
import sh.brane.rpc.HttpProvider;
import sh.brane.rpc.WebSocketProvider;

/** Every client method over a {@link FallbackProvider} (WebSocket first, HTTP second) against its own Anvil. */
class ClientOverFallbackTest extends ClientOnAnvilTestBase {

    @BeforeAll
    static void open() throws IOException {
        setUp(node -> FallbackProvider.create(WebSocketProvider.create(node.wsUrl()),
                HttpProvider.create(node.httpUrl())));
    }
}
