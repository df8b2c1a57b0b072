package sh.brane.rpc.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;

import sh.brane.rpc.JsonCursor;
import sh.brane.rpc.RecordingMetrics;
import sh.brane.rpc.ResultDecoder;
import sh.brane.rpc.RpcTimeoutException;
import sh.brane.rpc.WebSocketProviderTest;

/**
 * The router ends an answer's request with the one it found when the reader asked for its decoder, without looking
 * its id up again: that request must still be taken out of the table by whoever ends it, exactly once.
 */
class AnswerRouterTakeTest {

    /**
     * Request 1's decoder ends request 1 itself while its answer is being read (as the sweep or a lost connection may
     * end it between the decoder look-up and the answer's end): its answer must then find nothing to end (an orphan),
     * its future must keep the timeout, and request 2, answered in the same message, must get its own value.
     */
    @Test
    void aRequestEndedWhileItsAnswerIsReadIsNotEndedAgainAndItsNeighbourGetsItsOwnAnswer() throws Exception {
        RequestLifecycle lifecycle = new RequestLifecycle(Runnable::run);
        RecordingMetrics metrics = new RecordingMetrics();
        lifecycle.setMetrics(metrics);
        InFlightTable table = new InFlightTable(16, lifecycle);
        ResultDecoder<String> endsItself = ResultDecoder.of(p -> {
            table.fail(1, new RpcTimeoutException("eth_chainId (id 1) got no answer in time"));
            return p.getString();
        }, c -> {
            table.fail(1, new RpcTimeoutException("eth_chainId (id 1) got no answer in time"));
            return c.plainString();
        });
        ResultDecoder<String> plain = ResultDecoder.of(p -> p.getString(), JsonCursor::plainString);
        PendingRequest first = new PendingRequest(1, "eth_chainId", TimeUnit.SECONDS.toNanos(30), null, false,
                endsItself, System.nanoTime());
        PendingRequest second = new PendingRequest(2, "eth_chainId", TimeUnit.SECONDS.toNanos(30), null, false, plain,
                System.nanoTime());
        table.admit(first, false, "router-test");
        table.admit(second, false, "router-test");
        AnswerRouter router = new AnswerRouter(table, lifecycle, AnswerRouter.Pushes.NONE, (r, answer) -> false, "router-test", "the limit");

        router.route(Unpooled.wrappedBuffer(("[{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":\"0x1\"},"
                + "{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":\"0x2\"}]").getBytes(StandardCharsets.UTF_8)));

        Throwable e = WebSocketProviderTest.failureOf(first.future(), 5000);
        assertThat(e).isInstanceOf(RpcTimeoutException.class);
        assertThat(second.typedFuture().get(5, TimeUnit.SECONDS)).isEqualTo("0x2");
        assertThat(metrics.count("orphan")).isEqualTo(1);
        assertThat(table.size()).isZero();
    }
}
