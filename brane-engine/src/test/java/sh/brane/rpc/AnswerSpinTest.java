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
    void theSpinLastsAQuarterAboveTheLearntRoundTripAndNeverOverTheWindow() {
        AnswerSpin spin = new AnswerSpin();
        assertThat(spin.spinLimit()).as("nothing learnt yet").isEqualTo(AnswerSpin.SPIN_NANOS);
        for (int i = 0; i < 100; i++) {
            spin.waited(20_000, true, true);
        }
        assertThat(spin.spinLimit()).isBetween(25_000L, 40_000L);
        for (int i = 0; i < 100; i++) {
            spin.waited(45_000, true, true);
        }
        assertThat(spin.spinLimit()).isEqualTo(AnswerSpin.SPIN_NANOS);
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
