package sh.brane.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import sh.brane.devnet.Anvil;
import sh.brane.rpc.BraneProvider;
import sh.brane.rpc.HttpConfig;
import sh.brane.rpc.HttpProvider;
import sh.brane.rpc.WebSocketConfig;
import sh.brane.rpc.WebSocketProvider;

/**
 * What every fault scenario shares: one Anvil per test class behind a fresh {@link FaultProxy} per test,
 * providers with short timeouts, and the checks that must hold after any fault.
 */
abstract class FaultScenarioSupport {

    /** Every request in these tests has this timeout, so it must end within it plus one second. */
    static final Duration TIMEOUT = Duration.ofSeconds(3);

    static Anvil anvil;
    FaultProxy proxy;
    Set<Thread> threadsBefore;
    final CountingMetrics metrics = new CountingMetrics();

    @BeforeAll
    static void startNode() {
        NettyLeaks.watch();
        anvil = Anvil.start();
    }

    @AfterAll
    static void stopNode() {
        if (anvil != null) {
            anvil.close();
            anvil = null;
        }
        NettyLeaks.unwatch();
    }

    @BeforeEach
    void snapshotThreads() throws InterruptedException {
        if (!anvil.isRunning()) {
            anvil.restart();
        }
        threadsBefore = ProviderThreads.snapshot();
        NettyLeaks.collect(); // drop reports from earlier tests in this JVM; only this test's count
    }

    @AfterEach
    void closeProxy() {
        if (proxy != null) {
            proxy.close();
        }
    }

    static String account() {
        return anvil.account(0).address();
    }

    WebSocketProvider webSocket(String name, String url) {
        WebSocketProvider p = WebSocketProvider.create(WebSocketConfig.builder(url)
                .name(name)
                .requestTimeout(TIMEOUT)
                .connectTimeout(Duration.ofSeconds(2))
                .pingInterval(Duration.ofMillis(500))
                .readIdleTimeout(Duration.ofSeconds(2))
                .reconnectInitialBackoff(Duration.ofMillis(50))
                .reconnectMaxBackoff(Duration.ofMillis(500))
                .build());
        p.setMetrics(metrics);
        return p;
    }

    HttpProvider http(String name, String url) {
        HttpProvider p = HttpProvider.create(HttpConfig.builder(url)
                .name(name)
                .requestTimeout(TIMEOUT)
                .connectTimeout(Duration.ofSeconds(2))
                .retryInitialBackoff(Duration.ofMillis(50))
                .retryMaxBackoff(Duration.ofMillis(500))
                .build());
        p.setMetrics(metrics);
        return p;
    }

    /** Stops the load and checks that every request ended in time with a result or a typed error. */
    static SteadyLoad.Report assertEveryRequestEnded(SteadyLoad load) throws InterruptedException {
        SteadyLoad.Report report = load.stop();
        System.out.println("    load: " + report);
        assertThat(report.violations()).as("requests that broke the contract").isEmpty();
        assertThat(report.total()).as("requests sent").isGreaterThan(20);
        return report;
    }

    static void assertPendingDrains(BraneProvider p) throws InterruptedException {
        long deadline = System.nanoTime() + 2_000_000_000L;
        while (p.pendingRequests() != 0 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(p.pendingRequests()).as("pending requests after the load ended").isZero();
    }

    /** Waits (at most 5 s) until {@code condition} holds, then asserts that it does. */
    static void awaitCount(String what, java.util.function.BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (!condition.getAsBoolean() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(condition.getAsBoolean()).as(what).isTrue();
    }

    static void awaitConnected(WebSocketProvider p, Duration within) throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        while (!p.isConnected() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(p.isConnected()).as("reconnected within " + within).isTrue();
    }

    /** After recovery: first wait (bounded) for one success, then 20 requests in a row must all succeed. */
    static void assertRequestsSucceed(BraneProvider p) throws Exception {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (true) {
            try {
                p.sendAsync("eth_chainId", List.of()).get(5, TimeUnit.SECONDS);
                break;
            } catch (ExecutionException | TimeoutException e) {
                if (System.nanoTime() > deadline) {
                    throw new AssertionError("no request succeeded within 10 s after recovery", e);
                }
                Thread.sleep(100);
            }
        }
        for (int i = 0; i < 20; i++) {
            assertThat(p.sendAsync("eth_blockNumber", List.of()).get(5, TimeUnit.SECONDS).asString()).startsWith("0x");
        }
        assertThat(p.sendBatch(List.of(sh.brane.rpc.RpcCall.of("eth_chainId"))).get(0).get(5, TimeUnit.SECONDS)
                .asString()).isEqualTo("0x7a69");
    }

    static String threadNamePrefix(BraneProvider p) {
        if (p instanceof WebSocketProvider ws) {
            return "brane-ws-" + ws.config().name() + "-";
        }
        return "brane-http-" + ((HttpProvider) p).config().name() + "-";
    }

    /** Closes the provider and checks it leaves no pending request, no thread and no unreleased buffer. */
    void closeAndAssertClean(BraneProvider p) throws InterruptedException {
        p.close();
        assertThat(p.pendingRequests()).isZero();
        assertThat(ProviderThreads.leakedSince(threadsBefore)).as("provider threads alive after close()").isEmpty();
        assertThat(ProviderThreads.aliveNamed(threadNamePrefix(p))).as("threads (virtual included) named by the "
                + "provider, alive after close()").isEmpty();
        assertThat(NettyLeaks.collect()).as("Netty LEAK reports").isEmpty();
    }
}
