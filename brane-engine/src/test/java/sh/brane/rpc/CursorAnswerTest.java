package sh.brane.rpc;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import sh.brane.rpc.core.AnswerGroup;
import sh.brane.rpc.core.JsonRpcReader;
import sh.brane.rpc.core.ResponseSink;

/**
 * The envelope of the typed fast path: it takes only {@code {"jsonrpc","id","result"}} with the id first and a
 * decoder that has a fast form, and leaves the sink untouched for anything else, which {@link JsonRpcReader} then
 * reads with the token path to the same value, or to its error.
 */
class CursorAnswerTest {

    /** Reads a quantity; the fast form counts its uses, so a test can tell which path gave the value. */
    static final class Quantity {
        int fast;
        int tokens;
        final ResultDecoder<Long> decoder = ResultDecoder.of(p -> {
            tokens++;
            String s = p.getString();
            if (!s.startsWith("0x")) {
                throw new InvalidResponseException("expected a hex quantity, got " + s);
            }
            return Long.parseLong(s.substring(2), 16);
        }, c -> {
            fast++;
            return c.quantityLong();
        });
    }

    static class Sink implements ResponseSink {
        final List<String> seen = new ArrayList<>();
        final ResultDecoder<?> decoder;

        Sink(ResultDecoder<?> decoder) {
            this.decoder = decoder;
        }

        @Override public ResultDecoder<?> decoderFor(long id) { return id == 7 ? decoder : null; }
        @Override public void onDecoded(long id, Object value) { seen.add("decoded " + id + " " + value); }
        @Override public void onResult(long id, JsonNode result) { seen.add("result " + id + " " + result); }
        @Override public void onError(long id, int code, String message, JsonNode data) {
            seen.add("error " + id + " " + code + " " + message);
        }
        @Override public void onNotification(String sub, JsonNode result) { seen.add("notification " + sub); }
        @Override public void onInvalid(long id, String reason) { seen.add("invalid " + id + " " + reason); }
        @Override public void onUnmatched(String reason) { seen.add("unmatched " + reason); }
    }

    /** A sink that also records the count it is told to expect. */
    static final class CountingSink extends Sink {
        CountingSink() {
            super(null);
        }

        @Override public void expect(int answers) { seen.add("expect " + answers); }
    }

    private static boolean fast(String json, Sink sink) {
        byte[] b = json.getBytes(StandardCharsets.UTF_8);
        return CursorAnswer.read(b, 0, b.length, sink);
    }

    private static List<String> read(String json, Sink sink) {
        byte[] b = json.getBytes(StandardCharsets.UTF_8);
        JsonRpcReader.read(b, 0, b.length, sink);
        return sink.seen;
    }

    @Test
    void takesThePlainTypedAnswer() {
        Quantity q = new Quantity();
        Sink sink = new Sink(q.decoder);
        assertThat(read(" {\"jsonrpc\":\"2.0\", \"id\":7,\n\"result\":\"0x1f\",\"extra\":[1,{\"a\":null}]} ", sink))
                .containsExactly("decoded 7 31");
        assertThat(q.fast).isOne();
        assertThat(q.tokens).isZero();
    }

    @Test
    void declinesEverythingElseWithoutTouchingTheSink() {
        Quantity q = new Quantity();
        for (String json : new String[] {
                "{\"jsonrpc\":\"2.0\",\"result\":\"0x1f\",\"id\":7}", // result before id
                "{\"jsonrpc\":\"2.0\",\"id\":7,\"error\":{\"code\":-32000,\"message\":\"no\"}}",
                "{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":\"0x1f\",\"error\":null}",
                "[{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":\"0x1f\"}]", // a batch
                "{\"jsonrpc\":\"2.0\",\"id\":\"7\",\"result\":\"0x1f\"}", // a string id
                "{\"jsonrpc\":\"2.0\",\"id\":7,\"id\":8,\"result\":\"0x1f\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":\"0x1f\",\"result\":\"0x2\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":8,\"result\":\"0x1f\"}", // no decoder
                "{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":\"1f\"}", // a value the fast form bails on
                "{\"jsonrpc\":\"2.0\",\"id\":7}",
                "{\"jsonrpc\":\"2.0\",\"id\":07,\"result\":\"0x1f\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":7.0,\"result\":\"0x1f\"}",
                "{\"method\":\"eth_subscription\",\"params\":{}}",
                "{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":\"0x1f\"",
        }) {
            Sink sink = new Sink(q.decoder);
            assertThat(fast(json, sink)).as(json).isFalse();
            assertThat(sink.seen).as(json).isEmpty();
        }
        Sink noFastForm = new Sink((ResultDecoder<Long>) p -> 1L);
        assertThat(fast("{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":\"0x1f\"}", noFastForm)).isFalse();
    }

    @Test
    void whatItDeclinesTheTokenPathReadsOrWords() {
        Quantity q = new Quantity();
        assertThat(read("{\"jsonrpc\":\"2.0\",\"result\":\"0x1f\",\"id\":7}", new Sink(q.decoder)))
                .containsExactly("decoded 7 31");
        assertThat(read("{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":\"1f\"}", new Sink(q.decoder)))
                .containsExactly("invalid 7 expected a hex quantity, got 1f");
        assertThat(read("{\"jsonrpc\":\"2.0\",\"id\":7,\"error\":{\"code\":-32000,\"message\":\"no\"}}",
                new Sink(q.decoder))).containsExactly("error 7 -32000 no");
        assertThat(q.tokens).isEqualTo(2);
    }

    /**
     * Envelope names spelled with an escape (the word-at-a-time name reader sees the backslash) are declined by the
     * fast path and read by the token path, which decodes the name: the same answer either way; a duplicated escaped
     * id is still a second id.
     */
    @Test
    void escapedEnvelopeNamesGoToTheTokenPath() {
        Quantity q = new Quantity();
        String escapedId = "{\"jsonrpc\":\"2.0\",\"i\\u0064\":7,\"result\":\"0x1f\"}";
        String escapedResult = "{\"jsonrpc\":\"2.0\",\"id\":7,\"r\\u0065sult\":\"0x1f\"}";
        for (String json : new String[] {escapedId, escapedResult,
                "{\"jsonrpc\":\"2.0\",\"id\":7,\"i\\u0064\":8,\"result\":\"0x1f\"}"}) {
            Sink sink = new Sink(q.decoder);
            assertThat(fast(json, sink)).as(json).isFalse();
            assertThat(sink.seen).as(json).isEmpty();
        }
        assertThat(read(escapedId, new Sink(q.decoder))).containsExactly("decoded 7 31");
        assertThat(read(escapedResult, new Sink(q.decoder))).containsExactly("decoded 7 31");
        assertThat(q.fast).isZero();
    }

    /**
     * Batches of the smallest answers (more answers than the length-sized arrays first hold, so they grow) and of
     * more answers than the arrays' first size cap: every answer reported, in order, as the token path reports them.
     */
    @Test
    void batchesOfManySmallAnswersAreReportedWhole() {
        for (int n : new int[] {2, 16, 100, 1500}) {
            StringBuilder json = new StringBuilder("[");
            for (int i = 0; i < n; i++) {
                json.append(i == 0 ? "" : ",").append("{\"id\":").append(1000 + i).append(",\"result\":\"\"}");
            }
            String batch = json.append(']').toString();
            Quantity q = new Quantity();
            Sink fast = new Sink(q.decoder);
            byte[] b = batch.getBytes(StandardCharsets.UTF_8);
            assertThat(CursorAnswer.readAll(b, 0, b.length, fast)).isTrue();
            Sink tokens = new Sink(q.decoder);
            assertThat(fast.seen).hasSize(n).isEqualTo(tokensOnly(batch, tokens, tokens.seen));
        }
    }

    /**
     * The framing nodes write ({@code {"jsonrpc":"2.0","id":N,"result":}) is matched in one compare; near variants of it
     * (spacing, another order, fields between or after, a duplicate after the matched run) go field by field. Every
     * one reads, typed and untyped, as the token path alone reads it, or is declined when that path must word it.
     */
    @Test
    void theCommonFramingAndItsNearVariantsReadAsTheTokenPathReadsThem() {
        String[] taken = {
                "{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":\"0x1f\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":\"0x1f\",\"extra\":[1,{\"a\":null}]}",
                "{\"jsonrpc\":\"2.0\",\"id\":7 ,\"result\":\"0x1f\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":7,\"extra\":true,\"result\":\"0x1f\"}",
                "{\"jsonrpc\":\"2.0\",\"id\": 7,\"result\": \"0x1f\" }",
                "{ \"jsonrpc\":\"2.0\",\"id\":7,\"result\":\"0x1f\"}",
                "{\"jsonrpc\":\"1.0\",\"id\":7,\"result\":\"0x1f\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":\"0x1f\",\"jsonrpc\":\"2.0\"}",
        };
        for (String json : taken) {
            Quantity q = new Quantity();
            Sink fast = new Sink(q.decoder);
            assertThat(fast(json, fast)).as(json).isTrue();
            assertThat(fast.seen).as(json).containsExactly("decoded 7 31");
            String untyped = json.replace("\"id\":7", "\"id\":9").replace("\"id\": 7", "\"id\": 9");
            Sink leaves = new Sink(null);
            byte[] b = untyped.getBytes(StandardCharsets.UTF_8);
            assertThat(CursorAnswer.readAll(b, 0, b.length, leaves)).as(untyped).isTrue();
            Sink tokens = new Sink(null);
            assertThat(leaves.seen).as(untyped).containsExactly("result 9 \"0x1f\"")
                    .isEqualTo(tokensOnly(untyped, tokens, tokens.seen));
        }
        for (String json : new String[] {
                "{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":\"0x1f\",\"id\":8}",
                "{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":\"0x1f\",\"error\":null}",
                "{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{\"a\":1}}",
                "{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":\"0x1f\"} x",
                "{\"jsonrpc\":\"2.0\",\"id\":-,\"result\":\"0x1f\"}",
        }) {
            Sink sink = new Sink(new Quantity().decoder);
            byte[] b = json.getBytes(StandardCharsets.UTF_8);
            assertThat(CursorAnswer.readAll(b, 0, b.length, sink)).as(json).isFalse();
            assertThat(sink.seen).as(json).isEmpty();
        }
    }

    @Test
    void everyTruncationIsDeclined() {
        Quantity q = new Quantity();
        String whole = "{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":\"0x1f\",\"more\":{\"a\":[true,1.5e3]}}";
        for (int len = 0; len < whole.length(); len++) {
            Sink sink = new Sink(q.decoder);
            assertThat(fast(whole.substring(0, len), sink)).as(whole.substring(0, len)).isFalse();
            assertThat(sink.seen).isEmpty();
        }
        assertThat(fast(whole, new Sink(q.decoder))).isTrue();
    }

    /** An answer in Netty's direct and composite buffers (an event loop's) takes the fast path through a copy. */
    @Test
    void answersInNettysBuffersTakeTheFastPathToo() {
        Quantity q = new Quantity();
        byte[] whole = "{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":\"0xff\"}".getBytes(StandardCharsets.UTF_8);
        io.netty.buffer.CompositeByteBuf body = io.netty.buffer.Unpooled.compositeBuffer();
        body.addComponent(true, io.netty.buffer.Unpooled.directBuffer().writeBytes(whole, 0, 20));
        body.addComponent(true, io.netty.buffer.Unpooled.directBuffer().writeBytes(whole, 20, whole.length - 20));
        io.netty.buffer.ByteBuf bad = io.netty.buffer.Unpooled.directBuffer()
                .writeBytes("{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":\"1\"}".getBytes(StandardCharsets.UTF_8));
        try {
            Sink sink = new Sink(q.decoder);
            JsonRpcReader.read(body, sink);
            assertThat(sink.seen).containsExactly("decoded 7 255");
            assertThat(q.fast).isOne();
            assertThat(body.readerIndex()).isZero(); // read, not consumed: the caller releases it
            Sink declined = new Sink(q.decoder);
            JsonRpcReader.read(bad, declined); // declined by the fast path, worded by the token path
            assertThat(declined.seen).containsExactly("invalid 7 expected a hex quantity, got 1");
            assertThat(q.tokens).isOne();
        } finally {
            body.release();
            bad.release();
        }
    }

    /** What the token path alone reports for {@code json}: the reference the wider fast path must match. */
    private static List<String> tokensOnly(String json, ResponseSink sink, List<String> seen) {
        JsonRpcReader.read(new java.io.ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)), sink);
        return seen;
    }

    /**
     * The wider fast path (untyped leaves, batches) reports what the token path reports, node for node, or declines
     * the whole message untouched: a batch with one answer it does not take goes wholly to the token path.
     */
    @Test
    void untypedLeavesAndBatchesReadAsTheTokenPathReadsThem() {
        String[] taken = {
                "{\"jsonrpc\":\"2.0\",\"id\":8,\"result\":\"0x7a69\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":8,\"result\":\"\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":8,\"result\":null}",
                "{\"jsonrpc\":\"2.0\",\"id\":8,\"result\":true}",
                "{\"jsonrpc\":\"2.0\",\"id\":8,\"result\":false} ",
                "[{\"jsonrpc\":\"2.0\",\"id\":8,\"result\":\"0x1\"},{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":\"0x1f\"},"
                        + "{\"jsonrpc\":\"2.0\",\"id\":9,\"result\":\"0x2\"}]",
        };
        String[] declined = {
                "{\"jsonrpc\":\"2.0\",\"id\":8,\"result\":12}", // a number: Jackson's node types
                "{\"jsonrpc\":\"2.0\",\"id\":8,\"result\":{\"a\":1}}",
                "{\"jsonrpc\":\"2.0\",\"id\":8,\"result\":\"caf\u00e9\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":8,\"result\":\"a\\\"b\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":8,\"result\":\"0x1\"} x",
                "[{\"jsonrpc\":\"2.0\",\"id\":8,\"result\":\"0x1\"},{\"jsonrpc\":\"2.0\",\"id\":9,\"error\":{\"code\":1,\"message\":\"no\"}}]",
                "[{\"jsonrpc\":\"2.0\",\"id\":8,\"result\":\"0x1\"},{\"jsonrpc\":\"2.0\",\"id\":9,\"result\":\"0x2\"}",
                "[]",
        };
        for (String json : taken) {
            Quantity q = new Quantity();
            Sink fast = new Sink(q.decoder);
            byte[] b = json.getBytes(StandardCharsets.UTF_8);
            assertThat(CursorAnswer.readAll(b, 0, b.length, fast)).as(json).isTrue();
            Sink tokens = new Sink(q.decoder);
            assertThat(fast.seen).as(json).isNotEmpty().isEqualTo(tokensOnly(json, tokens, tokens.seen));
        }
        for (String json : declined) {
            Quantity q = new Quantity();
            Sink fast = new Sink(q.decoder);
            byte[] b = json.getBytes(StandardCharsets.UTF_8);
            assertThat(CursorAnswer.readAll(b, 0, b.length, fast)).as(json).isFalse();
            assertThat(fast.seen).as(json).isEmpty();
        }
        // the node types are Jackson's own, so callers see no difference
        List<String> types = new ArrayList<>();
        ResponseSink sink = new ResponseSink() {
            @Override public void onResult(long id, JsonNode result) {
                types.add(result.getClass().getSimpleName() + " " + result);
            }
            @Override public void onError(long id, int code, String message, JsonNode data) { types.add("error"); }
            @Override public void onNotification(String sub, JsonNode result) { types.add("notification"); }
            @Override public void onInvalid(long id, String reason) { types.add("invalid"); }
            @Override public void onUnmatched(String reason) { types.add("unmatched"); }
        };
        byte[] b = "[{\"id\":1,\"result\":\"0x1\"},{\"id\":2,\"result\":true},{\"id\":3,\"result\":null}]"
                .getBytes(StandardCharsets.UTF_8);
        assertThat(CursorAnswer.readAll(b, 0, b.length, sink)).isTrue();
        assertThat(types).containsExactly("StringNode \"0x1\"", "BooleanNode true", "NullNode null");
    }

    /**
     * A batch's reader hears the count of its answers before the first one, so that it sizes what it collects them in
     * once (AnswerGroup grew two lists six times for a batch of 100); a batch the fast path declines tells nothing.
     */
    @Test
    void tellsTheSinkHowManyAnswersComeBeforeTheFirst() {
        Sink counting = new CountingSink();
        byte[] batch = ("[{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":\"0x1\"},"
                + "{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":null},"
                + "{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":true}]").getBytes(StandardCharsets.UTF_8);
        assertThat(CursorAnswer.readAll(batch, 0, batch.length, counting)).isTrue();
        assertThat(counting.seen).containsExactly("expect 3", "result 1 \"0x1\"", "result 2 null", "result 3 true");

        Sink declined = new CountingSink();
        byte[] withAnError = ("[{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":\"0x1\"},"
                + "{\"jsonrpc\":\"2.0\",\"id\":2,\"error\":{\"code\":-32000,\"message\":\"no\"}}]")
                .getBytes(StandardCharsets.UTF_8);
        assertThat(CursorAnswer.readAll(withAnError, 0, withAnError.length, declined)).isFalse();
        assertThat(declined.seen).isEmpty();
    }
}
