package sh.brane.rpc;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;

import sh.brane.rpc.core.JsonRpcReader;

/**
 * The fast path of batches and plain untyped results: it gives the sink exactly the events the token path gives (same
 * order, same values), or leaves it untouched and lets the token path read the message.
 */
class CursorAnswerMessagesTest {

    private static boolean fast(String json, CursorAnswerTest.Sink sink) {
        byte[] b = json.getBytes(StandardCharsets.UTF_8);
        return CursorAnswer.readAll(b, 0, b.length, sink);
    }

    /** What the token path alone reports for {@code json}. */
    private static List<String> tokens(String json, ResultDecoder<?> decoder) {
        CursorAnswerTest.Sink sink = new CursorAnswerTest.Sink(decoder);
        JsonRpcReader.read(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)), sink);
        return sink.seen;
    }

    /** What the reader reports for {@code json}, fast paths first. */
    private static List<String> read(String json, ResultDecoder<?> decoder) {
        CursorAnswerTest.Sink sink = new CursorAnswerTest.Sink(decoder);
        byte[] b = json.getBytes(StandardCharsets.UTF_8);
        JsonRpcReader.read(b, 0, b.length, sink);
        return sink.seen;
    }

    @Test
    void takesBatchesOfPlainResultsWithTheTokenPathsEvents() {
        CursorAnswerTest.Quantity q = new CursorAnswerTest.Quantity();
        for (String json : new String[] {
                "[{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":\"0x7a69\"},{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":\"0x7a69\"}]",
                " [ {\"id\":3,\"jsonrpc\":\"2.0\",\"result\":true} ,\n{\"id\":1,\"result\":false,\"jsonrpc\":\"2.0\"},"
                        + "{\"id\":2,\"result\":null,\"x\":{\"a\":[1,2.5e3,\"s\"]}}] ",
                "[{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":\"0x1f\"},{\"jsonrpc\":\"2.0\",\"id\":8,\"result\":\"\"}]",
                "{\"jsonrpc\":\"2.0\",\"id\":9,\"result\":\"0xabc\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":9,\"result\":\"caf\u00e9\"}".replace("\u00e9", "e"),
                "[{\"jsonrpc\":\"2.0\",\"id\":4,\"result\":\"0x1\"},{\"jsonrpc\":\"2.0\",\"id\":4,\"result\":\"0x2\"}]",
        }) {
            CursorAnswerTest.Sink sink = new CursorAnswerTest.Sink(q.decoder);
            assertThat(fast(json, sink)).as(json).isTrue();
            assertThat(sink.seen).as(json).isEqualTo(tokens(json, q.decoder)).isNotEmpty();
        }
        assertThat(read("[{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":\"0x1f\"},{\"jsonrpc\":\"2.0\",\"id\":8,\"result\":\"0x1\"}]",
                q.decoder)).containsExactly("decoded 7 31", "result 8 \"0x1\"");
        assertThat(q.fast).isPositive();
    }

    @Test
    void declinesEverythingElseWithoutTouchingTheSinkAndTheTokenPathReadsIt() {
        CursorAnswerTest.Quantity q = new CursorAnswerTest.Quantity();
        for (String json : new String[] {
                "[]",
                "[{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":\"0x1\"},{\"jsonrpc\":\"2.0\",\"id\":2,\"error\":{\"code\":-32000,\"message\":\"no\"}}]",
                "[{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":\"0x1\"},{\"jsonrpc\":\"2.0\",\"result\":\"0x1\",\"id\":2}]",
                "[{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":12}]",
                "[{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"a\":1}}]",
                "[{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":[\"0x1\"]}]",
                "[{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":\"a\\\"b\"}]",
                "[{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":\"caf\u00e9\"}]",
                "[{\"jsonrpc\":\"2.0\",\"id\":\"1\",\"result\":\"0x1\"}]",
                "[{\"jsonrpc\":\"2.0\",\"id\":1,\"id\":2,\"result\":\"0x1\"}]",
                "[{\"jsonrpc\":\"2.0\",\"id\":1}]",
                "[{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":\"1f\"}]", // the typed fast form bails
                "[{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":\"0x1\"},3]",
                "[{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":\"0x1\"} {\"jsonrpc\":\"2.0\",\"id\":2,\"result\":\"0x1\"}]",
                "{\"method\":\"eth_subscription\",\"params\":{\"subscription\":\"0x1\",\"result\":\"0x2\"}}",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":\"0x1\",\"error\":null}",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":nul}",
                "\"0x1\"",
        }) {
            CursorAnswerTest.Sink sink = new CursorAnswerTest.Sink(q.decoder);
            assertThat(fast(json, sink)).as(json).isFalse();
            assertThat(sink.seen).as(json).isEmpty();
            assertThat(read(json, q.decoder)).as(json).isEqualTo(tokens(json, q.decoder));
        }
    }

    @Test
    void everyTruncationOfABatchIsDeclined() {
        CursorAnswerTest.Quantity q = new CursorAnswerTest.Quantity();
        String whole = "[{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":\"0x1f\"},{\"jsonrpc\":\"2.0\",\"id\":8,\"result\":true}]";
        for (int len = 0; len < whole.length(); len++) {
            CursorAnswerTest.Sink sink = new CursorAnswerTest.Sink(q.decoder);
            assertThat(fast(whole.substring(0, len), sink)).as(whole.substring(0, len)).isFalse();
            assertThat(sink.seen).isEmpty();
        }
        assertThat(fast(whole, new CursorAnswerTest.Sink(q.decoder))).isTrue();
    }

    /** A batch of a hundred answers, as an HTTP batch brings them: all read, in order, by the fast path. */
    @Test
    void readsAHundredAnswersInOrder() {
        StringBuilder json = new StringBuilder("[");
        for (int i = 1; i <= 100; i++) {
            json.append(i == 1 ? "" : ",").append("{\"jsonrpc\":\"2.0\",\"id\":").append(i).append(",\"result\":\"0x7a69\"}");
        }
        String batch = json.append(']').toString();
        CursorAnswerTest.Sink sink = new CursorAnswerTest.Sink(null);
        assertThat(fast(batch, sink)).isTrue();
        assertThat(sink.seen).hasSize(100).startsWith("result 1 \"0x7a69\"").endsWith("result 100 \"0x7a69\"")
                .isEqualTo(tokens(batch, null));
    }

    /** The property: whatever the bytes, the reader with its fast paths reports what the token path alone reports. */
    static void sameAsTheTokenPath(byte[] input) {
        CursorAnswerTest.Quantity q = new CursorAnswerTest.Quantity();
        CursorAnswerTest.Sink withFastPaths = new CursorAnswerTest.Sink(q.decoder);
        JsonRpcReader.read(input, 0, input.length, withFastPaths);
        CursorAnswerTest.Sink tokensOnly = new CursorAnswerTest.Sink(q.decoder);
        JsonRpcReader.read(new ByteArrayInputStream(input), tokensOnly);
        assertThat(withFastPaths.seen).as(new String(input, StandardCharsets.ISO_8859_1)).isEqualTo(tokensOnly.seen);
    }

    /** The property on thousands of seeded mutations (cuts, flipped and inserted bytes) of the shapes nodes send. */
    @Test
    void mutatedMessagesGiveTheTokenPathsEvents() {
        String[] seeds = {
                "[{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":\"0x1f\"},{\"jsonrpc\":\"2.0\",\"id\":8,\"result\":true},"
                        + "{\"jsonrpc\":\"2.0\",\"id\":9,\"result\":null}]",
                "{\"jsonrpc\":\"2.0\",\"id\":12,\"result\":\"0x7a69\"}",
                "[{\"id\":1,\"result\":\"0x\",\"x\":[{\"a\":-1.5e+3},false]},{\"jsonrpc\":\"2.0\",\"id\":2,"
                        + "\"error\":{\"code\":-32000,\"message\":\"no\"}}]",
        };
        String alphabet = "[]{}\",:0123456789-+.eEtrufalsnx\\ \n";
        java.util.Random random = new java.util.Random(20261124L);
        for (int n = 0; n < 6000; n++) {
            StringBuilder m = new StringBuilder(seeds[n % seeds.length]);
            for (int k = 1 + random.nextInt(3); k > 0 && m.length() > 0; k--) {
                int at = random.nextInt(m.length());
                switch (random.nextInt(3)) {
                    case 0 -> m.setLength(at);
                    case 1 -> m.setCharAt(at, alphabet.charAt(random.nextInt(alphabet.length())));
                    default -> m.insert(at, alphabet.charAt(random.nextInt(alphabet.length())));
                }
            }
            sameAsTheTokenPath(m.toString().getBytes(StandardCharsets.UTF_8));
        }
    }
}
