package sh.brane.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.types.Address;
import sh.brane.devnet.Anvil;
import sh.brane.devnet.junit.WithAnvil;
import sh.brane.rpc.BraneRpcException;
import sh.brane.rpc.WebSocketProvider;

/** The client's shared newHeads subscription survives the node going away and coming back. */
@WithAnvil
class ReceiptWaitAcrossReconnectTest {
    static Anvil anvil;

    @Test
    void receiptsAreStillWaitedForAfterTheNodeRestarts() throws Exception {
        try (WebSocketProvider provider = WebSocketProvider.create(anvil.wsUrl());
             BraneClient client = new BraneClient(provider)) {
            PrivateKey key = PrivateKey.fromHex(anvil.account(0).privateKey());
            Address bob = Address.of(anvil.account(1).address());
            assertThat(new SigningClient(client, key).send(TxRequest.builder().to(bob).value(1).build()).status())
                    .isTrue();

            anvil.restart(); // same port, fresh chain
            awaitReconnected(client);

            // a fresh chain: a new signer (and nonce manager) for it
            Receipt after = new SigningClient(client, key).send(TxRequest.builder().to(bob).value(2).build());
            assertThat(after.status()).isTrue();
            assertThat(after.blockNumber()).isEqualTo(1);
        }
    }

    private static void awaitReconnected(BraneClient client) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        BraneRpcException last = null;
        while (System.nanoTime() < deadline) {
            try {
                if (client.blockNumber() == 0) {
                    return;
                }
            } catch (BraneRpcException e) {
                last = e; // still reconnecting
            }
            Thread.sleep(50);
        }
        throw new AssertionError("the provider did not reconnect to the restarted node", last);
    }
}
