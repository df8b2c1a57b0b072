package sh.brane.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.devnet.Anvil;
import sh.brane.devnet.junit.WithAnvil;
import sh.brane.rpc.WebSocketProvider;

/**
 * On a node that mines only when told ({@code evm_mine}): a receipt wait times out without re-sending anything,
 * the nonce manager moves on after an accepted submission, and a waiter is woken by the new head.
 */
@WithAnvil(args = "--no-mining")
class ReceiptWaitingTest {
    static Anvil anvil;
    static WebSocketProvider provider;
    static BraneClient client;

    @BeforeAll
    static void open() {
        provider = WebSocketProvider.create(anvil.wsUrl());
        client = new BraneClient(provider);
    }

    @AfterAll
    static void close() {
        client.close();
        provider.close();
    }

    @Test
    void aTimedOutWaitNeverResendsAndAMinedBlockWakesTheWaiter() throws Exception {
        PrivateKey key = PrivateKey.fromHex(anvil.account(5).privateKey());
        Address to = Address.of(anvil.account(6).address());
        SigningClient signer = new SigningClient(client, key, null, 20, Duration.ofMillis(300));
        long start = client.getTransactionCount(signer.address(), BlockTag.LATEST);

        Hash[] timedOut = new Hash[1];
        assertThatThrownBy(() -> signer.send(TxRequest.builder().to(to).value(1).gasLimit(21_000).build()))
                .isInstanceOfSatisfying(ReceiptTimeoutException.class, e -> {
                    timedOut[0] = e.transactionHash();
                    assertThat(e.getMessage()).contains("was not sent again");
                });
        // accepted once: one pending transaction, nothing mined
        assertThat(client.getTransactionCount(signer.address(), BlockTag.PENDING)).isEqualTo(start + 1);
        assertThat(client.getTransactionByHash(timedOut[0]).orElseThrow().isPending()).isTrue();

        // the next send takes the next nonce (the first was accepted, so no resync to the same nonce)
        Hash second = signer.submit(TxRequest.builder().to(to).value(2).gasLimit(21_000).build());
        assertThat(client.getTransactionByHash(second).orElseThrow().nonce()).isEqualTo(start + 1);

        CompletableFuture<Receipt> waiting = CompletableFuture.supplyAsync(
                () -> client.waitForReceipt(second, Duration.ofSeconds(60)));
        provider.send("evm_mine", List.of());
        Receipt receipt = waiting.get(60, TimeUnit.SECONDS);
        assertThat(receipt.status()).isTrue();
        assertThat(client.waitForReceipt(timedOut[0], Duration.ofSeconds(5)).blockNumber())
                .isEqualTo(receipt.blockNumber());
        assertThat(client.getTransactionCount(signer.address(), BlockTag.LATEST)).isEqualTo(start + 2);
    }
}
