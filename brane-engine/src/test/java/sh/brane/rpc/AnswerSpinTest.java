package sh.brane.rpc;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Test;

class AnswerSpinTest {

    @Test
    void aLoneCallerSpinsWhileTheNodeAnswersFast() {
        AnswerSpin spin = new AnswerSpin();
        assertThat(spin.worthSpinning(1)).as("before any answer").isTrue();
        spin.waited(AnswerSpin.SPIN_NANOS);
        assertThat(spin.worthSpinning(1)).isTrue();
    }

    @Test
    void nobodySpinsForANodeWhoseLastAnswerWasSlowUntilAnAnswerIsFastAgain() {
        AnswerSpin spin = new AnswerSpin();
        spin.waited(4 * AnswerSpin.FAST_NODE_NANOS);
        assertThat(spin.worthSpinning(1)).isFalse();
        spin.waited(AnswerSpin.SPIN_NANOS);
        assertThat(spin.worthSpinning(1)).isTrue();
    }

    @Test
    void concurrentCallersAndVirtualThreadsNeverSpin() throws Exception {
        AnswerSpin spin = new AnswerSpin();
        assertThat(spin.worthSpinning(2)).isFalse();
        try (var virtual = Executors.newVirtualThreadPerTaskExecutor()) {
            Future<Boolean> onVirtual = virtual.submit(() -> spin.worthSpinning(1));
            assertThat(onVirtual.get()).isFalse();
        }
    }

    @Test
    void anAnswerAlreadyThereIsTakenWithoutWaiting() {
        CompletableFuture<String> answer = CompletableFuture.completedFuture("x");
        new AnswerSpin().await(answer, System.nanoTime(), 1);
        assertThat(answer).isCompletedWithValue("x");
    }

    @Test
    void spinsMissingTheirAnswersStopTheSpinningSaveForAProbeNowAndThen() {
        AnswerSpin spin = new AnswerSpin();
        for (int i = 0; i < 4 && spin.worthSpinning(1); i++) {
            spin.waited(10_000, true, false); // the answer came after the spin ended
        }
        assertThat(spin.worthSpinning(1)).isFalse();
        int probes = 0;
        for (int i = 0; i < 10 * AnswerSpin.PROBE_EVERY; i++) {
            if (spin.worthSpinning(1)) {
                probes++;
            }
        }
        assertThat(probes).isEqualTo(10);
        // a probe that catches its answer brings the spinning back
        spin.waited(10_000, true, true);
        assertThat(spin.worthSpinning(1)).isTrue();
    }

    @Test
    void theSpinSettlesWhereAboutOneAnswerInFifteenMissesIt() {
        AnswerSpin spin = new AnswerSpin(100_000);
        assertThat(spin.spinLimit()).as("nothing learnt yet").isEqualTo(100_000);
        // answers spread evenly over 10-50 us, in a fixed shuffled order
        java.util.Random order = new java.util.Random(24);
        int caught = 0;
        int spun = 0;
        long limits = 0;
        for (int i = 0; i < 20_000; i++) {
            long answerAt = 10_000 + order.nextInt(40_001);
            if (!spin.worthSpinning(1)) {
                spin.waited(answerAt, false, false);
                continue;
            }
            boolean caughtIt = answerAt <= spin.spinLimit();
            if (i >= 10_000) {
                limits += spin.spinLimit();
                spun++;
                caught += caughtIt ? 1 : 0;
            }
            spin.waited(caughtIt ? answerAt : spin.spinLimit(), true, caughtIt);
        }
        // the 93rd percentile of 10-50 us is 47 us; the learning saws around it (a miss adds a quarter at once)
        assertThat(limits / spun).as("the spin's mean length").isBetween(40_000L, 52_000L);
        assertThat((double) caught / spun).isBetween(0.88, 0.97);
    }

    @Test
    void aFewAnswersCaughtAtOnceDoNotCutTheSpinShortOfTheRest() {
        AnswerSpin spin = new AnswerSpin(100_000);
        for (int i = 0; i < 20; i++) {
            spin.waited(1_000, true, true); // e.g. the caller preempted by the node's thread right after writing
        }
        assertThat(spin.spinLimit()).as("still catches a 60 us answer").isGreaterThan(60_000L);
        assertThat(spin.worthSpinning(1)).isTrue();
    }

    @Test
    void missesLengthenTheSpinUpToTheLongestOnlyAndAZeroLongestNeverSpins() {
        AnswerSpin spin = new AnswerSpin(100_000);
        for (int i = 0; i < 200; i++) {
            spin.waited(1_000, true, true);
        }
        long shortened = spin.spinLimit();
        assertThat(shortened).isLessThan(10_000L).isGreaterThanOrEqualTo(AnswerSpin.MIN_SPIN_NANOS);
        spin.waited(shortened, true, false);
        assertThat(spin.spinLimit()).isEqualTo(shortened + shortened / 4);
        for (int i = 0; i < 100; i++) {
            spin.waited(100_000, true, false);
        }
        assertThat(spin.spinLimit()).isEqualTo(100_000);
        assertThat(new AnswerSpin(0).worthSpinning(1)).isFalse();
        assertThat(new AnswerSpin(1_000).spinLimit()).as("a longest spin under the shortest learnt one").isEqualTo(1_000);
    }

    @Test
    void callsThatDidNotSpinTeachNothingButTheSlowNodeRule() {
        AnswerSpin spin = new AnswerSpin();
        spin.waited(30_000, false, false);
        assertThat(spin.spinLimit()).isEqualTo(AnswerSpin.SPIN_NANOS);
        assertThat(spin.worthSpinning(1)).isTrue();
        spin.waited(4 * AnswerSpin.FAST_NODE_NANOS, false, false);
        assertThat(spin.worthSpinning(1)).isFalse();
    }
}
