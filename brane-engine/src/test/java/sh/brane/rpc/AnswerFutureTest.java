package sh.brane.rpc;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * A caller waiting in join/get completes its message's answers itself when no user code can run in doing so, and
 * waits the usual way otherwise; every way a future ends wakes it.
 */
class AnswerFutureTest {

    private final ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor();
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
    private final AtomicInteger started = new AtomicInteger();
    /** The callback executor: counts the threads the groups start. */
    private final java.util.concurrent.Executor callbacks = task -> {
        started.incrementAndGet();
        threads.execute(task);
    };

    @AfterEach
    void stop() {
        threads.shutdownNow();
        timer.shutdownNow();
    }

    private static PendingRequest request(long id) {
        return new PendingRequest(id, "eth_chainId", 10_000_000_000L, null);
    }

    private static JsonNode n(int v) {
        return JsonNodeFactory.instance.numberNode(v);
    }

    /** Starts a thread joining {@code r}'s future and returns once it waits; the thread's result lands in {@code out}. */
    private Thread joiner(PendingRequest r, AtomicReference<Object> out, AtomicReference<Thread> completedOn) {
        Thread t = Thread.ofPlatform().start(() -> {
            out.set(r.future.join());
            completedOn.set(Thread.currentThread());
        });
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (r.answerFuture().waiter() == null && System.nanoTime() < until) {
            Thread.onSpinWait();
        }
        assertThat(r.answerFuture().waiter()).isSameAs(t);
        return t;
    }

    @Test
    void theWaitingCallerCompletesAGroupWithoutDependentsItself() throws Exception {
        List<PendingRequest> rs = List.of(request(1), request(2), request(3));
        AtomicReference<Object> got = new AtomicReference<>();
        AtomicReference<Thread> on = new AtomicReference<>();
        Thread t = joiner(rs.get(0), got, on);
        AnswerGroup group = new AnswerGroup();
        for (int i = 0; i < rs.size(); i++) {
            group.add(rs.get(i), n(i + 10));
        }
        // an executor that never runs what it is given: only the waiting caller can complete these
        group.deliver(task -> started.incrementAndGet(), timer);
        t.join(5_000);
        assertThat(got.get()).isEqualTo(n(10));
        assertThat(on.get()).isSameAs(t);
        assertThat(rs).allSatisfy(r -> assertThat(r.future).isDone());
        assertThat(rs.get(2).future.join()).isEqualTo(n(12));
    }

    @Test
    void aGroupWithADependentStageGoesToTheCallbackExecutorAndNeverRunsItOnTheReadingThread() throws Exception {
        List<PendingRequest> rs = List.of(request(1), request(2));
        AtomicReference<Thread> continuation = new AtomicReference<>();
        CompletableFuture<Void> after = rs.get(1).future.thenRun(() -> continuation.set(Thread.currentThread()));
        AtomicReference<Object> got = new AtomicReference<>();
        AtomicReference<Thread> on = new AtomicReference<>();
        Thread t = joiner(rs.get(0), got, on);
        AnswerGroup group = new AnswerGroup();
        group.add(rs.get(0), n(1));
        group.add(rs.get(1), n(2));
        group.deliver(callbacks, timer);
        t.join(5_000);
        after.get(5, TimeUnit.SECONDS);
        assertThat(got.get()).isEqualTo(n(1));
        assertThat(started.get()).isPositive();
        assertThat(continuation.get()).isNotSameAs(Thread.currentThread()).isNotSameAs(t);
    }

    @Test
    void anInterruptedCallerStillGetsItsAnswerFromTheWatchdog() throws Exception {
        PendingRequest r = request(1);
        AtomicReference<Object> got = new AtomicReference<>();
        Thread t = Thread.ofPlatform().start(() -> {
            Thread.currentThread().interrupt();
            got.set(r.future.join());
        });
        Thread.sleep(20);
        AnswerGroup group = new AnswerGroup();
        group.add(r, n(7));
        group.deliver(callbacks, timer);
        t.join(5_000);
        assertThat(got.get()).isEqualTo(n(7));
    }

    @Test
    void everyOtherWayAFutureEndsWakesAParkedCaller() throws Exception {
        for (int way = 0; way < 4; way++) {
            PendingRequest r = request(way);
            AtomicReference<Object> got = new AtomicReference<>();
            Thread t = Thread.ofPlatform().start(() -> {
                try {
                    got.set(r.future.get());
                } catch (Exception e) {
                    got.set(e.getClass().getSimpleName());
                }
            });
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (r.answerFuture().waiter() == null && System.nanoTime() < until) {
                Thread.onSpinWait();
            }
            switch (way) {
                case 0 -> r.future.complete(n(1));
                case 1 -> r.future.cancel(false);
                case 2 -> r.future.orTimeout(1, TimeUnit.MILLISECONDS);
                default -> r.future.completeAsync(() -> n(4), threads);
            }
            t.join(5_000);
            assertThat(t.isAlive()).as("way %s", way).isFalse();
            assertThat(got.get()).as("way %s", way).isNotNull();
        }
    }
}
