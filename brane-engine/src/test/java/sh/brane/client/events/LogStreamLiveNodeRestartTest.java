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
import sh.brane.rpc.WebSocketProvider;

/**
 * {@link LogStreamNodeRestartTest} over a WebSocket with polls an hour apart: the connection drops with the node, the
 * provider reconnects to the fresh chain and re-subscribes, the gap wakes the stream, which catches up from its
 * checkpoint (the old chain's logs as removals, the new chain's from its start); nothing is lost waiting for a poll.
 */
@WithAnvil
class LogStreamLiveNodeRestartTest {
    static Anvil anvil;

    @Test
    void afterTheNodeRestartsTheSubscriptionCatchesUpWithNoLoss() throws Exception {
        try (WebSocketProvider ws = WebSocketProvider.create(anvil.wsUrl());
                BraneClient client = new BraneClient(ws, Duration.ofMillis(20))) {
            StreamFixture before = new StreamFixture(anvil, client);
            StreamFixture.Recorder seen = new StreamFixture.Recorder();
            List<Exception> errors = Collections.synchronizedList(new ArrayList<>());
            try (LogStream<Erc20.Transfer> stream = LogStream.builder(client).name("live-restart")
                    .event(before.token, Erc20.Transfer.class).fromLatest().pollInterval(LogStreamLiveTest.HOUR)
                    .subscribedPollInterval(LogStreamLiveTest.HOUR)
                    .checkpoints(new InMemoryCheckpointStore(), Duration.ofMinutes(5)).onError(errors::add)
                    .build(seen).start()) {
                StreamFixture.await("the stream at the head", () -> stream.position().isPresent());
                assertThat(stream.isSubscribed()).isTrue();
                before.transfer(8_001);
                before.transfer(8_002);
                StreamFixture.await("two transfers", () -> seen.size() == 2);

                anvil.stop();
                Thread.sleep(1_100); // a new second: the fresh chain's blocks differ from the old ones (see the HTTP test)
                anvil.restart();
                StreamFixture.await("the provider reconnected", () -> {
                    try {
                        return client.blockNumber() >= 0;
                    } catch (RuntimeException notYet) {
                        return false;
                    }
                });
                StreamFixture after = new StreamFixture(anvil, client);
                assertThat(after.token.contractAddress()).isEqualTo(before.token.contractAddress());
                after.transfer(8_003);
                StreamFixture.await("removals, the new mint and the new transfer", () -> seen.size() >= 6);
                after.transfer(8_004);
                StreamFixture.await("the next transfer", () -> seen.size() >= 7);
                assertThat(seen.amounts()).containsExactly(8_001L, 8_002L, -8_002L, -8_001L, Long.MAX_VALUE, 8_003L,
                        8_004L);
                assertThat(errors).anySatisfy(e -> assertThat(e).isInstanceOf(ReorgBeyondWindowException.class));
                StreamFixture.await("subscribed again", stream::isSubscribed);
            }
        }
    }
}
