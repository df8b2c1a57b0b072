package sh.brane.client.tx;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.time.Duration;
import java.util.List;

import sh.brane.client.BraneClient;
import sh.brane.devnet.Anvil;
import sh.brane.rpc.HttpConfig;
import sh.brane.rpc.HttpProvider;
import sh.brane.rpc.RpcTimeoutException;
import sh.brane.testnode.ScriptedNode;

/**
 * The chain of the model tests: a real Anvil that mines only on {@code evm_mine}, a {@link ScriptedNode} in front of
 * it, and a client of the scripted node. Every try starts from the same snapshot.
 */
final class ModelChain implements AutoCloseable {
    final Anvil anvil;
    final ScriptedNode node;
    final BraneClient client;
    private final HttpProvider provider;
    private String snapshot;

    ModelChain() throws IOException {
        anvil = Anvil.builder().noMining().accounts(3).start();
        node = ScriptedNode.forwardingTo(anvil.httpUrl()).holdBeforeClosing(Duration.ofSeconds(4));
        provider = HttpProvider.create(HttpConfig.builder(node.url()).requestTimeout(Duration.ofSeconds(2)).build());
        client = new BraneClient(provider, Duration.ofMillis(20));
        for (int warm = 0; ; warm++) { // the first calls load the scripted node's JSON and HTTP classes
            try {
                client.blockNumber();
                break;
            } catch (RpcTimeoutException e) {
                if (warm == 3) {
                    throw e;
                }
            }
        }
        snapshot = client.provider().send("evm_snapshot", List.of()).asString();
    }

    /** Back to the chain as it was before the first try: same genesis, same balances, an empty pool. */
    MoneyPathModel reset() {
        node.clear();
        client.provider().send("anvil_dropAllTransactions", List.of());
        assertThat(client.provider().send("evm_revert", List.of(snapshot)).asBoolean()).isTrue();
        snapshot = client.provider().send("evm_snapshot", List.of()).asString();
        return new MoneyPathModel(anvil, 1, node, client);
    }

    @Override
    public void close() {
        client.close();
        provider.close();
        node.close();
        anvil.close();
    }
}
