package sh.brane.rpc;

import static org.assertj.core.api.Assertions.assertThat;
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
        try (NoConnection n = new NoConnection(16)) {
            for (int id = 1; id <= 200_000; id++) {
                PendingRequest r = n.admit(id);
                n.writer.publish(n.ch, r, null, () -> false);
                awaitEnded(r, "call " + id + " was left on the ring: no drain took it within 5 s");
            }
        }
    }

    /**
     * The hand-off of {@code sendAsyncBatch} calls ({@link WsOpenBatch}): a caller appends to its open batch while the
     * drain seals it. With no connection the drain seals every batch it takes at once (it holds none) and fails its
     * calls, so each burst's appends race that seal: a call appended just before the seal must be in the sealed count
     * (failed by the drain), one refused by it must go into a new batch through the ring, and none may be left in a
     * batch nobody will seal. Bursts of 1 to 8 calls (and now and then 95 to 120, which fill a batch: its caller frames
     * it before it says sealed), then a wait for all of them; many rounds, as a race test.
     */
    @Test
    void aCallAppendedAsTheDrainSealsItsBatchIsNeverLeftBehind() throws Exception {
        try (NoConnection n = new NoConnection(64)) {
            java.util.Random random = new java.util.Random(13);
            PendingRequest[] burst = new PendingRequest[120];
            long id = 0;
            for (int round = 0; round < 25_000; round++) {
                // mostly short bursts; every 50th fills a batch (its caller frames it) and starts another
                int size = round % 50 == 0 ? 95 + random.nextInt(26) : 1 + random.nextInt(8);
                for (int k = 0; k < size; k++) {
                    PendingRequest r = n.admit(++id);
                    n.writer.publishJoinable(n.ch, r, java.util.List.of(), () -> false);
                    burst[k] = r;
                }
                for (int k = 0; k < size; k++) {
                    awaitEnded(burst[k], "call " + burst[k].id + " (" + (k + 1) + " of a burst of " + size
                            + ") was left in an open batch: no drain sealed it within 5 s");
                    assertThat(burst[k].future).isCompletedExceptionally();
                }
            }
            assertThat(n.table.size()).isZero();
        }
    }

    /** Waits (at most 5 s, spinning) for {@code r} to end; fails with {@code leftBehind} if it does not. */
    private static void awaitEnded(PendingRequest r, String leftBehind) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!r.future.isDone()) {
            if (System.nanoTime() > deadline) {
                fail(leftBehind);
            }
            Thread.onSpinWait();
        }
    }

    /**
     * One event loop with a channel registered on it, and a writer whose drain finds no connection: it fails each
     * call it takes at once, on the loop, which is how the tests see that the call was taken.
     */
    private static final class NoConnection implements AutoCloseable {
        final DefaultEventLoopGroup loop = new DefaultEventLoopGroup(1);
        final Channel ch = new LocalChannel();
        final RequestLifecycle lifecycle = new RequestLifecycle(Runnable::run);
        final InFlightTable table;
        final RingWriter writer;

        NoConnection(int tableSize) throws InterruptedException {
            try {
                loop.register(ch).sync();
            } catch (InterruptedException | RuntimeException e) {
                loop.shutdownGracefully(0, 1, TimeUnit.SECONDS);
                throw e;
            }
            table = new InFlightTable(tableSize, lifecycle);
            writer = new RingWriter(64, "ring-test", () -> null, table, lifecycle,
                    r -> new ConnectionLostException(r.method + " found no connection"));
        }

        /** A call admitted into the table, as a provider admits it before it publishes. */
        PendingRequest admit(long id) {
            PendingRequest r = new PendingRequest(id, "eth_chainId", TimeUnit.SECONDS.toNanos(30), null);
            table.admit(r, false, "ring-test");
            return r;
        }

        @Override
        public void close() throws InterruptedException {
            loop.shutdownGracefully(0, 1, TimeUnit.SECONDS).sync();
        }
    }
}
