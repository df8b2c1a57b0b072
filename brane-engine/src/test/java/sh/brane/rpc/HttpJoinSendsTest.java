package sh.brane.rpc;

import static org.assertj.core.api.Assertions.assertThat;
import static sh.brane.rpc.RawHttpServer.After.KEEP_OPEN;
import static sh.brane.rpc.RawHttpServer.ok;
import static sh.brane.rpc.RawHttpServer.result;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/**
 * An asynchronous HTTP call whose caller joins it before the event loop has written it is sent by that caller on
 * its own thread ({@link AnswerFuture#offerDeparture}); whoever claims it first sends it, the other nothing, so no
 * request ever leaves twice. The timeout is a hang guard only.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class HttpJoinSendsTest {

    private static final long FIVE_SECONDS = TimeUnit.SECONDS.toNanos(5);

    @RegisterExtension
    final TestResources toClose = new TestResources();

    /** Answers a single call or a batch, every call with "0x1". */
    private static final RawHttpServer.Responder ANSWER_ALL = (req, out, n) -> {
        JsonNode json = req.json();
        if (!json.isArray()) {
            out.write(ok(result(req.id(), "0x1")));
            return KEEP_OPEN;
        }
        StringBuilder b = new StringBuilder("[");
        for (JsonNode call : json) {
            b.append(b.length() > 1 ? "," : "").append(result(call.get("id").asLong(), "0x1"));
        }
        out.write(ok(b.append(']').toString()));
        return KEEP_OPEN;
    };

    /** One {@code eth_chainId} request body, as the provider would write it. */
    private static final byte[] ONE_CALL = "{\"jsonrpc\":\"2.0\",\"method\":\"eth_chainId\",\"params\":[],\"id\":1}"
            .getBytes(StandardCharsets.UTF_8);

    private NettyHttpTransport transport(RawHttpServer s, int maxConnections) {
        return toClose.add(new NettyHttpTransport(HttpConfig.builder(s.url()).build(), "brane-http-join-test-",
                maxConnections));
    }

    private static HttpConfig config(RawHttpServer s) {
        return HttpConfig.builder(s.url()).requestTimeout(Duration.ofSeconds(10)).build();
    }

    /** How many times the server read each JSON-RPC id. */
    private static Map<Long, Integer> idsSeen(RawHttpServer s) {
        Map<Long, Integer> seen = new HashMap<>();
        for (RawHttpServer.Request r : s.requests) {
            JsonNode json = r.json();
            for (JsonNode call : json.isArray() ? json : List.of(json)) {
                seen.merge(call.get("id").asLong(), 1, Integer::sum);
            }
        }
        return seen;
    }

    @Test
    void callsJoinedAtOnceAreSentOnceEachAndMostlyByTheirCaller() throws Exception {
        RawHttpServer s = toClose.add(new RawHttpServer(ANSWER_ALL));
        HttpProvider p = toClose.add(HttpProvider.create(config(s)));
        Thread me = Thread.currentThread();
        int parsedHere = 0;
        for (int i = 0; i < 50; i++) {
            Thread[] parser = new Thread[1];
            CompletableFuture<String> f = p.sendAsync("eth_chainId", List.of(), Duration.ofSeconds(5), json -> {
                parser[0] = Thread.currentThread();
                return json.getString();
            });
            assertThat(f.join()).isEqualTo("0x1");
            parsedHere += parser[0] == me ? 1 : 0;
            List<CompletableFuture<JsonNode>> batch = p.sendBatch(List.of(new RpcCall("eth_chainId", List.of()),
                    new RpcCall("eth_blockNumber", List.of())));
            for (CompletableFuture<JsonNode> b : batch) {
                assertThat(b.join().asString()).isEqualTo("0x1");
            }
        }
        // the event loop is woken too and may win a race now and then; never winning means the caller never sends
        assertThat(parsedHere).as("calls sent and parsed on the joining thread, of 50").isPositive();
        Map<Long, Integer> seen = idsSeen(s);
        assertThat(seen).hasSize(150);
        assertThat(seen.values()).as("each id read once by the node").containsOnly(1);
        assertThat(p.pendingRequests()).isZero();
    }

    @Test
    void aCallerJoiningAfterTheEventLoopWroteTheCallSendsNothing() throws Exception {
        CountDownLatch joining = new CountDownLatch(1);
        CountDownLatch asked = new CountDownLatch(1);
        RawHttpServer s = toClose.add(new RawHttpServer((req, out, n) -> {
            asked.countDown();
            joining.await(10, TimeUnit.SECONDS);
            return ANSWER_ALL.respond(req, out, n);
        }));
        HttpProvider p = toClose.add(HttpProvider.create(config(s)));
        CompletableFuture<JsonNode> f = p.sendAsync("eth_chainId", List.of(), Duration.ofSeconds(5));
        assertThat(asked.await(10, TimeUnit.SECONDS)).isTrue(); // the event loop wrote it
        Thread joiner = Thread.ofPlatform().start(f::join);
        while (joiner.getState() != Thread.State.WAITING && joiner.isAlive()) {
            Thread.onSpinWait();
        }
        joining.countDown();
        joiner.join(10_000);
        assertThat(f.join().asString()).isEqualTo("0x1");
        assertThat(s.requests).hasSize(1);
        assertThat(s.accepted.get()).as("no caller-thread connection opened").isEqualTo(1);
    }

    @Test
    void theEventLoopWritesNothingForARequestItsCallerTookAndKeepsTheConnection() throws Exception {
        RawHttpServer s = toClose.add(new RawHttpServer(ANSWER_ALL));
        NettyHttpTransport t = transport(s, 1);
        HttpTransport.HttpReply first = t.post(ONE_CALL, Map.of(), FIVE_SECONDS).get(5, TimeUnit.SECONDS);
        first.release();
        assertThat(t.post(ONE_CALL, Map.of(), FIVE_SECONDS, () -> false).get(5, TimeUnit.SECONDS))
                .as("taken by its caller: no reply").isNull();
        HttpTransport.HttpReply again = t.post(ONE_CALL, Map.of(), FIVE_SECONDS, () -> true).get(5, TimeUnit.SECONDS);
        assertThat(again.status()).isEqualTo(200);
        again.release();
        assertThat(s.requests).as("the taken request never written").hasSize(2);
        assertThat(s.accepted.get()).as("the one connection kept").isEqualTo(1);
    }

    @Test
    void aRequestItsCallerTookOpensNoConnectionAndTheEventLoopsPoolDoesNotGrow() throws Exception {
        RawHttpServer s = toClose.add(new RawHttpServer(ANSWER_ALL));
        NettyHttpTransport t = transport(s, 8);
        assertThat(t.post(ONE_CALL, Map.of(), FIVE_SECONDS, () -> false).get(5, TimeUnit.SECONDS)).isNull();
        assertThat(t.connections()).as("nothing opened for a taken request").isZero();
        assertThat(s.accepted.get()).isZero();

        // batches joined at once, one after another: the connections of taken calls are not counted as busy
        HttpProvider p = toClose.add(HttpProvider.create(config(s)));
        List<RpcCall> calls = List.of(new RpcCall("eth_chainId", List.of()), new RpcCall("eth_chainId", List.of()));
        for (int i = 0; i < 1000; i++) {
            for (CompletableFuture<JsonNode> f : p.sendBatch(calls)) {
                f.join();
            }
        }
        // one caller-thread connection and the few the event loop needed when it won a race while another of its
        // connections was still held by a call being taken: as many as were busy at once, not one per race (64 max)
        assertThat(s.accepted.get()).as("connections opened for 1,000 batches").isLessThanOrEqualTo(16);
    }

    @Test
    void aCallerThreadConnectionSendsNothingForARequestTheEventLoopTook() throws Exception {
        RawHttpServer s = toClose.add(new RawHttpServer(ANSWER_ALL));
        CallerThreadHttp c = toClose.add(new CallerThreadHttp(HttpConfig.builder(s.url()).build()));
        assertThat(c.post(ONE_CALL, Map.of(), FIVE_SECONDS, () -> false, null)).isNull();
        HttpTransport.HttpReply reply = c.post(ONE_CALL, Map.of(), FIVE_SECONDS, () -> true, null).join();
        assertThat(reply.status()).isEqualTo(200);
        reply.release();
        assertThat(s.requests).hasSize(1);
        assertThat(c.connections()).as("the unused connection given back, then used").isEqualTo(1);
    }

    @Test
    void aVirtualThreadJoiningLeavesTheCallToTheEventLoop() throws Exception {
        AtomicReference<Thread> caller = new AtomicReference<>();
        // answered once the caller waits in join: an answer read before that is parsed by the caller (failed once
        // under load, with the call sent by the event loop all the same)
        RawHttpServer s = toClose.add(new RawHttpServer(RawHttpServer.whenParked(caller, ANSWER_ALL)));
        HttpProvider p = toClose.add(HttpProvider.create(config(s)));
        CompletableFuture<Thread> parsedOn = new CompletableFuture<>();
        caller.set(Thread.ofVirtual().start(() -> {
            Thread[] parser = new Thread[1];
            p.sendAsync("eth_chainId", List.of(), Duration.ofSeconds(5), json -> {
                parser[0] = Thread.currentThread();
                return json.getString();
            }).join();
            parsedOn.complete(parser[0]);
        }));
        assertThat(parsedOn.get(20, TimeUnit.SECONDS).getName()).contains("-io-");
    }

    @Test
    void theEventLoopAsksNoSoonerThanTheCallersTimeToTakeItEnds() throws Exception {
        RawHttpServer s = toClose.add(new RawHttpServer(ANSWER_ALL));
        NettyHttpTransport t = transport(s, 1);
        long[] askedAt = new long[1];
        // no idle connection yet: the question comes before one is opened; then one is idle: before the write
        for (int round = 0; round < 2; round++) {
            long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(200);
            HttpTransport.HttpReply reply = t.post(ONE_CALL, Map.of(), FIVE_SECONDS, () -> {
                askedAt[0] = System.nanoTime();
                return true;
            }, until).get(5, TimeUnit.SECONDS);
            assertThat(reply.status()).isEqualTo(200);
            reply.release();
            assertThat(askedAt[0] - until).as("asked after the caller's time to take it, round " + round)
                    .isNotNegative();
        }
        assertThat(s.requests).hasSize(2);
        assertThat(s.accepted.get()).isEqualTo(1);
    }

    /**
     * A call left to its caller (a sender that joins at once) waits for its event loop without holding a connection of
     * the pool: another call goes out on the one connection meanwhile. (Before session 16 the left call held the idle
     * connection for its whole wait, and the other call waited for it.)
     */
    @Test
    void aCallLeftToItsCallerHoldsNoConnectionMeanwhile() throws Exception {
        RawHttpServer s = toClose.add(new RawHttpServer(ANSWER_ALL));
        NettyHttpTransport t = transport(s, 1);
        t.post(ONE_CALL, Map.of(), FIVE_SECONDS).get(5, TimeUnit.SECONDS).release(); // the pool's one connection, idle
        CompletableFuture<HttpTransport.HttpReply> left = t.post(ONE_CALL, Map.of(), FIVE_SECONDS * 12, () -> true,
                System.nanoTime() + TimeUnit.SECONDS.toNanos(60));
        HttpTransport.HttpReply other = t.post(ONE_CALL, Map.of(), FIVE_SECONDS).get(5, TimeUnit.SECONDS);
        assertThat(other.status()).isEqualTo(200);
        other.release();
        assertThat(left).as("still left to its caller").isNotDone();
        assertThat(s.requests).hasSize(2);
        assertThat(s.accepted.get()).as("the one connection").isEqualTo(1);
    }

    @Test
    void closingTheTransportEndsACallLeftToItsCaller() throws Exception {
        RawHttpServer s = toClose.add(new RawHttpServer(ANSWER_ALL));
        NettyHttpTransport t = new NettyHttpTransport(HttpConfig.builder(s.url()).build(), "brane-http-join-test-", 1);
        CompletableFuture<HttpTransport.HttpReply> f = t.post(ONE_CALL, Map.of(), FIVE_SECONDS * 12, () -> true,
                System.nanoTime() + TimeUnit.SECONDS.toNanos(60));
        t.close();
        assertThat(f).failsWithin(Duration.ofSeconds(5));
        assertThat(s.requests).isEmpty();
    }

    @Test
    void onlyASenderThatJoinsAtOnceHasItsCallsLeftToIt() throws Exception {
        RawHttpServer s = toClose.add(new RawHttpServer(ANSWER_ALL));
        HttpProvider p = toClose.add(HttpProvider.create(config(s)));
        CompletableFuture<String> checked = new CompletableFuture<>();
        Thread.ofPlatform().start(() -> {
            try {
                JoinHabit habit = JoinHabit.of();
                assertThat(habit.joinsAtOnce).as("a new thread").isFalse();
                // joined at once until the caller has taken one (the event loop may win the first races)
                for (int i = 0; i < 100 && !habit.joinsAtOnce; i++) {
                    p.sendAsync("eth_chainId", List.of(), Duration.ofSeconds(5)).join();
                }
                assertThat(habit.joinsAtOnce).as("after taking one of its calls").isTrue();
                // a call nobody joins: sent by the event loop once the wait ends, and the sender marked for it
                CountDownLatch answered = new CountDownLatch(1);
                p.sendAsync("eth_chainId", List.of(), Duration.ofSeconds(5)).whenComplete((v, e) -> answered.countDown());
                assertThat(answered.await(5, TimeUnit.SECONDS)).as("answered without a join").isTrue();
                assertThat(habit.joinsAtOnce).as("after a call the event loop had to send").isFalse();
                checked.complete("ok");
            } catch (Throwable e) {
                checked.completeExceptionally(e);
            }
        });
        assertThat(checked.get(30, TimeUnit.SECONDS)).isEqualTo("ok");
        assertThat(idsSeen(s).values()).as("each id read once by the node").containsOnly(1);
    }
}
