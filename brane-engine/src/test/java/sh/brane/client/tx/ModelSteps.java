package sh.brane.client.tx;

import java.util.ArrayList;
import java.util.List;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Tuple;

import sh.brane.testnode.ScriptedNode;

/**
 * The steps of {@link MoneyPathModel}'s sequences and their random choice. A step names an instance (a sender of its
 * own over the shared journal) by index; the index is taken modulo the number of instances of the run.
 */
final class ModelSteps {
    private ModelSteps() {
    }

    /** One step of a sequence. */
    sealed interface Step {
    }

    /** A payment from instance {@code on}, under an idempotency key if {@code keyed}, answered as {@code answer} says. */
    record Pay(int on, long value, boolean keyed, Answer answer) implements Step {
    }

    /** The {@code which}-th keyed payment asked again with its key, on instance {@code on}: the same entry answers. */
    record RetryWithKey(int which, int on) implements Step {
    }

    /** The {@code which}-th refused payment sent again unchanged (no key) on instance {@code on}. */
    record RetryRefused(int which, int on) implements Step {
    }

    /** A speed-up (or cancel) of the {@code which}-th accepted payment from instance {@code on}. */
    record Replace(int which, int on, boolean cancel, Answer answer) implements Step {
    }

    record Mine() implements Step {
    }

    /** The node restarts without its pool. */
    record ForgetPool() implements Step {
    }

    /** Instance {@code on} restarts: a new sender (and connection pool) over the same journal. */
    record Restart(int on) implements Step {
    }

    /** One tracker pass of instance {@code on}. */
    record Poll(int on) implements Step {
    }

    /** From now on reads are answered by a replica {@code blocks} behind (0: caught up). */
    record Lag(int blocks) implements Step {
    }

    /** The last {@code depth} blocks are replaced by a fork that mines {@code keep} of their transactions. */
    record Reorg(int depth, int keep, long seed) implements Step {
    }

    /** How the scripted node answers the next submission: the node's own answer, a client's refusal, or worse. */
    record Answer(String kind, RefusalTexts.Text refusal) {
        static final Answer NODE = new Answer("node", null);
        static final Answer FAIL_AFTER_POOLING = new Answer("fail-after-pooling", null);
        static final Answer TIMEOUT_AFTER_POOLING = new Answer("timeout-after-pooling", null);

        void script(ScriptedNode on) {
            switch (kind) {
                case "refuse" -> on.refuseSends(1, refusal);
                case "fail-after-pooling" -> on.failAfterPooling(1, ScriptedNode.PROXY_FAILURE);
                case "timeout-after-pooling" -> on.timeOutAfterPooling(1);
                default -> {
                }
            }
        }

        @Override
        public String toString() {
            return refusal != null ? "refuse(" + refusal.client() + ": " + refusal.sample() + ")" : kind;
        }
    }

    /** Sequences of 3 to {@code maxSize} steps; with one instance, every step runs on it. */
    static Arbitrary<List<Step>> sequences(int maxSize) {
        List<Answer> refusals = new ArrayList<>();
        for (RefusalTexts.Text t : RefusalTexts.all()) {
            if (t.refusal().provesNotPooled()) {
                refusals.add(new Answer("refuse", t));
            }
        }
        Arbitrary<Answer> answers = Arbitraries.frequencyOf(
                Tuple.of(10, Arbitraries.just(Answer.NODE)),
                Tuple.of(3, Arbitraries.of(refusals)),
                Tuple.of(1, Arbitraries.just(Answer.FAIL_AFTER_POOLING)),
                Tuple.of(1, Arbitraries.just(Answer.TIMEOUT_AFTER_POOLING)));
        Arbitrary<Integer> instance = Arbitraries.integers().between(0, 7);
        Arbitrary<Integer> which = Arbitraries.integers().between(0, 7);
        Arbitrary<Step> pay = Arbitraries.longs().between(1, 1_000_000).flatMap(v -> instance.flatMap(i -> Arbitraries
                .of(true, false).flatMap(k -> answers.map(a -> new Pay(i, v, k, a)))));
        Arbitrary<Step> replace = which.flatMap(w -> instance.flatMap(i -> Arbitraries.of(true, false)
                .flatMap(c -> answers.map(a -> new Replace(w, i, c, a)))));
        Arbitrary<Step> retryWithKey = which.flatMap(w -> instance.map(i -> new RetryWithKey(w, i)));
        Arbitrary<Step> retryRefused = which.flatMap(w -> instance.map(i -> new RetryRefused(w, i)));
        Arbitrary<Step> lag = Arbitraries.integers().between(0, 2).map(Lag::new);
        Arbitrary<Step> reorg = Arbitraries.integers().between(1, 2).flatMap(d -> Arbitraries.integers().between(0, 4)
                .flatMap(k -> Arbitraries.longs().map(seed -> new Reorg(d, k, seed))));
        List<Tuple.Tuple2<Integer, Arbitrary<? extends Step>>> steps = new ArrayList<>(List.of(
                Tuple.of(8, pay),
                Tuple.of(3, replace),
                Tuple.of(2, retryWithKey),
                Tuple.of(1, retryRefused),
                Tuple.of(3, Arbitraries.just(new Mine())),
                Tuple.of(1, Arbitraries.just(new ForgetPool())),
                Tuple.of(1, instance.map(Restart::new)),
                Tuple.of(2, instance.map(Poll::new)),
                Tuple.of(1, lag),
                Tuple.of(1, reorg)));
        @SuppressWarnings({"unchecked", "rawtypes"})
        Arbitrary<Step> step = Arbitraries.frequencyOf(steps.toArray(new Tuple.Tuple2[0]));
        return step.list().ofMinSize(3).ofMaxSize(maxSize);
    }
}
