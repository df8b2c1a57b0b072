package sh.brane.rpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static sh.brane.rpc.RawHttpServer.After.CLOSE;
import static sh.brane.rpc.RawHttpServer.After.KEEP_OPEN;
import static sh.brane.rpc.RawHttpServer.chunked;
import static sh.brane.rpc.RawHttpServer.ok;
import static sh.brane.rpc.RawHttpServer.result;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Blocking calls on platform threads to a plain-HTTP endpoint run on the caller's own thread
 * ({@link CallerThreadHttp}); everything else stays on the event loop. The provider-level cases of
 * {@link NettyHttpTransportTest} (reuse, chunked and close-delimited bodies, limits, informational answers) run
 * through this path too, since they call {@code send} from the test's thread. The timeout is a hang guard only.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CallerThreadHttpTest {

    @RegisterExtension
    final TestResources toClose = new TestResources();

    private RawHttpServer server(RawHttpServer.Responder r) throws IOException {
        RawHttpServer s = new RawHttpServer(r);
        toClose.add(s);
        return s;
    }

    private HttpProvider provider(HttpConfig.Builder b) {
        HttpProvider p = HttpProvider.create(b.build());
        toClose.add(p);
        return p;
    }

    private static HttpConfig.Builder config(RawHttpServer s) {
        return HttpConfig.builder(s.url()).requestTimeout(Duration.ofSeconds(10))
                .retryInitialBackoff(Duration.ofMillis(10)).retryMaxBackoff(Duration.ofMillis(50));
    }

    private static final RawHttpServer.Responder ANSWER = (req, out, n) -> {
        out.write(ok(result(req.id(), "0x1")));
        return KEEP_OPEN;
    };

    /** The thread the answer was parsed on, seen by a typed decoder, for a blocking call made on {@code caller}. */
    private static Thread parsedOn(HttpProvider p, Thread.Builder caller) throws Exception {
        return parsedOn(p, caller, new AtomicReference<>());
    }

    /** The same, the calling thread published in {@code started} before it calls. */
    private static Thread parsedOn(HttpProvider p, Thread.Builder caller, AtomicReference<Thread> started)
            throws Exception {
        AtomicReference<Thread> parser = new AtomicReference<>();
        AtomicReference<Object> result = new AtomicReference<>();
        Thread t = caller.unstarted(() -> result.set(p.send("eth_chainId", List.of(), json -> {
            parser.set(Thread.currentThread());
            return json.getString();
        })));
        started.set(t);
        t.start();
        t.join(20_000);
        assertThat(result.get()).isEqualTo("0x1");
        return parser.get();
    }

    @Test
    void aBlockingCallOnAPlatformThreadIsAnsweredOnThatThreadAndAVirtualOneOnTheEventLoop() throws Exception {
        CountDownLatch asked = new CountDownLatch(1);
        AtomicReference<Thread> virtualCaller = new AtomicReference<>();
        RawHttpServer.Responder onceParked = RawHttpServer.whenParked(virtualCaller, ANSWER);
        RawHttpServer s = server((req, out, n) -> {
            if (n == 2) {
                return onceParked.respond(req, out, n); // the virtual caller waits for it: see whenParked
            }
            if (n == 3) {
                asked.await(10, TimeUnit.SECONDS); // the asynchronous call has returned to its caller
            }
            return ANSWER.respond(req, out, n);
        });
        HttpProvider p = provider(config(s));
        AtomicReference<Thread> parser = new AtomicReference<>();
        String answer = p.send("eth_chainId", List.of(), json -> {
            parser.set(Thread.currentThread());
            return json.getString();
        });
        assertThat(answer).isEqualTo("0x1");
        assertThat(parser.get()).as("no hand-off: parsed on the caller's thread").isSameAs(Thread.currentThread());
        Thread virtualParser = parsedOn(p, Thread.ofVirtual(), virtualCaller);
        assertThat(virtualParser.getName()).as("a virtual caller is served by the event loop").contains("-io-");
        // and an asynchronous call never blocks its caller: the event loop serves it
        AtomicReference<Thread> asyncParser = new AtomicReference<>();
        java.util.concurrent.CompletableFuture<String> async = p.sendAsync("eth_chainId", List.of(),
                Duration.ofSeconds(5), json -> {
                    asyncParser.set(Thread.currentThread());
                    return json.getString();
                });
        asked.countDown();
        String asyncAnswer = async.get(10, TimeUnit.SECONDS);
        assertThat(asyncAnswer).isEqualTo("0x1");
        assertThat(asyncParser.get().getName()).contains("-io-");
    }

    @Test
    void aSubmissionAfterTheNodeClosedTheIdleConnectionGoesOutOnANewOne() throws Exception {
        // the node hangs up after each answer, as an idle timeout would: a submission is never repeated, so it
        // succeeds only if the dead connection is noticed before the request is written on it
        RawHttpServer s = server((req, out, n) -> {
            out.write(ok(result(req.id(), "0x" + "ab".repeat(32))));
            return CLOSE;
        });
        HttpProvider p = provider(config(s).maxRetries(0));
        assertThat(p.send("eth_chainId", List.of()).asString()).isNotEmpty();
        NettyHttpTransportTestSupport.await(() -> s.openConnections.get() == 0, "the node closed the connection");
        assertThat(p.send("eth_sendRawTransaction", List.of("0x02")).asString()).isEqualTo("0x" + "ab".repeat(32));
        assertThat(s.accepted).hasValue(2);
    }

    /**
     * Calls that may be repeated, each on a caller-thread connection the node closed after the last answer (with no
     * {@code Connection: close} header: the client learns of it only from the socket): each goes out on a new
     * connection and reaches the node once.
     */
    @Test
    void aReadAfterTheNodeClosedTheIdleConnectionGoesOutAgainOnANewOne() throws Exception {
        RawHttpServer s = server((req, out, n) -> {
            out.write(ok(result(req.id(), "0x" + n)));
            return CLOSE;
        });
        HttpProvider p = provider(config(s).maxRetries(0));
        for (int i = 1; i <= 5; i++) {
            int call = i;
            NettyHttpTransportTestSupport.await(() -> s.openConnections.get() == 0, "the node closed the connection");
            assertThat(p.send("eth_chainId", List.of()).asString()).as("call " + call).isEqualTo("0x" + call);
        }
        assertThat(s.requests).as("each call read by the node once").hasSize(5);
        assertThat(s.accepted).hasValue(5);
        assertThat(p.pendingRequests()).isZero();
    }

    /**
     * An asynchronous call joined at once (sent by its joiner when it takes it) and a blocking batch both end with their
     * timeout against a node that never answers, their caller is released, and the connections are not used again.
     */
    @Test
    void callsSentByTheirCallerEndAtTheirTimeoutWhenTheNodeNeverAnswers() throws Exception {
        CountDownLatch never = new CountDownLatch(1);
        RawHttpServer s = server((req, out, n) -> {
            if (n <= 2) {
                never.await(30, TimeUnit.SECONDS);
                return CLOSE;
            }
            return ANSWER.respond(req, out, n);
        });
        toClose.add(never::countDown);
        HttpProvider p = provider(config(s).requestTimeout(Duration.ofMillis(300)).maxRetries(0));
        AtomicReference<Throwable> joined = new AtomicReference<>();
        AtomicReference<Throwable> batch = new AtomicReference<>();
        Thread caller = Thread.ofPlatform().start(() -> {
            try {
                p.sendAsync("eth_chainId", List.of()).join();
            } catch (RuntimeException e) {
                joined.set(e.getCause());
            }
            try {
                p.sendBatchAndWait(List.of(RpcCall.of("eth_chainId"), RpcCall.of("eth_blockNumber")))
                        .forEach(java.util.concurrent.CompletableFuture::join);
            } catch (RuntimeException e) {
                batch.set(e.getCause());
            }
        });
        caller.join(10_000);
        assertThat(caller.isAlive()).as("the caller was released at the timeouts").isFalse();
        assertThat(joined.get()).isInstanceOf(RpcTimeoutException.class);
        assertThat(batch.get()).isInstanceOf(RpcTimeoutException.class);
        assertThat(s.requests).as("both reached the node").hasSize(2);
        assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x1");
        assertThat(s.accepted).as("the timed-out connections were not used again").hasValue(3);
        assertThat(p.pendingRequests()).isZero();
    }

    /**
     * An answer far larger than the head buffer, arriving in pieces with pauses between them, is read whole (its rest
     * straight from the socket into the body) and nothing past it: the next call on the same connection gets its
     * own answer. Chunked answers of the same size take the same path, piece by piece.
     */
    @Test
    void aLargeAnswerArrivingInPiecesIsReadWholeAndTheConnectionKept() throws Exception {
        String big = "0x" + "5a".repeat(150_000);
        RawHttpServer s = server((req, out, n) -> {
            byte[] answer = n % 2 == 1 ? ok(result(req.id(), big)) : chunked(result(req.id(), big), 7);
            int third = answer.length / 3;
            out.write(answer, 0, third);
            out.flush();
            Thread.sleep(30);
            out.write(answer, third, third);
            out.flush();
            Thread.sleep(30);
            out.write(answer, 2 * third, answer.length - 2 * third);
            return KEEP_OPEN;
        });
        HttpProvider p = provider(config(s));
        for (int i = 0; i < 4; i++) {
            assertThat(p.send("eth_getCode", List.of()).asString()).isEqualTo(big);
        }
        assertThat(s.accepted).as("one connection, kept across large answers").hasValue(1);
    }

    /**
     * The {@code Connection} header is read on its bytes, in any case and among other tokens: "close" (here with an
     * upper-case name and value, beside another token) makes the caller drop the connection although the node keeps
     * it open, so each call takes a new one; an HTTP/1.0 answer with "Keep-Alive" keeps its connection for the next.
     */
    @Test
    void theConnectionHeaderIsHonouredInAnyCase() throws Exception {
        RawHttpServer closing = server((req, out, n) -> {
            out.write(ok(result(req.id(), "0x1"), "CONNECTION: Upgrade, CLOSE"));
            return KEEP_OPEN;
        });
        HttpProvider p = provider(config(closing));
        for (int i = 0; i < 3; i++) {
            assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x1");
        }
        assertThat(closing.accepted).as("a new connection for each call").hasValue(3);

        RawHttpServer http10 = server((req, out, n) -> {
            byte[] answer = ok(result(req.id(), "0x2"), "connection: Keep-Alive");
            answer[7] = '0'; // HTTP/1.0: closed after each answer unless it says keep-alive
            out.write(answer);
            return KEEP_OPEN;
        });
        HttpProvider q = provider(config(http10));
        for (int i = 0; i < 3; i++) {
            assertThat(q.send("eth_chainId", List.of()).asString()).isEqualTo("0x2");
        }
        assertThat(http10.accepted).as("one connection, kept").hasValue(1);
    }

    /** A node that hangs up before the body it declared is complete fails the call; it does not hang or truncate. */
    @Test
    void anAnswerCutShortOfItsContentLengthFailsTheCall() throws Exception {
        RawHttpServer s = server((req, out, n) -> {
            byte[] answer = ok(result(req.id(), "0x" + "5a".repeat(50_000)));
            out.write(answer, 0, answer.length - 1_000);
            return CLOSE;
        });
        HttpProvider p = provider(config(s).maxRetries(0));
        assertThatThrownBy(() -> p.send("eth_getCode", List.of()))
                .isInstanceOf(BraneRpcException.class).hasMessageContaining("in the middle of its answer");
        assertThat(p.pendingRequests()).isZero();
    }

    @Test
    void aTimedOutBlockingCallDropsItsConnectionSoTheLateAnswerGoesNowhere() throws Exception {
        CountDownLatch timedOut = new CountDownLatch(1);
        RawHttpServer s = server((req, out, n) -> {
            if (n == 1) {
                timedOut.await(20, TimeUnit.SECONDS);
                out.write(ok(result(req.id(), "0xlate")));
                return KEEP_OPEN;
            }
            out.write(ok(result(req.id(), "0xfresh")));
            return KEEP_OPEN;
        });
        HttpProvider p = provider(config(s).requestTimeout(Duration.ofMillis(300)));
        assertThatThrownBy(() -> p.send("eth_chainId", List.of())).isInstanceOf(RpcTimeoutException.class);
        timedOut.countDown();
        assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0xfresh");
        assertThat(s.accepted).as("the timed-out connection was not reused").hasValue(2);
        assertThat(p.pendingRequests()).isZero();
    }

    @Test
    void closeEndsACallBlockedOnItsOwnThread() throws Exception {
        CountDownLatch never = new CountDownLatch(1);
        RawHttpServer s = server((req, out, n) -> {
            never.await(30, TimeUnit.SECONDS);
            return CLOSE;
        });
        toClose.add(never::countDown);
        HttpProvider p = provider(config(s).requestTimeout(Duration.ofSeconds(30)));
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread caller = Thread.ofPlatform().start(() -> {
            try {
                p.send("eth_chainId", List.of());
            } catch (RuntimeException e) {
                failure.set(e);
            }
        });
        NettyHttpTransportTestSupport.await(() -> s.requests.size() == 1, "the call at the server");
        p.close();
        caller.join(5_000);
        assertThat(caller.isAlive()).as("the blocked caller was released by close()").isFalse();
        assertThat(failure.get()).isInstanceOf(ConnectionLostException.class).hasMessageContaining("closed");
    }

    @Test
    void anInterruptedCallerStopsWaitingAtOnce() throws Exception {
        CountDownLatch never = new CountDownLatch(1);
        RawHttpServer s = server((req, out, n) -> {
            never.await(30, TimeUnit.SECONDS);
            return CLOSE;
        });
        toClose.add(never::countDown);
        HttpProvider p = provider(config(s).requestTimeout(Duration.ofSeconds(30)).maxRetries(0));
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread caller = Thread.ofPlatform().start(() -> {
            try {
                p.send("eth_chainId", List.of());
            } catch (RuntimeException e) {
                failure.set(e);
            }
        });
        NettyHttpTransportTestSupport.await(() -> s.requests.size() == 1, "the call at the server");
        caller.interrupt();
        caller.join(5_000);
        assertThat(caller.isAlive()).as("the interrupted caller did not wait out its 30 s timeout").isFalse();
        assertThat(failure.get()).isNotNull();
    }

    @Test
    void moreBlockingCallersThanItsConnectionsAllGetTheirAnswers() throws Exception {
        CountDownLatch held = new CountDownLatch(1);
        RawHttpServer s = server((req, out, n) -> {
            held.await(20, TimeUnit.SECONDS);
            out.write(ok(result(req.id(), "0x" + Long.toHexString(req.id()))));
            return KEEP_OPEN;
        });
        toClose.add(held::countDown);
        HttpProvider p = provider(config(s).autoBatch(false));
        int callers = CallerThreadHttp.MAX_CONNECTIONS + 8;
        ExecutorService pool = Executors.newFixedThreadPool(callers);
        toClose.add(pool::shutdownNow);
        List<Future<String>> answers = new ArrayList<>();
        for (int i = 0; i < callers; i++) {
            answers.add(pool.submit(() -> p.send("eth_chainId", List.of()).asString()));
        }
        NettyHttpTransportTestSupport.await(() -> s.requests.size() == callers, "every call at the server");
        held.countDown();
        for (Future<String> f : answers) {
            assertThat(f.get(10, TimeUnit.SECONDS)).startsWith("0x");
        }
        assertThat(s.requests.stream().map(RawHttpServer.Request::id).distinct().count())
                .as("each caller its own request").isEqualTo(callers);
        assertThat(p.pendingRequests()).isZero();
    }
}
