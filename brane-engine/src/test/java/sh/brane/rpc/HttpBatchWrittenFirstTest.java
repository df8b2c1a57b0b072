package sh.brane.rpc;

import static org.assertj.core.api.Assertions.assertThat;
import static sh.brane.rpc.RawHttpServer.After.KEEP_OPEN;
import static sh.brane.rpc.RawHttpServer.ok;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/**
 * {@code sendBatchAndWait} on the caller's own connection admits its calls once the batch is written, while the node
 * works on it ({@code HttpProvider.sendWrittenFirst}): the work {@link CallerThreadHttp#post} runs between the write
 * and the read, and the room the table holds for the batch, which every ending gives back. The timeout is a hang
 * guard only, on a thread of its own: a call never admitted would leave {@code sendBatchAndWait} waiting for good.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class HttpBatchWrittenFirstTest {

    @RegisterExtension
    final TestResources toClose = new TestResources();

    private static final List<RpcCall> CALLS = List.of(new RpcCall("eth_chainId", List.of()),
            new RpcCall("fail", List.of()), new RpcCall("echo", List.of(7)));

    private static final byte[] BODY = "[{}]".getBytes(StandardCharsets.US_ASCII);

    /** An HTTP server answering as {@link HttpProviderTest#ANSWER}, after {@code beforeAnswering} has run. */
    private String server(Runnable beforeAnswering) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 50);
        server.createContext("/", ex -> {
            try (ex) {
                JsonNode body = TestWsServer.JSON.readTree(ex.getRequestBody().readAllBytes());
                beforeAnswering.run();
                HttpProviderTest.ANSWER.handle(ex, body, 0);
            }
        });
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.start();
        toClose.add(() -> server.stop(0));
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    private HttpProvider provider(HttpConfig.Builder b) {
        return toClose.add(HttpProvider.create(b.build()));
    }

    /** A port nothing listens on: one just given back. */
    private static int refusedPort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    @Test
    void theWorkWhileAnsweringRunsOnceTheNodeHasTheRequestAndBeforeItsAnswerIsRead() throws Exception {
        CountDownLatch received = new CountDownLatch(1);
        CountDownLatch ran = new CountDownLatch(1);
        RawHttpServer s = toClose.add(new RawHttpServer((req, out, n) -> {
            received.countDown();
            boolean waitedFor = ran.await(10, TimeUnit.SECONDS);
            out.write(ok(waitedFor ? "\"after the work\"" : "\"before the work\""));
            return KEEP_OPEN;
        }));
        CallerThreadHttp http = toClose.add(new CallerThreadHttp(HttpConfig.builder(s.url()).build()));
        AtomicBoolean nodeHadIt = new AtomicBoolean();
        AtomicInteger runs = new AtomicInteger();

        HttpTransport.HttpReply reply = http.post(BODY, Map.of(), Duration.ofSeconds(20).toNanos(), null, null, () -> {
            runs.incrementAndGet();
            try {
                nodeHadIt.set(received.await(10, TimeUnit.SECONDS));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            ran.countDown();
        }).join();
        try {
            assertThat(nodeHadIt).as("the request had reached the node when the work ran").isTrue();
            assertThat(reply.body().toString(StandardCharsets.UTF_8)).isEqualTo("\"after the work\"");
            assertThat(runs).hasValue(1);
        } finally {
            reply.release();
        }
    }

    @Test
    void theWorkWhileAnsweringRunsWhenTheConnectionCannotBeOpenedAndNotWhenNothingIsSent() throws Exception {
        HttpConfig config = HttpConfig.builder("http://127.0.0.1:" + refusedPort()).build();
        CallerThreadHttp http = toClose.add(new CallerThreadHttp(config));
        AtomicInteger runs = new AtomicInteger();

        CompletableFuture<HttpTransport.HttpReply> failed = http.post(BODY, Map.of(), Duration.ofSeconds(5).toNanos(),
                null, null, runs::incrementAndGet);
        assertThat(failed).isCompletedExceptionally();
        assertThat(runs).as("run once for the failed attempt").hasValue(1);

        http.close();
        assertThat(http.post(BODY, Map.of(), Duration.ofSeconds(5).toNanos(), null, null, runs::incrementAndGet))
                .as("closed: nothing sent").isNull();
        assertThat(runs).as("not run when nothing was sent").hasValue(1);
    }

    @Test
    void theCallsAreInFlightWhileTheNodeWorksAndNothingIsLeftAfterwards() throws Exception {
        AtomicInteger seenByTheNode = new AtomicInteger(-1);
        HttpProvider[] p = new HttpProvider[1];
        String url = server(() -> {
            // the calls are admitted just after the write: wait for them (a lost admission would show 0 here)
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (p[0].pendingRequests() < CALLS.size() && System.nanoTime() < until) {
                Thread.onSpinWait();
            }
            seenByTheNode.set(p[0].pendingRequests());
        });
        p[0] = provider(HttpConfig.builder(url).requestTimeout(Duration.ofSeconds(20)));

        List<CompletableFuture<JsonNode>> fs = p[0].sendBatchAndWait(CALLS);

        assertThat(seenByTheNode).as("in flight while the node answered").hasValue(CALLS.size());
        assertThat(fs.get(0).join().asString()).isEqualTo("0x7a69");
        assertThat(fs.get(1).exceptionNow()).isInstanceOf(RpcErrorException.class);
        assertThat(fs.get(2).join().toString()).isEqualTo("[7]");
        assertThat(p[0].pendingRequests()).isZero();
    }

    @Test
    void aBatchToANodeThatCannotBeReachedEndsEveryCallAndGivesItsRoomBack() throws Exception {
        HttpProvider p = provider(HttpConfig.builder("http://127.0.0.1:" + refusedPort()).maxRetries(0)
                .maxPendingRequests(3));

        for (int i = 0; i < 2; i++) {
            List<CompletableFuture<JsonNode>> fs = p.sendBatchAndWait(CALLS);
            assertThat(fs).hasSize(3).allSatisfy(f -> assertThat(f.exceptionNow())
                    .isInstanceOf(ConnectionLostException.class).hasMessageContaining("cannot connect"));
            assertThat(p.pendingRequests()).as("room given back, so the next batch fits").isZero();
        }
    }

    @Test
    void aBatchTheNodeDoesNotAnswerInTimeEndsAtItsTimeoutAndGivesItsRoomBack() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        toClose.add(release::countDown);
        String url = server(() -> {
            try {
                release.await(20, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        HttpProvider p = provider(HttpConfig.builder(url).requestTimeout(Duration.ofMillis(300)).maxRetries(0));

        List<CompletableFuture<JsonNode>> fs = p.sendBatchAndWait(CALLS);

        assertThat(fs).hasSize(3).allSatisfy(f -> assertThat(f.exceptionNow())
                .isInstanceOf(RpcTimeoutException.class).hasMessageContaining("batch of 3"));
        assertThat(p.pendingRequests()).isZero();
    }

    @Test
    void aBatchLargerThanTheRoomLeftIsAdmittedCallByCallAsBefore() throws Exception {
        HttpProvider p = provider(HttpConfig.builder(server(() -> { })).maxPendingRequests(2));

        List<CompletableFuture<JsonNode>> fs = p.sendBatchAndWait(CALLS);

        assertThat(fs.get(0).join().asString()).isEqualTo("0x7a69");
        assertThat(fs.get(1).exceptionNow()).isInstanceOf(RpcErrorException.class);
        assertThat(fs.get(2).exceptionNow()).isInstanceOf(BackpressureException.class)
                .hasMessageContaining("maxPendingRequests (2)");
        assertThat(p.pendingRequests()).isZero();
    }

    @Test
    void closingTheProviderWhileTheNodeWorksEndsEveryCall() throws Exception {
        CountDownLatch received = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        toClose.add(release::countDown);
        String url = server(() -> {
            received.countDown();
            try {
                release.await(20, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        HttpProvider p = provider(HttpConfig.builder(url).requestTimeout(Duration.ofSeconds(20)));
        Thread closer = Thread.ofPlatform().start(() -> {
            try {
                if (received.await(10, TimeUnit.SECONDS)) {
                    p.close();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });

        List<CompletableFuture<JsonNode>> fs = p.sendBatchAndWait(CALLS);
        closer.join();

        assertThat(fs).hasSize(3).allSatisfy(f -> assertThat(f.exceptionNow())
                .isInstanceOf(ConnectionLostException.class));
        assertThat(p.pendingRequests()).isZero();
    }
}
