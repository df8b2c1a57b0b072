package sh.brane.rpc.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class JsonRpcReaderTest {

    /** Records what the reader reports, one line per event. */
    static final class Events implements ResponseSink {
        final List<String> seen = new ArrayList<>();

        @Override public void onResult(long id, JsonNode result) { seen.add("result " + id + " " + result); }
        @Override public void onError(long id, int code, String message, JsonNode data) {
            seen.add("error " + id + " " + code + " " + message + " " + data);
        }
        @Override public void onNotification(String sub, JsonNode result) { seen.add("notification " + sub + " " + result); }
        @Override public void onInvalid(long id, String reason) { seen.add("invalid " + id + " " + reason); }
        @Override public void onUnmatched(String reason) { seen.add("unmatched " + reason); }
    }

    static List<String> read(String json) {
        Events e = new Events();
        byte[] b = json.getBytes(StandardCharsets.UTF_8);
        JsonRpcReader.read(b, 0, b.length, e);
        return e.seen;
    }

    @Test
    void readsResultsErrorsNotificationsAndBatches() {
        assertThat(read("{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":\"0x1\"}")).containsExactly("result 7 \"0x1\"");
        assertThat(read("{\"result\":null,\"id\":\"8\"}")).containsExactly("result 8 null");
        assertThat(read("{\"id\":9,\"error\":{\"code\":-32000,\"message\":\"nonce too low\"}}"))
                .containsExactly("error 9 -32000 nonce too low null");
        assertThat(read("{\"jsonrpc\":\"2.0\",\"method\":\"eth_subscription\",\"params\":{\"subscription\":\"0xab\",\"result\":{\"n\":1}}}"))
                .containsExactly("notification 0xab {\"n\":1}");
        assertThat(read("[{\"id\":2,\"result\":2},{\"id\":1,\"result\":1}]"))
                .containsExactly("result 2 2", "result 1 1");
        assertThat(read("{\"id\":1,\"ignored\":{\"deep\":[1,{\"x\":2}]},\"result\":true}")).containsExactly("result 1 true");
    }

    @Test
    void hostileInputIsReportedNotThrown() {
        assertThat(read("")).singleElement().asString().startsWith("unmatched expected a JSON object or array");
        assertThat(read("garbage")).singleElement().asString().startsWith("unmatched malformed JSON");
        assertThat(read("42")).singleElement().asString().contains("expected a JSON object or array");
        assertThat(read("{\"id\":5,\"result\":[1,2")).singleElement().asString().startsWith("invalid 5 malformed JSON");
        assertThat(read("{\"result\":[1,2")).singleElement().asString().startsWith("unmatched malformed JSON");
        assertThat(read("{\"id\":5}")).containsExactly("invalid 5 response has neither result nor error");
        assertThat(read("{\"id\":null,\"error\":{\"code\":-32700,\"message\":\"Parse error\"}}"))
                .singleElement().asString().startsWith("unmatched response with unusable id null");
        assertThat(read("{\"id\":\"abc\",\"result\":1}")).singleElement().asString().contains("unusable id abc");
        assertThat(read("{\"id\":123456789012345678901234567890,\"result\":1}")).singleElement().asString().contains("unusable id");
        assertThat(read("{\"id\":1.5,\"result\":1}")).singleElement().asString().contains("unusable id");
        assertThat(read("[{\"id\":1,\"result\":1},7,{\"id\":2,\"result\":2}]"))
                .containsExactly("result 1 1", "unmatched batch element 1 is VALUE_NUMBER_INT, expected an object", "result 2 2");
        assertThat(read("[{\"id\":1,\"result\":1}")).hasSize(2).first().isEqualTo("result 1 1");
        assertThat(read("[{\"id\":1,\"result\":1}").get(1)).startsWith("unmatched malformed JSON");
        assertThat(read("{\"method\":\"eth_subscription\",\"params\":{\"result\":1}}"))
                .singleElement().asString().startsWith("unmatched unexpected server message");
        assertThat(read("{\"id\":3,\"error\":{\"code\":\"x\"}}")).containsExactly("error 3 0 {\"code\":\"x\"} null");
    }

    private static long recover(String head, String tail) {
        byte[] h = head.getBytes(StandardCharsets.UTF_8);
        byte[] t = tail.getBytes(StandardCharsets.UTF_8);
        return TruncatedAnswerIds.recoverId(h, h.length, t, t.length);
    }

    @Test
    void recoversTheIdOfATruncatedResponse() {
        assertThat(recover("{\"jsonrpc\":\"2.0\",\"id\":42,\"result\":\"aaaa", "aaaa\"}")).isEqualTo(42);
        assertThat(recover("{\"jsonrpc\":\"2.0\",\"result\":\"aaaa", "aaaa\",\"id\":43}")).isEqualTo(43);
        assertThat(recover("{\"result\":\"aa", "aa\", \"id\" : 44 }\n")).isEqualTo(44);
        // an id closing a nested object is not the response's id
        assertThat(recover("{\"result\":{\"x\":\"aa", "aa\",\"id\":45}}")).isEqualTo(JsonRpcReader.NO_ID);
        assertThat(recover("{\"result\":\"aa", "aa\",\"id\":\"46\"}")).isEqualTo(JsonRpcReader.NO_ID);
        assertThat(recover("[{\"id\":1,\"result\":\"aa", "aa\"}]")).isEqualTo(JsonRpcReader.NO_ID);
        assertThat(recover("{\"jsonrpc\":\"2.0\",\"method\":\"eth_subscription\",\"params\":{\"x\":\"aa", "aa\"}}}"))
                .isEqualTo(JsonRpcReader.NOTIFICATION);
        assertThat(recover("", "")).isEqualTo(JsonRpcReader.NO_ID);
        assertThat(recover("{\"id\":\"7\",\"result\":\"", "x")).isEqualTo(7);
    }
}
