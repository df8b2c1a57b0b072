package sh.brane.rpc.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.api.Tag;

import sh.brane.fuzzing.FuzzSupport;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Fuzzes the JSON-RPC response parser as the transports use it: {@link JsonRpcReader#read} never throws
 * (everything wrong becomes an {@code onInvalid}/{@code onUnmatched} event, so no malformed frame can
 * kill an I/O thread); a document that is not a batch produces exactly one event; "malformed JSON" is
 * only reported for text that Jackson itself cannot parse; {@link TruncatedAnswerIds#recoverId} never throws
 * on any prefix/suffix split.
 */
@Tag("fuzz")
class JsonRpcReaderFuzzTest {

    @FuzzTest(maxDuration = "10s")
    void read(FuzzedDataProvider provider) {
        check(provider.consumeRemainingAsBytes());
    }

    /** The properties, for one input. */
    static void check(byte[] input) {
        Recorder sink = new Recorder();
        FuzzSupport.expectOnly(input, () -> {
            JsonRpcReader.read(input, 0, input.length, sink);
            return null;
        });
        // Jackson detects the encoding: zero bytes or a UTF-16/32 byte-order mark at the start make it read
        // UTF-16 or UTF-32, where a '[' hides behind them (0x00 0x5B is "[" in UTF-16BE), and it skips a UTF-8
        // byte-order mark; only for plain UTF-8 does the first non-blank byte say whether this is a batch
        int first = firstNonBlank(input, utf8Bom(input) ? 3 : 0);
        if (!wideEncoding(input) && (first < 0 || input[first] != '[')) {
            assertThat(sink.events).as("events for %s", FuzzSupport.show(input)).hasSize(1);
        }
        if (wellFormed(input)) {
            assertThat(sink.events).as("events for well-formed %s", FuzzSupport.show(input))
                    .noneMatch(e -> e.startsWith("unmatched malformed JSON:") || e.matches("(?s)invalid -?\\d+ malformed JSON:.*"));
        }
        int split = input.length / 2;
        FuzzSupport.expectOnly(input, () -> TruncatedAnswerIds.recoverId(input, split,
                Arrays.copyOfRange(input, split, input.length), input.length - split));
    }

    private static boolean utf8Bom(byte[] b) {
        return b.length >= 3 && (b[0] & 0xFF) == 0xEF && (b[1] & 0xFF) == 0xBB && (b[2] & 0xFF) == 0xBF;
    }

    private static boolean wideEncoding(byte[] b) {
        for (int i = 0; i < Math.min(4, b.length); i++) {
            if (b[i] == 0) {
                return true;
            }
        }
        int b0 = b.length >= 2 ? b[0] & 0xFF : 0;
        int b1 = b.length >= 2 ? b[1] & 0xFF : 0;
        return b0 == 0xFE && b1 == 0xFF || b0 == 0xFF && b1 == 0xFE;
    }

    private static int firstNonBlank(byte[] input, int from) {
        for (int i = from; i < input.length; i++) {
            byte b = input[i];
            if (b != ' ' && b != '\n' && b != '\r' && b != '\t') {
                return i;
            }
        }
        return -1;
    }

    private static boolean wellFormed(byte[] input) {
        try {
            JsonRpcWriter.MAPPER.readTree(input);
            return true;
        } catch (JacksonException e) {
            return false;
        }
    }

    /** Records each event as text and checks the arguments the transports rely on. */
    static final class Recorder implements ResponseSink {
        final List<String> events = new ArrayList<>();

        @Override
        public void onResult(long id, JsonNode result) {
            assertThat(result).isNotNull();
            events.add("result " + id);
        }

        @Override
        public void onError(long id, int code, String message, JsonNode data) {
            assertThat(message).isNotNull();
            events.add("error " + id + " " + code);
        }

        @Override
        public void onNotification(String subscriptionId, JsonNode result) {
            assertThat(subscriptionId).isNotNull();
            assertThat(result).isNotNull();
            events.add("notification " + subscriptionId);
        }

        @Override
        public void onInvalid(long id, String reason) {
            assertThat(reason).isNotBlank();
            events.add("invalid " + id + " " + reason);
        }

        @Override
        public void onUnmatched(String reason) {
            assertThat(reason).isNotBlank();
            events.add("unmatched " + reason);
        }
    }

    /** Seeds: the response shapes nodes send (result, error, batch, notification) and near misses. */
    @Test
    void seedCorpusReachesEveryEvent() {
        if (FuzzSupport.writingSeeds()) {
            Map<String, String> seeds = new LinkedHashMap<>();
            seeds.put("seed-result", "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":\"0x1b4\"}");
            seeds.put("seed-result-object", "{\"jsonrpc\":\"2.0\",\"id\":\"42\",\"result\":{\"number\":\"0x10\",\"transactions\":[\"0xab\",{\"to\":null}]}}");
            seeds.put("seed-error", "{\"jsonrpc\":\"2.0\",\"id\":7,\"error\":{\"code\":-32000,\"message\":\"execution reverted\",\"data\":\"0x08c379a0\"}}");
            seeds.put("seed-batch", "[{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":\"0x1\"},{\"jsonrpc\":\"2.0\",\"id\":2,\"error\":{\"code\":-32601,\"message\":\"no\"}},3]");
            seeds.put("seed-notification", "{\"jsonrpc\":\"2.0\",\"method\":\"eth_subscription\",\"params\":{\"subscription\":\"0xcd0c3e8af590364c09d0fa6a1210faf5\",\"result\":{\"number\":\"0x1\"}}}");
            seeds.put("seed-null-result", "{\"id\":9,\"jsonrpc\":\"2.0\",\"result\":null}");
            seeds.put("seed-no-id", "{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32700,\"message\":\"Parse error\"}}");
            seeds.put("seed-truncated", "{\"jsonrpc\":\"2.0\",\"id\":5,\"result\":[1,2,");
            Map<String, byte[]> bytes = new LinkedHashMap<>();
            seeds.forEach((k, v) -> bytes.put(k, v.getBytes(StandardCharsets.UTF_8)));
            FuzzSupport.writeSeeds(JsonRpcReaderFuzzTest.class, "read", bytes);
        }
        java.util.List<byte[]> inputs = FuzzSupport.inputs(JsonRpcReaderFuzzTest.class, "read");
        assertThat(inputs).hasSizeGreaterThanOrEqualTo(8);
        Recorder all = new Recorder();
        for (byte[] in : inputs) {
            check(in);
            JsonRpcReader.read(in, 0, in.length, all);
        }
        assertThat(all.events).anyMatch(e -> e.startsWith("result")).anyMatch(e -> e.startsWith("error"))
                .anyMatch(e -> e.startsWith("notification")).anyMatch(e -> e.startsWith("invalid"))
                .anyMatch(e -> e.startsWith("unmatched"));
    }
}
