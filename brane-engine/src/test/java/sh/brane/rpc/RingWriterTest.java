package sh.brane.rpc;

import static org.assertj.core.api.Assertions.fail;

import java.util.concurrent.TimeUnit;

import io.netty.channel.Channel;
import io.netty.channel.DefaultEventLoopGroup;
import io.netty.channel.local.LocalChannel;
import org.junit.jupiter.api.Test;

/** The hand-off between callers publishing on the ring and the event loop's drain. */
class RingWriterTest {

    /**
     * The caller publishes its next call the moment the drain has taken the previous one, so every publish lands while
     * that drain is ending: the window where, before both sides fenced, a release store on the ring and a look at the
     * other side's flag could pass each other, and the call stayed on the ring until some later publish. (Seen as one
     * call in a few million of WebSocketTuningBenchmark.braneInFlight100 timing out after 30 s.) With no connection,
     * the drain fails each call at once, on the event loop, which is how this test sees that it was taken. A race
     * test: before the fences it failed only when the timing hit, so it runs many rounds.
     */
    @Test
    void aCallPublishedAsTheDrainEndsIsTakenWithoutWaitingForAnotherPublish() throws Exception {
        DefaultEventLoopGroup loop = new DefaultEventLoopGroup(1);
        try {
            Channel ch = new LocalChannel();
            loop.register(ch).sync();
            RequestLifecycle lifecycle = new RequestLifecycle(Runnable::run);
            InFlightTable table = new InFlightTable(16, lifecycle);
            RingWriter writer = new RingWriter(64, "ring-test", () -> null, table, lifecycle,
                    r -> new ConnectionLostException(r.method + " found no connection"));
            for (int id = 1; id <= 200_000; id++) {
                PendingRequest r = new PendingRequest(id, "eth_chainId", TimeUnit.SECONDS.toNanos(30), null);
                table.admit(r, false, "ring-test");
                writer.publish(ch, r, null, () -> false);
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
                while (!r.future.isDone()) {
                    if (System.nanoTime() > deadline) {
                        fail("call " + id + " was left on the ring: no drain took it within 5 s");
                    }
                    Thread.onSpinWait();
                }
            }
        } finally {
            loop.shutdownGracefully(0, 1, TimeUnit.SECONDS).sync();
        }
    }
}
