package sh.brane.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import sh.brane.rpc.BraneMetrics;
import sh.brane.rpc.BraneProvider;
import sh.brane.rpc.InvalidResponseException;
import sh.brane.rpc.RpcCall;
import sh.brane.rpc.Subscription;
import sh.brane.rpc.SubscriptionListener;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Notifications no real node sends (a garbled header) go to the error callback and delivery goes on; the only
 * way to produce them is a provider that hands them over directly.
 */
class SubscriptionErrorsTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void aMalformedHeadGoesToOnErrorAndTheNextOneIsDelivered() {
        PushingProvider provider = new PushingProvider();
        BraneClient client = new BraneClient(provider);
        List<BlockHeader> heads = new ArrayList<>();
        List<Exception> errors = new ArrayList<>();
        client.subscribeNewHeads(heads::add, errors::add);

        provider.listener.onNotification(JSON.readTree("{\"number\":\"zz\"}"));
        String h = "\"0x" + "11".repeat(32) + "\"";
        provider.listener.onNotification(JSON.readTree("{\"number\":\"0x2\",\"hash\":" + h + ",\"parentHash\":" + h
                + ",\"timestamp\":\"0x1\",\"miner\":\"0x" + "00".repeat(20) + "\",\"gasLimit\":\"0x1\","
                + "\"gasUsed\":\"0x0\",\"stateRoot\":" + h + ",\"transactionsRoot\":" + h + ",\"receiptsRoot\":" + h
                + "}"));

        assertThat(errors).singleElement().isInstanceOfSatisfying(InvalidResponseException.class,
                e -> assertThat(e.getMessage()).contains("newHeads.number"));
        assertThat(heads).singleElement().satisfies(head -> {
            assertThat(head.number()).isEqualTo(2);
            assertThat(head.baseFeePerGas()).isNull();
        });
    }

    @Test
    void medianTipOfFeeHistory() {
        FeeHistory history = new FeeHistory(1, List.of(BigInteger.ONE), List.of(0.5, 0.5, 0.5),
                List.of(List.of(BigInteger.valueOf(5)), List.of(), List.of(BigInteger.valueOf(1)),
                        List.of(BigInteger.valueOf(9))));
        assertThat(SigningClient.medianTip(history)).isEqualTo(5);
    }

    /** Accepts one subscription and lets the test push notifications into it. */
    private static final class PushingProvider implements BraneProvider {
        SubscriptionListener listener;

        @Override
        public CompletableFuture<Subscription> subscribe(List<?> params, SubscriptionListener l) {
            this.listener = l;
            return CompletableFuture.completedFuture(new Subscription() {
                @Override
                public List<?> params() {
                    return params;
                }

                @Override
                public String serverId() {
                    return "0x1";
                }

                @Override
                public boolean isActive() {
                    return true;
                }

                @Override
                public void close() {
                }
            });
        }

        @Override
        public CompletableFuture<JsonNode> sendAsync(String method, List<?> params) {
            return CompletableFuture.failedFuture(new UnsupportedOperationException(method));
        }

        @Override
        public CompletableFuture<JsonNode> sendAsync(String method, List<?> params, Duration timeout) {
            return sendAsync(method, params);
        }

        @Override
        public CompletableFuture<JsonNode> sendAsyncBatch(String method, List<?> params) {
            return sendAsync(method, params);
        }

        @Override
        public List<CompletableFuture<JsonNode>> sendBatch(List<RpcCall> calls) {
            throw new UnsupportedOperationException();
        }

        @Override
        public CompletableFuture<Boolean> unsubscribe(Subscription subscription) {
            return CompletableFuture.completedFuture(true);
        }

        @Override
        public void setMetrics(BraneMetrics metrics) {
        }

        @Override
        public int pendingRequests() {
            return 0;
        }

        @Override
        public void close() {
        }
    }
}
