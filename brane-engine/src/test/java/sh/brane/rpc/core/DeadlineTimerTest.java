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

import sh.brane.rpc.RpcTimeoutException;

/**
 * The one wake-up per provider: a request ends at its deadline and never before, a sooner deadline re-arms the timer,
 * answered requests leave nothing to cancel, and with nothing in flight the timer's thread parks with no timeout.
 */
class DeadlineTimerTest {

    private static final long MILLI = 1_000_000L;
    private static final long MINUTE = 60_000 * MILLI;

    private final ExecutorService callbacks = Executors.newVirtualThreadPerTaskExecutor();
    private final RequestLifecycle lifecycle = new RequestLifecycle(callbacks);
    private final DeadlineTimer timer = new DeadlineTimer("brane-test-deadlines");
    private final InFlightTable table = new InFlightTable(10_000, lifecycle, timer);

    @AfterEach
    void stop() {
        timer.close();
        callbacks.shutdownNow();
    }

    private static PendingRequest request(long id, long timeoutNanos) {
        return new PendingRequest(id, "eth_call", timeoutNanos, null);
    }

    private static Throwable cause(CompletableFuture<?> f) {
        assertThat(f).failsWithin(5, TimeUnit.SECONDS);
        Throwable e = f.handle((v, x) -> x).join();
        return e instanceof java.util.concurrent.CompletionException ce ? ce.getCause() : e;
    }

    @Test
    void aRequestNobodyAnswersEndsAtItsDeadlineNeverBeforeAndThenTheTimerParksWithNothingArmed() throws Exception {
        assertThat(timer.armed()).as("nothing admitted").isFalse();
        PendingRequest r = request(1, 30 * MILLI);
        CompletableFuture<Long> endedAt = r.future().handle((v, e) -> System.nanoTime());
        table.admit(r, false, "p");

        assertThat(cause(r.future())).isInstanceOf(RpcTimeoutException.class)
                .hasMessage("eth_call (id 1) got no answer within PT0.03S");
        assertThat(endedAt.join() - r.startNanos).as("ended no earlier than its deadline")
                .isGreaterThanOrEqualTo(r.timeoutNanos);
        assertThat(table.size()).isZero();
        awaitState(timer.thread(), Thread.State.WAITING);
        assertThat(timer.armed()).as("nothing in flight at the wake-up, nothing armed").isFalse();
    }

    @Test
    void aTimerNeverArmedHasNoThreadRunning() {
        assertThat(table.size()).isZero();
        assertThat(timer.thread().getState()).isEqualTo(Thread.State.NEW);
    }

    @Test
    void aSoonerDeadlineArrivingAfterALaterOneArmsTheTimerSooner() throws Exception {
        PendingRequest later = request(1, MINUTE);
        table.admit(later, false, "p");
        awaitState(timer.thread(), Thread.State.TIMED_WAITING);

        PendingRequest sooner = request(2, 20 * MILLI);
        table.admit(sooner, false, "p");

        assertThat(cause(sooner.future())).isInstanceOf(RpcTimeoutException.class);
        assertThat(later.future()).as("a minute away still").isNotDone();
        assertThat(table.get(later.id)).isSameAs(later);
        awaitState(timer.thread(), Thread.State.TIMED_WAITING); // the sweep may still be ending the sooner one
        assertThat(timer.armed()).as("re-armed for the one left").isTrue();
    }

    @Test
    void answeredRequestsLeaveNothingToCancelAndWakeNothing() {
        List<PendingRequest> all = new ArrayList<>();
        for (int i = 1; i <= 1_000; i++) {
            PendingRequest r = request(i, MINUTE);
            table.admit(r, false, "p");
            all.add(r);
        }
        for (PendingRequest r : all) {
            assertThat(table.take(r.id)).isSameAs(r);
        }

        assertThat(table.size()).isZero();
        assertThat(timer.sweepsRun()).as("one wake-up armed a minute away, none run").isZero();
    }

    @Test
    void manyStructuresShareOneTimerAndEachIsSwept() throws Exception {
        InFlightTable other = new InFlightTable(10, lifecycle, timer);
        PendingRequest here = request(1, 10 * MILLI);
        PendingRequest there = request(1, 40 * MILLI);
        table.admit(here, false, "p");
        other.admit(there, false, "q");

        assertThat(cause(here.future())).isInstanceOf(RpcTimeoutException.class);
        assertThat(cause(there.future())).isInstanceOf(RpcTimeoutException.class);
        awaitState(timer.thread(), Thread.State.WAITING);
    }

    @Test
    void aTimeoutOfCenturiesIsArmedWithoutOverflowingIntoThePast() throws Exception {
        PendingRequest r = request(1, Long.MAX_VALUE);
        table.admit(r, false, "p");
        awaitState(timer.thread(), Thread.State.TIMED_WAITING);

        assertThat(r.future()).isNotDone();
        assertThat(timer.sweepsRun()).isZero();
    }

    private static void awaitState(Thread t, Thread.State state) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (t.getState() != state) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(t.getName() + " is " + t.getState() + ", not " + state + ", within 5 s");
            }
            Thread.sleep(5);
        }
    }
}
