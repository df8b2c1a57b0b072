package sh.brane.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import sh.brane.rpc.BraneRpcException;
import sh.brane.rpc.InvalidResponseException;
import sh.brane.rpc.RpcTimeoutException;
import sh.brane.rpc.Subscription;
import sh.brane.rpc.WebSocketProvider;
import tools.jackson.databind.JsonNode;

/**
 * Faults between a {@link WebSocketProvider} and a real Anvil, injected by a {@link FaultProxy} while
 * several threads send. After each: every request ended within its timeout plus one second with a result or
 * a typed {@link BraneRpcException}, the pending table is empty, the newHeads subscription made before the
 * fault delivers again, requests succeed, and close() leaves no thread and no leaked buffer.
 */
class WebSocketFaultsTest extends FaultScenarioSupport {

    /** The fault, applied while the load runs; returns when the fault is over. */
    @FunctionalInterface
    interface Fault {
        void apply(WebSocketProvider provider) throws Exception;
    }

    /** Runs the load, applies the fault, then checks recovery; returns the load's report. */
    private SteadyLoad.Report underLoad(String name, Fault fault) throws Exception {
        WebSocketProvider p = webSocket(name, proxy.wsUrl());
        HeadWatch heads = new HeadWatch();
        Subscription sub = p.subscribe(List.of("newHeads"), heads).get(5, TimeUnit.SECONDS);
        assertThat(heads.awaitNextHead(p, Duration.ofSeconds(5))).as("newHeads before the fault").isTrue();

        SteadyLoad load = new SteadyLoad(p, TIMEOUT, 3, account()).start();
        Thread.sleep(500);
        fault.apply(p);
        awaitConnected(p, Duration.ofSeconds(10));
        load.mark();
        Thread.sleep(1000);
        SteadyLoad.Report report = assertEveryRequestEnded(load);
        System.out.println("    metrics: " + metrics.snapshot());
        assertPendingDrains(p);

        assertThat(heads.error).as("subscription error").isNull();
        assertThat(sub.isActive()).isTrue();
        assertThat(heads.awaitNextHead(p, Duration.ofSeconds(10))).as("newHeads resumes after recovery").isTrue();
        assertRequestsSucceed(p);
        closeAndAssertClean(p);
        return report;
    }

    @Test
    void nodeKilledUnderLoadAndRestartedAfterFiveSeconds() throws Exception {
        proxy = FaultProxy.raw(anvil.port());
        SteadyLoad.Report report = underLoad("killed", p -> {
            anvil.stop();
            Thread.sleep(5000);
            assertThat(p.isConnected()).as("connected while the node is down").isFalse();
            anvil.restart();
        });
        assertThat(metrics.count("connectionLost")).isPositive();
        assertThat(metrics.count("reconnected")).isPositive();
        assertThat(report.failuresByType()).containsKey("ConnectionLostException");
    }

    @Test
    void everyConnectionCutTwiceUnderLoad() throws Exception {
        proxy = FaultProxy.raw(anvil.port());
        underLoad("cut", p -> {
            for (int i = 0; i < 2; i++) {
                proxy.cutAll();
                awaitConnected(p, Duration.ofSeconds(5));
                Thread.sleep(500);
            }
        });
        assertThat(metrics.count("reconnected")).isGreaterThanOrEqualTo(2);
    }

    @Test
    void halfOpenConnectionIsDetectedAndReplaced() throws Exception {
        proxy = FaultProxy.raw(anvil.port());
        SteadyLoad.Report report = underLoad("halfopen", p -> {
            proxy.stall(true);
            // longer than readIdleTimeout (2 s) and than the request timeout (3 s)
            Thread.sleep(5000);
            proxy.stall(false);
        });
        assertThat(metrics.count("connectionLost")).as("the dead connection was given up").isPositive();
        assertThat(report.failuresByType().keySet()).containsAnyOf("RpcTimeoutException", "ConnectionLostException");
    }

    @Test
    void slowNodeSendingTinySegments() throws Exception {
        proxy = FaultProxy.raw(anvil.port());
        underLoad("slow", p -> {
            proxy.fragment(true);
            proxy.delay(150);
            Thread.sleep(4000);
            proxy.delay(0);
            proxy.fragment(false);
        });
    }

    @Test
    void tinySegmentsAloneLoseNothing() throws Exception {
        proxy = FaultProxy.raw(anvil.port());
        SteadyLoad.Report report = underLoad("segments", p -> {
            proxy.fragment(true);
            Thread.sleep(3000);
            proxy.fragment(false);
        });
        assertThat(report.failuresByType()).as("failures with 1..7-byte segments").isEmpty();
    }

    @Test
    void responsesDuplicatedAndOutOfOrder() throws Exception {
        proxy = FaultProxy.webSocketFrames(anvil.port());
        SteadyLoad.Report report = underLoad("dupes", p -> {
            proxy.duplicateEvery(3);
            proxy.reorder(true);
            Thread.sleep(3000);
            proxy.reorder(false);
            proxy.duplicateEvery(0);
        });
        assertThat(proxy.duplicatedFrames()).isPositive();
        assertThat(proxy.reorderedFrames()).isPositive();
        assertThat(metrics.count("orphaned")).as("duplicates seen as orphaned responses").isPositive();
        assertThat(report.failuresByType()).as("failures when answers come twice or swapped").isEmpty();
        assertThat(metrics.count("connectionLost")).isZero();
    }

    @Test
    void bytesThatAreNotWebSocketFramesDropTheConnection() throws Exception {
        proxy = FaultProxy.webSocketFrames(anvil.port());
        byte[][] garbage = {
                {(byte) 0x83, 0x02, 'h', 'i'},                        // reserved opcode 3
                {(byte) 0xF1, 0x01, 'x'},                             // RSV bits set, no extension agreed
                {(byte) 0x81, (byte) 0x82, 1, 2, 3, 4, 'a', 'b'},     // a masked frame from the server
                {(byte) 0x89, 0x7E, 0x00, (byte) 0x80},               // a ping longer than 125 bytes
                {(byte) 0x00, 0x01, 'z'},                             // a continuation with no message started
        };
        underLoad("garbage", p -> {
            for (byte[] g : garbage) {
                long reconnects = metrics.count("reconnected");
                long lost = metrics.count("connectionLost");
                proxy.injectToClients(g);
                awaitCount("connectionLost or orphaned", () -> metrics.count("connectionLost") > lost
                        || metrics.count("orphaned") > 0);
                awaitConnected(p, Duration.ofSeconds(5));
                System.out.println("    after " + hex(g) + ": reconnects " + reconnects + " -> "
                        + metrics.count("reconnected"));
                Thread.sleep(300);
            }
        });
        assertThat(metrics.count("connectionLost")).as("protocol violations drop the connection").isGreaterThanOrEqualTo(4);
    }

    @Test
    void aFrameHeaderAnnouncingAHugePayloadDoesNotWedgeTheConnection() throws Exception {
        proxy = FaultProxy.webSocketFrames(anvil.port());
        // a text frame header that announces 15 MB (under the 16 MB decoder limit): every later byte from the
        // node becomes its payload, so no response can ever be read on this connection again
        byte[] header = {(byte) 0x81, 0x7F, 0, 0, 0, 0, 0x00, (byte) 0xE4, (byte) 0xE1, (byte) 0xC0};
        underLoad("wedged", p -> {
            proxy.injectToClients(header);
            Thread.sleep(6000);
        });
        assertThat(metrics.count("connectionLost")).as("the wedged connection was replaced").isPositive();
    }

    @Test
    void framesCarryingInvalidJson() throws Exception {
        proxy = FaultProxy.webSocketFrames(anvil.port());
        String[] payloads = {
                "not json at all",
                "{\"jsonrpc\":\"2.0\",\"id\":",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":}",
                "[{\"jsonrpc\":\"2.0\",\"id\":\"x\"",
                "{\"jsonrpc\":\"2.0\",\"id\":99999999999999999999999999,\"result\":\"0x1\"}",
                "{\"jsonrpc\":\"2.0\",\"method\":\"eth_subscription\",\"params\":{\"subscription\":\"0xdead\",\"result\":{}}}",
                "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32700,\"message\":\"Parse error\"}}",
                "\u0000\u0001\u0002",
                "",
                "{}",
                "[]",
                "{\"jsonrpc\":\"2.0\",\"id\":1e400,\"result\":\"0x1\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":-1,\"result\":[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}",
        };
        SteadyLoad.Report report = underLoad("badjson", p -> {
            for (String s : payloads) {
                proxy.injectToClients(FaultProxy.textFrame(s));
                Thread.sleep(50);
            }
            Thread.sleep(500);
        });
        assertThat(metrics.count("orphaned")).as("unmatched messages counted").isGreaterThanOrEqualTo(payloads.length - 4);
        assertThat(metrics.count("connectionLost")).as("the connection is kept").isZero();
        assertThat(report.failuresByType()).as("failures while junk frames arrive").isEmpty();
    }

    @Test
    void invalidJsonCarryingTheIdOfAPendingRequestFailsOnlyThatRequest() throws Exception {
        proxy = FaultProxy.webSocketFrames(anvil.port());
        AtomicLong lastId = new AtomicLong(-1);
        Pattern idPattern = Pattern.compile("\"id\":(\\d+)");
        proxy.onClientText(text -> {
            Matcher m = idPattern.matcher(text);
            if (m.find()) {
                lastId.set(Long.parseLong(m.group(1)));
            }
        });
        try (WebSocketProvider p = webSocket("badid", proxy.wsUrl())) {
            for (String body : new String[] {"{\"jsonrpc\":\"2.0\",\"id\":%d,\"result\":0x12}",
                    "{\"jsonrpc\":\"2.0\",\"id\":%d,\"result\":\"0x1\"",
                    "{\"jsonrpc\":\"2.0\",\"id\":%d,\"error\":{\"code\":\"x\"}}"}) {
                // the request is held 300 ms in the proxy, so the forged answer arrives before the real one
                proxy.delay(300);
                CompletableFuture<JsonNode> f = p.sendAsync("eth_chainId", List.of());
                long deadline = System.nanoTime() + 2_000_000_000L;
                while (lastId.get() < 0 && System.nanoTime() < deadline) {
                    Thread.sleep(5);
                }
                long id = lastId.getAndSet(-1);
                proxy.delay(0);
                proxy.injectToClients(FaultProxy.textFrame(String.format(body, id)));
                // either the forged answer fails this request (typed), or it is dropped as malformed and the
                // node's real answer completes it; never does the forged value come back as a result
                Object outcome = outcomeOf(f);
                System.out.println("    forged " + String.format(body, id) + " -> " + outcome);
                if (outcome instanceof Throwable failure) {
                    assertThat(failure).isInstanceOfAny(InvalidResponseException.class, RpcTimeoutException.class,
                            sh.brane.rpc.RpcErrorException.class);
                } else {
                    assertThat(((JsonNode) outcome).asString()).isEqualTo("0x7a69");
                }
                assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69");
            }
            assertPendingDrains(p);
            p.close();
            assertThat(NettyLeaks.collect()).isEmpty();
        }
    }

    /**
     * The node is slow right after a reconnect: the re-subscription's answer comes after the request timeout.
     * That is a transient failure like a lost connection, so the subscription must not die of it.
     */
    @Test
    void subscriptionSurvivesAResubscribeThatTimesOut() throws Exception {
        proxy = FaultProxy.raw(anvil.port());
        WebSocketProvider p = WebSocketProvider.create(sh.brane.rpc.WebSocketConfig.builder(proxy.wsUrl())
                .name("slowresub")
                .requestTimeout(Duration.ofSeconds(1))
                .connectTimeout(Duration.ofSeconds(5))
                .pingInterval(Duration.ofMillis(500))
                .readIdleTimeout(Duration.ofSeconds(10))
                .reconnectInitialBackoff(Duration.ofMillis(50))
                .reconnectMaxBackoff(Duration.ofMillis(200))
                .build());
        p.setMetrics(metrics);
        HeadWatch heads = new HeadWatch();
        Subscription sub = p.subscribe(List.of("newHeads"), heads).get(5, TimeUnit.SECONDS);
        assertThat(heads.awaitNextHead(p, Duration.ofSeconds(5))).isTrue();

        proxy.delay(1500); // each way: an answer takes 3 s, three times the request timeout
        proxy.cutAll();
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (metrics.count("reconnected") == 0 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(metrics.count("reconnected")).as("reconnected through the slow proxy").isPositive();
        Thread.sleep(4000); // the re-subscription times out in here
        proxy.delay(0);

        System.out.println("    metrics: " + metrics.snapshot() + ", subscription error: " + heads.error);
        assertThat(heads.error).as("error reported to the subscription").isNull();
        assertThat(sub.isActive()).as("subscription still active").isTrue();
        assertThat(heads.awaitNextHead(p, Duration.ofSeconds(10))).as("newHeads resumes once the node is fast again").isTrue();
        closeAndAssertClean(p);
    }

    /** The result, or the failure, of a future that must end within its timeout plus one second. */
    private static Object outcomeOf(CompletableFuture<?> f) throws Exception {
        try {
            return f.get(TIMEOUT.toMillis() + 1000, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            return e.getCause();
        }
    }

    private static String hex(byte[] b) {
        StringBuilder s = new StringBuilder();
        for (byte x : b) {
            s.append(String.format("%02x", x));
        }
        return s.toString();
    }
}
