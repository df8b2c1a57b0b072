package sh.brane.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.math.BigInteger;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import sh.brane.core.abi.DecodedEvent;
import sh.brane.rpc.Subscription;
import sh.brane.rpc.WebSocketProvider;

/** Every client method over {@link WebSocketProvider} (receipts woken by new heads), plus subscriptions. */
class ClientOverWebSocketTest extends ClientOnAnvilTestBase {

    @BeforeAll
    static void open() throws IOException {
        setUp(node -> WebSocketProvider.create(node.wsUrl()));
    }

    @Test
    void newHeadsArriveInOrderOffTheIoThreads() throws Exception {
        BlockingQueue<BlockHeader> heads = new LinkedBlockingQueue<>();
        BlockingQueue<String> threads = new LinkedBlockingQueue<>();
        BlockingQueue<Exception> errors = new LinkedBlockingQueue<>();
        Subscription sub = client.subscribeNewHeads(h -> {
            threads.add(Thread.currentThread().getName());
            heads.add(h);
        }, errors::add);
        try {
            provider.send("evm_mine", List.of());
            provider.send("evm_mine", List.of());
            BlockHeader first = heads.poll(30, TimeUnit.SECONDS);
            BlockHeader second = heads.poll(30, TimeUnit.SECONDS);
            assertThat(first).isNotNull();
            assertThat(second).isNotNull();
            assertThat(second.number()).isEqualTo(first.number() + 1);
            assertThat(second.parentHash()).isEqualTo(first.hash());
            assertThat(client.getBlockByNumber(BlockTag.number(second.number()), false).orElseThrow().header())
                    .isEqualTo(second);
            assertThat(threads).noneMatch(name -> name.contains("-io-"));
            assertThat(errors).isEmpty();
        } finally {
            sub.close();
        }
    }

    @Test
    void logsSubscriptionDeliversMatchingLogsOnly() throws Exception {
        Contract watched = deploy(1);
        Contract other = deploy(2);
        BlockingQueue<Log> logs = new LinkedBlockingQueue<>();
        LogFilter filter = LogFilter.builder().address(watched.address())
                .topic(0, abi.event("ValueChanged").topic0()).build();
        Subscription sub = client.subscribeLogs(filter, logs::add);
        try {
            other.send("setValue", BigInteger.valueOf(5), "ignored");
            watched.send("setValue", BigInteger.valueOf(6), "seen");
            Log log = logs.poll(30, TimeUnit.SECONDS);
            assertThat(log).isNotNull();
            assertThat(log.address()).isEqualTo(watched.address());
            DecodedEvent event = abi.decodeLog(log.topics(), log.data());
            assertThat(event.get("newValue")).isEqualTo(BigInteger.valueOf(6));
            assertThat(event.get("note")).isEqualTo("seen");
            assertThat(log.removed()).isFalse();
        } finally {
            sub.close();
        }
    }
}
