package sh.brane.readme;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.tx.Eip1559Transaction;
import sh.brane.core.tx.SignedTransaction;
import sh.brane.core.types.Address;
import sh.brane.devnet.Anvil;
import sh.brane.rpc.ConnectionLostException;
import sh.brane.rpc.RpcTimeoutException;
import sh.brane.rpc.WebSocketConfig;
import sh.brane.rpc.WebSocketProvider;
import tools.jackson.databind.JsonNode;

/** The code of the section "Reliability" in docs/reliability.md, verbatim, run against a real Anvil. */
class FaultsReadmeExamplesTest {

    static Anvil anvil;
    static String wsUrl;

    @BeforeAll
    static void start() {
        anvil = Anvil.start();
        wsUrl = anvil.wsUrl();
    }

    @AfterAll
    static void stop() {
        anvil.close();
    }

    @Test
    void detectionSettingsAndResolvingAnUnknownFate() throws InterruptedException {
        PrivateKey key = PrivateKey.fromHex(anvil.account(1).privateKey());
        Address to = Address.of(anvil.account(2).address());
        long gwei = 1_000_000_000L;

        // README-BEGIN
        WebSocketConfig config = WebSocketConfig.builder(wsUrl)
                .requestTimeout(Duration.ofSeconds(10))   // every request ends by then, at the latest
                .pingInterval(Duration.ofSeconds(5))      // keep-alive ping when nothing was written
                .readIdleTimeout(Duration.ofSeconds(15))  // nothing read for this long: a half-open connection
                .reconnectMaxBackoff(Duration.ofSeconds(5))
                .build();
        try (WebSocketProvider provider = WebSocketProvider.create(config)) {
            SignedTransaction tx = Eip1559Transaction.builder().chainId(31337).nonce(0)
                    .maxPriorityFeePerGas(gwei).maxFeePerGas(20 * gwei).gasLimit(21_000)
                    .to(to).value(1).build().sign(key);
            try {
                provider.send("eth_sendRawTransaction", List.of(tx.toHex()));
            } catch (ConnectionLostException | RpcTimeoutException fateUnknown) {
                // the node may or may not have it: ask by hash; only if it does not know it, send the
                // same signed bytes again (same hash, same nonce: it cannot be paid twice)
                JsonNode known = provider.send("eth_getTransactionByHash", List.of(tx.hash().toHex()));
                if (known == null || known.isNull()) {
                    provider.send("eth_sendRawTransaction", List.of(tx.toHex()));
                }
            }
        }
        // README-END
        try (WebSocketProvider check = WebSocketProvider.create(wsUrl)) {
            // Anvil answers eth_sendRawTransaction before its automined block is in "latest": wait for the receipt
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (check.send("eth_getTransactionReceipt", List.of(tx0Hash(key, to, gwei))).isNull()
                    && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertThat(check.send("eth_getTransactionCount", List.of(key.address().toHex(), "latest")).asString())
                    .isEqualTo("0x1");
        }
    }

    /** The README example's transaction, signed again (deterministic signature: the same hash). */
    private static String tx0Hash(PrivateKey key, Address to, long gwei) {
        return Eip1559Transaction.builder().chainId(31337).nonce(0)
                .maxPriorityFeePerGas(gwei).maxFeePerGas(20 * gwei).gasLimit(21_000)
                .to(to).value(1).build().sign(key).hash().toHex();
    }
}
