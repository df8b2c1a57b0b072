package sh.brane.client.events;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.junit.jupiter.api.Test;

import sh.brane.client.BraneClient;
import sh.brane.client.contract.Erc20;
import sh.brane.devnet.Anvil;
import sh.brane.devnet.junit.WithAnvil;
import sh.brane.rpc.HttpProvider;

/**
 * The node goes away and comes back as a fresh chain on the same port (a development node restarted, a node
 * resynced from another source): the stream rides out the outage, delivers the logs the chain forgot as removals,
 * says the chain changed below what it remembers, and then delivers the new chain's logs.
 */
@WithAnvil
class LogStreamNodeRestartTest {
    static Anvil anvil;

    @Test
    void aNodeRestartedAsAFreshChainGetsItsForgottenLogsRemovedAndTheNewOnesDelivered() throws Exception {
        try (HttpProvider http = HttpProvider.create(anvil.httpUrl());
                BraneClient client = new BraneClient(http, Duration.ofMillis(20))) {
            StreamFixture before = new StreamFixture(anvil, client);
            StreamFixture.Recorder seen = new StreamFixture.Recorder();
            List<Exception> errors = Collections.synchronizedList(new ArrayList<>());
            try (LogStream<Erc20.Transfer> stream = LogStream.builder(client).name("restart")
                    .event(before.token, Erc20.Transfer.class).fromLatest().pollInterval(Duration.ofMillis(20))
                    .onError(errors::add).build(seen).start()) {
                StreamFixture.await("the stream at the head", () -> stream.position().isPresent());
                before.transfer(8_001);
                before.transfer(8_002);
                StreamFixture.await("two transfers", () -> seen.size() == 2);

                anvil.stop();
                // polls fail meanwhile: reported, and the stream goes on. Longer than a second: block timestamps are
                // in seconds, so a chain restarted within the same second rebuilds the very same genesis and block 1
                // (same deployer, nonce and code), the fork point is then block 1 and its mint is rightly not news
                Thread.sleep(1_100);
                anvil.restart();
                StreamFixture after = new StreamFixture(anvil, client); // the same deployer and nonce: same address
                assertThat(after.token.contractAddress()).isEqualTo(before.token.contractAddress());
                after.transfer(8_003);
                StreamFixture.await("removals, the new mint and the new transfer", () -> seen.size() >= 6);
                after.transfer(8_004);
                StreamFixture.await("the next transfer", () -> seen.size() >= 7);
                assertThat(seen.amounts()).containsExactly(8_001L, 8_002L, -8_002L, -8_001L, Long.MAX_VALUE, 8_003L,
                        8_004L);
                assertThat(errors).anySatisfy(e -> assertThat(e).isInstanceOf(ReorgBeyondWindowException.class));
            }
        }
    }
}
