package sh.brane.rpc.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

import sh.brane.rpc.BackpressureException;
import sh.brane.rpc.ConnectionLostException;
import sh.brane.rpc.InvalidResponseException;
import sh.brane.rpc.RecordingMetrics;
import sh.brane.rpc.RpcTimeoutException;

/** The one in-flight table: every future it is given ends, once, whatever races for it. */
class InFlightTableTest {

    private static final long SECOND = 1_000_000_000L;

    private final ExecutorService callbacks = Executors.newVirtualThreadPerTaskExecutor();
    private final RecordingMetrics metrics = new RecordingMetrics();
    private final RequestLifecycle lifecycle = lifecycle();

    private RequestLifecycle lifecycle() {
        RequestLifecycle l = new RequestLifecycle(callbacks);
        l.setMetrics(metrics);
        return l;
    }

    @AfterEach
    void stop() {
        callbacks.shutdownNow();
    }

    private static PendingRequest request(long id, long timeoutNanos) {
        return new PendingRequest(id, "eth_call", timeoutNanos, null);
    }

    private static Throwable failure(CompletableFuture<?> f) {
        assertThat(f).failsWithin(5, TimeUnit.SECONDS);
        return f.handle((v, e) -> e).join();
    }

    private static Throwable cause(CompletableFuture<?> f) {
        Throwable e = failure(f);
        return e instanceof java.util.concurrent.CompletionException ce ? ce.getCause() : e;
    }

    @Test
    void admitsUpToCapacityAndRefusesBeyondAtOnceNamingTheLimit() {
        InFlightTable table = new InFlightTable(2, lifecycle);
        PendingRequest a = request(1, SECOND);
        PendingRequest b = request(2, SECOND);
        PendingRequest c = request(3, SECOND);

        assertThat(table.admit(a, false, "p")).isTrue();
        assertThat(table.admit(b, false, "p")).isTrue();
        assertThat(table.admit(c, false, "p")).isFalse();

        assertThat(cause(c.future())).isInstanceOf(BackpressureException.class)
                .hasMessageContaining("maxPendingRequests (2)");
        assertThat(table.size()).isEqualTo(2);
        assertThat(metrics.count("backpressure")).isEqualTo(1);
        // a slot freed is a slot to admit again
        assertThat(table.take(1)).isSameAs(a);
        assertThat(table.admit(request(4, SECOND), false, "p")).isTrue();
    }

    @Test
    void aClosedProviderRefusesAndADuplicateIdNeverTakesTheFirstOnesPlace() {
        InFlightTable table = new InFlightTable(10, lifecycle);
        PendingRequest refused = request(1, SECOND);
        assertThat(table.admit(refused, true, "main")).isFalse();
        assertThat(cause(refused.future())).isInstanceOf(ConnectionLostException.class)
                .hasMessageContaining("provider main is closed");

        PendingRequest first = request(7, SECOND);
        PendingRequest twin = request(7, SECOND);
        assertThat(table.admit(first, false, "main")).isTrue();
        assertThat(table.admit(twin, false, "main")).isFalse();
        assertThat(cause(twin.future())).isInstanceOf(InvalidResponseException.class).hasMessageContaining("id 7");
        assertThat(table.get(7)).isSameAs(first);
        assertThat(table.size()).isEqualTo(1);
    }

    @Test
    void onlyOneCallerEndsARequestSoADuplicateOrLateAnswerFindsNothing() {
        InFlightTable table = new InFlightTable(10, lifecycle);
        PendingRequest r = request(1, SECOND);
        table.admit(r, false, "p");

        assertThat(table.take(1)).isSameAs(r);
        assertThat(table.take(1)).as("the same answer twice").isNull();
        assertThat(table.fail(1, new ConnectionLostException("late"))).isFalse();
        assertThat(table.expire(System.nanoTime() + 10 * SECOND)).isZero();
        assertThat(r.future()).isNotDone(); // the taker ends it, nobody else
        assertThat(table.size()).isZero();
    }

    @Test
    void theSweepEndsOnlyRequestsPastTheirDeadlineAndTellsTheListenerFirst() {
        InFlightTable table = new InFlightTable(10, lifecycle);
        List<Long> told = new ArrayList<>();
        table.onExpired(r -> {
            told.add(r.id);
            assertThat(r.future()).isNotDone();
        });
        PendingRequest shortOne = request(1, SECOND);
        PendingRequest longOne = request(2, 60 * SECOND);
        table.admit(shortOne, false, "p");
        table.admit(longOne, false, "p");

        assertThat(table.expire(shortOne.startNanos + SECOND - 1)).isZero();
        assertThat(table.expire(shortOne.startNanos + SECOND + 1)).isEqualTo(1);

        assertThat(cause(shortOne.future())).isInstanceOf(RpcTimeoutException.class)
                .hasMessageContaining("eth_call (id 1) got no answer within PT1S");
        assertThat(told).containsExactly(1L);
        assertThat(longOne.future()).isNotDone();
        assertThat(table.size()).isEqualTo(1);
        assertThat(table.take(1)).as("a late answer for the timed-out call").isNull();
        assertThat(metrics.count("timeout")).isEqualTo(1);
    }

    @Test
    void drainingEndsEveryRequestWithTheReasonGivenForIt() {
        InFlightTable table = new InFlightTable(100, lifecycle);
        List<PendingRequest> all = new ArrayList<>();
        for (int i = 1; i <= 50; i++) {
            PendingRequest r = request(i, SECOND);
            table.admit(r, false, "p");
            all.add(r);
        }
        int n = table.drain(r -> new ConnectionLostException(r.method + " (id " + r.id + ") failed: connection lost"));

        assertThat(n).isEqualTo(50);
        assertThat(table.size()).isZero();
        for (PendingRequest r : all) {
            assertThat(cause(r.future())).isInstanceOf(ConnectionLostException.class)
                    .hasMessageContaining("(id " + r.id + ") failed: connection lost");
        }
        assertThat(table.drain(r -> new ConnectionLostException("again"))).isZero();
    }

    @Test
    void racingEndsOfEveryKindEndEachFutureExactlyOnce() throws Exception {
        InFlightTable table = new InFlightTable(10_000, lifecycle);
        List<PendingRequest> all = new ArrayList<>();
        for (int i = 1; i <= 2_000; i++) {
            PendingRequest r = request(i, i % 2 == 0 ? 1 : 60 * SECOND);
            table.admit(r, false, "p");
            all.add(r);
        }
        ExecutorService racers = Executors.newFixedThreadPool(3);
        try {
            List<java.util.concurrent.Future<?>> done = new ArrayList<>();
            done.add(racers.submit(() -> table.expire(System.nanoTime())));
            done.add(racers.submit(() -> {
                for (PendingRequest r : all) {
                    PendingRequest taken = table.take(r.id);
                    if (taken != null) {
                        AnswerGroup group = new AnswerGroup();
                        lifecycle.succeed(taken, JsonNodeFactory.instance.numberNode(r.id), group, System.nanoTime());
                        lifecycle.deliver(group);
                    }
                }
            }));
            done.add(racers.submit(() -> table.drain(r -> new ConnectionLostException("lost"))));
            for (java.util.concurrent.Future<?> f : done) {
                f.get(10, TimeUnit.SECONDS);
            }
        } finally {
            racers.shutdownNow();
        }
        for (PendingRequest r : all) {
            CompletableFuture<JsonNode> f = r.future();
            f.handle((v, e) -> v).get(5, TimeUnit.SECONDS);
            assertThat(f).isDone();
        }
        assertThat(table.size()).isZero();
        int ended = metrics.count("completed") + metrics.count("failed");
        assertThat(ended).isEqualTo(all.size());
    }

    @Test
    void anIdWhoseSlotIsHeldGoesAsideAndIsFoundTakenSweptAndDrainedAsAnyOther() {
        InFlightTable table = new InFlightTable(10_000, lifecycle);
        long apart = InFlightTable.MAX_SLOTS; // ids this far apart share a slot
        PendingRequest a = request(1, 60 * SECOND);
        PendingRequest b = request(1 + apart, 60 * SECOND);
        PendingRequest c = request(1 + 2 * apart, 1);
        PendingRequest d = request(1 + 3 * apart, 60 * SECOND);
        for (PendingRequest r : List.of(a, b, c, d)) {
            assertThat(table.admit(r, false, "p")).isTrue();
        }
        assertThat(table.size()).isEqualTo(4);
        assertThat(table.get(b.id)).isSameAs(b);
        assertThat(table.contains(c.id)).isTrue();
        assertThat(table.get(1 + 4 * apart)).as("an id never admitted, same slot").isNull();

        PendingRequest twin = request(b.id, SECOND);
        assertThat(table.admit(twin, false, "p")).as("a twin of an id set aside").isFalse();
        assertThat(cause(twin.future())).isInstanceOf(InvalidResponseException.class).hasMessageContaining("id " + b.id);

        assertThat(table.take(b.id)).isSameAs(b);
        assertThat(table.take(b.id)).isNull();
        assertThat(table.expire(System.nanoTime() + SECOND)).as("only c is past its deadline").isEqualTo(1);
        assertThat(cause(c.future())).isInstanceOf(RpcTimeoutException.class).hasMessageContaining("id " + c.id);

        // the slot's holder ends: a twin of the id set aside still finds the first one in the way
        assertThat(table.take(a)).isTrue();
        PendingRequest twinOfD = request(d.id, SECOND);
        assertThat(table.admit(twinOfD, false, "p")).isFalse();
        assertThat(table.get(d.id)).isSameAs(d);

        assertThat(table.drain(r -> new ConnectionLostException("lost " + r.id))).isEqualTo(1);
        assertThat(cause(d.future())).isInstanceOf(ConnectionLostException.class).hasMessage("lost " + d.id);
        assertThat(table.size()).isZero();
        assertThat(b.future()).as("its taker ends it").isNotDone();
    }

    /**
     * Admission, answers, the sweep and a drain on four threads, the answer taken the moment its request is admitted
     * (the taker spins on the last id admitted), with ids four slots-worth apart so that most requests are set aside:
     * each request ends exactly once and the table ends empty.
     */
    @Test
    void requestsSetAsideRaceAnswersTheSweepAndADrainAndEachEndsOnce() throws Exception {
        int n = 20_000;
        InFlightTable table = new InFlightTable(n, lifecycle);
        PendingRequest[] all = new PendingRequest[n];
        for (int i = 0; i < n; i++) {
            // ids cycle over four runs of the slots: most land on a slot held by an earlier one
            long id = 1 + (long) (i % 4) * InFlightTable.MAX_SLOTS * 8 + i / 4;
            all[i] = request(id, i % 3 == 0 ? 1 : 60 * SECOND);
        }
        java.util.concurrent.atomic.AtomicInteger admitted = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
        ExecutorService racers = Executors.newFixedThreadPool(4);
        try {
            List<java.util.concurrent.Future<?>> done = new ArrayList<>();
            done.add(racers.submit(() -> {
                for (PendingRequest r : all) {
                    assertThat(table.admit(r, false, "p")).isTrue();
                    admitted.incrementAndGet();
                }
            }));
            done.add(racers.submit(() -> {
                for (int i = 0; i < n; i += 2) {
                    while (admitted.get() <= i) {
                        Thread.onSpinWait();
                    }
                    PendingRequest taken = table.take(all[i].id);
                    if (taken != null) {
                        assertThat(taken).isSameAs(all[i]);
                        AnswerGroup group = new AnswerGroup();
                        lifecycle.succeed(taken, JsonNodeFactory.instance.numberNode(taken.id), group,
                                System.nanoTime());
                        lifecycle.deliver(group);
                    }
                }
            }));
            done.add(racers.submit(() -> {
                while (!stop.get()) {
                    table.expire(System.nanoTime());
                }
            }));
            done.add(racers.submit(() -> {
                while (admitted.get() < n / 2) {
                    Thread.onSpinWait();
                }
                table.drain(r -> new ConnectionLostException("lost"));
            }));
            for (int k = 0; k < done.size(); k++) {
                if (k != 2) {
                    done.get(k).get(30, TimeUnit.SECONDS);
                }
            }
            stop.set(true);
            done.get(2).get(10, TimeUnit.SECONDS);
        } finally {
            racers.shutdownNow();
        }
        // what no racer ended (admitted after the drain, answered by nobody, not yet past the deadline) ends now
        table.drain(r -> new ConnectionLostException("closed"));
        for (PendingRequest r : all) {
            r.future().handle((v, e) -> v).get(5, TimeUnit.SECONDS);
        }
        assertThat(table.size()).isZero();
        assertThat(metrics.count("completed") + metrics.count("failed")).isEqualTo(n);
    }
}
