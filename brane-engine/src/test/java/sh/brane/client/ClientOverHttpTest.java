package sh.brane.client;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import sh.brane.rpc.HttpProvider;

/** Every client method over {@link HttpProvider} (receipts by polling) against its own Anvil. */
class ClientOverHttpTest extends ClientOnAnvilTestBase {

    @BeforeAll
    static void open() throws IOException {
        setUp(node -> HttpProvider.create(node.httpUrl()));
    }

    @Test
    void subscriptionsNeedAPushChannel() {
        assertThatThrownBy(() -> client.subscribeNewHeads(h -> { }))
                .isInstanceOf(UnsupportedOperationException.class);
    }
}
