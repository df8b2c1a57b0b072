package sh.brane.spring.boot.autoconfigure;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import sh.brane.rpc.HttpConfig;
import sh.brane.rpc.HttpProvider;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Shutdown drains through {@code stop(Runnable)}: the shutdown thread is not held (Spring's lifecycle processor
 * waits for the callback within {@code spring.lifecycle.timeout-per-shutdown-phase}), the callback comes once the
 * node answered or at {@code brane.shutdown.timeout}.
 */
class BraneProviderLifecycleTests {

    @Test
    void stopWithACallbackReturnsAtOnceAndCallsBackAtTheShutdownTimeoutWhileARequestHangs() throws Exception {
        try (SilentServer node = SilentServer.start();
                HttpProvider provider = HttpProvider.create(HttpConfig.builder("http://127.0.0.1:" + node.port())
                    .requestTimeout(Duration.ofSeconds(30))
                    .build())) {
            var hanging = provider.sendAsync("eth_blockNumber", List.of());
            BraneProviderLifecycle lifecycle = new BraneProviderLifecycle(() -> List.of(provider),
                    Duration.ofMillis(500));
            lifecycle.start();
            CountDownLatch called = new CountDownLatch(1);
            long start = System.nanoTime();
            lifecycle.stop(called::countDown);
            long returnedAfter = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertThat(returnedAfter).as("stop(Runnable) does not hold the shutdown thread").isLessThan(300);
            assertThat(lifecycle.isRunning()).isFalse();
            assertThat(called.await(5, TimeUnit.SECONDS)).as("called back at brane.shutdown.timeout").isTrue();
            long calledAfter = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertThat(calledAfter).isBetween(450L, 5_000L);
            assertThat(hanging).isNotDone();
        }
    }

    @Test
    void aStoppedLifecycleCallsBackAtOnce() {
        BraneProviderLifecycle lifecycle = new BraneProviderLifecycle(List::of, Duration.ofSeconds(5));
        CountDownLatch called = new CountDownLatch(1);
        lifecycle.stop(called::countDown);
        assertThat(called.getCount()).isZero();
    }
}
