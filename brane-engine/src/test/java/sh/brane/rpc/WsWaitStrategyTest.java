package sh.brane.rpc;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tools.jackson.databind.JsonNode;

/**
 * The WebSocket ring's consumer is the connection's I/O thread, and it waits as the configured strategy says: an
 * idle BLOCKING or LITE_BLOCKING loop sleeps in its selector and uses no CPU, an idle BUSY_SPIN or YIELDING loop
 * keeps using it, an idle SLEEPING loop naps. Every strategy carries single calls and a burst. An idle provider has no
 * deadline armed, and its timer's thread parks with no timeout. States and CPU time are sampled; nothing is timed.
 */
class WsWaitStrategyTest {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    @RegisterExtension
    final WsTestRig rig = new WsTestRig();

    private WebSocketProvider provider(WaitStrategyType type, String name) throws InterruptedException {
        TestWsServer s = rig.server(TestWsServer.DEFAULT);
        return rig.provider(WebSocketConfig.builder(s.url()).waitStrategy(type).name(name)
                .requestTimeout(Duration.ofSeconds(5)).connectTimeout(Duration.ofSeconds(10)));
    }

    /** The I/O thread (the ring's consumer) of the provider named {@code name}: {@code brane-ws-<name>-<n>-io-...}. */
    private static Thread ioThread(String name) {
        List<Thread> loops = Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith("brane-ws-" + name + "-") && t.getName().contains("-io-"))
                .toList();
        assertThat(loops).as("I/O threads of provider %s", name).hasSize(1);
        assertThat(Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith("brane-ws-" + name + "-") && t.getName().contains("-writer-")))
                .as("no writer thread of its own").isEmpty();
        return loops.get(0);
    }

    private static long cpuNanos(Thread t) {
        return THREADS.getThreadCpuTime(t.threadId());
    }

    /** Waits until {@code t} has used {@code nanos} more CPU time: it keeps running while idle. */
    private static void awaitCpuUse(Thread t, long nanos) throws InterruptedException {
        long start = cpuNanos(t);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (cpuNanos(t) - start < nanos) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(t.getName() + " used " + (cpuNanos(t) - start) / 1_000
                        + " µs of CPU in 10 s while idle: it is not spinning");
            }
            Thread.sleep(20);
        }
    }

    /** Samples {@code t}'s stack until a frame is {@code type.method}. */
    private static void awaitFrame(Thread t, String type, String method) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (Arrays.stream(t.getStackTrace())
                .noneMatch(f -> f.getClassName().equals(type) && f.getMethodName().equals(method))) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(t.getName() + " is never in " + type + "." + method + ": "
                        + Arrays.toString(t.getStackTrace()));
            }
            Thread.sleep(1);
        }
    }

    @ParameterizedTest
    @EnumSource(WaitStrategyType.class)
    void theIoThreadCarriesEveryCallAndABurstWithEachStrategy(WaitStrategyType type) throws Exception {
        WebSocketProvider p = provider(type, "strategy-" + type);

        assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69");
        ioThread("strategy-" + type);
        List<CompletableFuture<JsonNode>> burst = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            burst.add(p.sendAsyncBatch("eth_chainId", List.of()));
        }
        for (CompletableFuture<JsonNode> f : burst) {
            assertThat(f.get(5, TimeUnit.SECONDS).asString()).isEqualTo("0x7a69");
        }
        assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69");
        assertThat(p.pendingRequests()).isZero();
    }

    @ParameterizedTest
    @EnumSource(value = WaitStrategyType.class, names = {"BLOCKING", "LITE_BLOCKING"})
    void anIdleBlockingLoopSleepsInItsSelector(WaitStrategyType type) throws Exception {
        WebSocketProvider p = provider(type, "asleep-" + type);
        p.send("eth_chainId", List.of());
        Thread io = ioThread("asleep-" + type);

        // a spinning loop uses every millisecond it is given; a sleeping one none
        long before = cpuNanos(io);
        Thread.sleep(300);
        assertThat(cpuNanos(io) - before).as("CPU time of the idle I/O thread over 300 ms, ns")
                .isLessThan(TimeUnit.MILLISECONDS.toNanos(30));
        assertThat(p.send("eth_chainId", List.of()).asString()).as("woken by the next call").isEqualTo("0x7a69");
    }

    @ParameterizedTest
    @EnumSource(value = WaitStrategyType.class, names = {"BUSY_SPIN", "YIELDING"})
    void anIdleSpinningLoopKeepsRunning(WaitStrategyType type) throws Exception {
        WebSocketProvider p = provider(type, "spinning-" + type);
        p.send("eth_chainId", List.of());

        awaitCpuUse(ioThread("spinning-" + type), TimeUnit.MILLISECONDS.toNanos(100));
    }

    @Test
    void anIdleSleepingLoopNaps() throws Exception {
        WebSocketProvider p = provider(WaitStrategyType.SLEEPING, "napping");
        p.send("eth_chainId", List.of());

        awaitFrame(ioThread("napping"), "java.util.concurrent.locks.LockSupport", "parkNanos");
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
