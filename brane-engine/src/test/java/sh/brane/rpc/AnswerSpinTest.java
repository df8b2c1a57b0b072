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
        spin.answered(System.nanoTime() - AnswerSpin.SPIN_NANOS);
        assertThat(spin.worthSpinning(1)).isTrue();
    }

    @Test
    void nobodySpinsForANodeWhoseLastAnswerWasSlowUntilAnAnswerIsFastAgain() {
        AnswerSpin spin = new AnswerSpin();
        spin.answered(System.nanoTime() - 4 * AnswerSpin.FAST_NODE_NANOS);
        assertThat(spin.worthSpinning(1)).isFalse();
        spin.answered(System.nanoTime() - AnswerSpin.SPIN_NANOS);
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
}
