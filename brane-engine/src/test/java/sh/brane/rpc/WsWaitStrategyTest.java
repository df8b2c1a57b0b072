package sh.brane.rpc;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import com.lmax.disruptor.BlockingWaitStrategy;
import com.lmax.disruptor.BusySpinWaitStrategy;
import com.lmax.disruptor.LiteBlockingWaitStrategy;
import com.lmax.disruptor.SleepingWaitStrategy;
import com.lmax.disruptor.WaitStrategy;
import com.lmax.disruptor.YieldingWaitStrategy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tools.jackson.databind.JsonNode;

/**
 * The WebSocket ring's consumer waits in the configured strategy, and the strategy does what its name says: an
 * idle BLOCKING consumer is parked, an idle BUSY_SPIN one stays on its core. An idle provider has no deadline
 * armed, and its timer's thread parks with no timeout. Thread states are sampled, never timed.
 */
class WsWaitStrategyTest {

    @RegisterExtension
    final WsTestRig rig = new WsTestRig();

    private WebSocketProvider provider(WaitStrategyType type, String name) throws InterruptedException {
        TestWsServer s = rig.server(TestWsServer.DEFAULT);
        return rig.provider(WebSocketConfig.builder(s.url()).waitStrategy(type).name(name)
                .requestTimeout(Duration.ofSeconds(5)).connectTimeout(Duration.ofSeconds(10)));
    }

    /** The ring's consumer of the provider named {@code name}, found by its thread name
     *  ({@code brane-ws-<name>-<n>-writer-...}). */
    private static Thread consumer(String name) {
        List<Thread> writers = Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith("brane-ws-" + name + "-") && t.getName().contains("-writer-"))
                .toList();
        assertThat(writers).as("writer threads of provider %s", name).hasSize(1);
        return writers.get(0);
    }

    /** Samples {@code t}'s stack until a frame is in {@code type}: an idle consumer sits in its strategy's wait. */
    private static void awaitWaitingIn(Thread t, Class<?> type) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (Arrays.stream(t.getStackTrace()).noneMatch(f -> f.getClassName().equals(type.getName()))) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(t.getName() + " is not waiting in " + type.getSimpleName() + ": "
                        + Arrays.toString(t.getStackTrace()));
            }
            Thread.sleep(5);
        }
    }

    private static Class<? extends WaitStrategy> expected(WaitStrategyType type) {
        return switch (type) {
            case BLOCKING -> BlockingWaitStrategy.class;
            case LITE_BLOCKING -> LiteBlockingWaitStrategy.class;
            case SLEEPING -> SleepingWaitStrategy.class;
            case YIELDING -> YieldingWaitStrategy.class;
            case BUSY_SPIN -> BusySpinWaitStrategy.class;
        };
    }

    @ParameterizedTest
    @EnumSource(WaitStrategyType.class)
    void theRingsConsumerWaitsWithTheConfiguredStrategyAndCarriesEveryCall(WaitStrategyType type) throws Exception {
        WebSocketProvider p = provider(type, "strategy-" + type);

        assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69");
        awaitWaitingIn(consumer("strategy-" + type), expected(type));
        List<CompletableFuture<JsonNode>> burst = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            burst.add(p.sendAsyncBatch("eth_chainId", List.of()));
        }
        for (CompletableFuture<JsonNode> f : burst) {
            assertThat(f.get(5, TimeUnit.SECONDS).asString()).isEqualTo("0x7a69");
        }
        assertThat(p.pendingRequests()).isZero();
    }

    @Test
    void anIdleBlockingConsumerIsParked() throws Exception {
        WebSocketProvider p = provider(WaitStrategyType.BLOCKING, "parked");
        p.send("eth_chainId", List.of());
        Thread consumer = consumer("parked");

        awaitState(consumer, Thread.State.WAITING);
    }

    @Test
    void anIdleBusySpinConsumerKeepsRunning() throws Exception {
        WebSocketProvider p = provider(WaitStrategyType.BUSY_SPIN, "spinning");
        p.send("eth_chainId", List.of());
        Thread consumer = consumer("spinning");

        for (int i = 0; i < 20; i++) {
            assertThat(consumer.getState()).as("sample %d of the idle consumer", i).isEqualTo(Thread.State.RUNNABLE);
            Thread.sleep(5);
        }
    }

    @Test
    void anIdleProviderHasNoDeadlineArmedAndItsTimerParksWithoutTimeout() throws Exception {
        WebSocketProvider p = provider(WaitStrategyType.BLOCKING, "idle");
        CompletableFuture<JsonNode> f = p.sendAsync("eth_chainId", List.of(), Duration.ofMillis(200));
        f.get(5, TimeUnit.SECONDS);
        p.send("eth_chainId", List.of());

        assertThat(p.pendingRequests()).isZero();
        // the one wake-up armed (the 200 ms call's deadline) finds nothing in flight, and arms nothing after it
        awaitState(p.deadlines().thread(), Thread.State.WAITING);
        assertThat(p.deadlines().armed()).as("a deadline left armed by answered calls").isFalse();
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
