package sh.brane.client.tx;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.Test;

import sh.brane.client.BraneClient;
import sh.brane.client.SigningClient;
import sh.brane.client.TxRequest;
import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.devnet.Anvil;
import sh.brane.rpc.HttpProvider;

/**
 * The plain {@code SigningClient(client, key)} path journals every transaction it signs (in memory, not durable)
 * before broadcasting it, and follows nothing by itself; a tracker started from its sender, as the documentation
 * says, takes the same entry to CONFIRMED.
 */
class PlainSigningClientJournalTest {

    @Test
    void thePlainConstructorJournalsInMemoryAndItsSenderCanBeTracked() throws Exception {
        try (Anvil anvil = Anvil.start();
                HttpProvider provider = HttpProvider.create(anvil.httpUrl());
                BraneClient client = new BraneClient(provider, Duration.ofMillis(20))) {
            SigningClient wallet = new SigningClient(client, PrivateKey.fromHex(anvil.account(0).privateKey()));
            TransactionStore store = wallet.sender().store();
            assertThat(store.isDurable()).isFalse();
            List<TransactionStateChange> changes = new CopyOnWriteArrayList<>();
            wallet.sender().addListener(changes::add);

            Hash hash = wallet.submit(TxRequest.builder().to(Address.of(anvil.account(1).address())).value(5)
                    .build());

            JournalEntry entry = store.find(hash).orElseThrow();
            assertThat(entry.state()).isEqualTo(TxState.SENT);
            assertThat(entry.from()).isEqualTo(wallet.address());
            assertThat(entry.raw()).isNotEmpty();
            // nothing follows it by default: no tracker thread, no polling the caller did not ask for
            Thread.sleep(200);
            assertThat(store.find(hash).orElseThrow().state()).isEqualTo(TxState.SENT);

            try (TransactionTracker tracker = wallet.sender().tracker(1, Duration.ofMillis(20), Duration.ofSeconds(5))
                    .start()) {
                long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
                while (store.find(hash).orElseThrow().state() != TxState.CONFIRMED) {
                    assertThat(System.nanoTime()).as("CONFIRMED in time").isLessThan(deadline);
                    Thread.sleep(20);
                }
            }
            assertThat(changes).extracting(TransactionStateChange::state).contains(TxState.SENT, TxState.CONFIRMED);
        }
    }
}
