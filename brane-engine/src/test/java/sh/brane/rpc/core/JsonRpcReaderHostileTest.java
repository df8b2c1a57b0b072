package sh.brane.rpc.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

/**
 * Responses with values beyond Java's ranges or nested beyond Jackson's limits: each still ends in
 * exactly one event tied to the request id when the id was read, never in an exception.
 */
class JsonRpcReaderHostileTest {

    private static JsonRpcReaderFuzzTest.Recorder read(String json) {
        JsonRpcReaderFuzzTest.Recorder sink = new JsonRpcReaderFuzzTest.Recorder();
        byte[] b = json.getBytes(StandardCharsets.UTF_8);
        JsonRpcReader.read(b, 0, b.length, sink);
        return sink;
    }

    @Test
    void errorCodesBeyondAnIntStillFailTheRightRequest() {
        for (String code : new String[] {"99999999999", "123456789012345678901234567890", "-9223372036854775809", "1e400",
            "\"-32000\"", "null", "{}"}) {
            JsonRpcReaderFuzzTest.Recorder sink = read("{\"jsonrpc\":\"2.0\",\"id\":7,\"error\":{\"code\":" + code
                    + ",\"message\":\"boom\"}}");
            assertThat(sink.events).as(code).hasSize(1);
            assertThat(sink.events.get(0)).as(code).startsWith("error 7 ");
        }
    }

    @Test
    void resultsNestedBeyondTheParserLimitFailTheRequestWithoutOverflowingTheStack() {
        int depth = 100_000;
        JsonRpcReaderFuzzTest.Recorder sink = read("{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":" + "[".repeat(depth)
                + "]".repeat(depth) + "}");
        assertThat(sink.events).hasSize(1);
        assertThat(sink.events.get(0)).startsWith("invalid 3 malformed JSON:").contains("nesting depth");
    }

    @Test
    void numbersAndStringsBeyondTheParserLimitsFailTheRequest() {
        JsonRpcReaderFuzzTest.Recorder number = read("{\"id\":4,\"result\":" + "9".repeat(100_000) + "}");
        assertThat(number.events).hasSize(1);
        assertThat(number.events.get(0)).startsWith("invalid 4 malformed JSON:");
        JsonRpcReaderFuzzTest.Recorder id = read("{\"id\":" + "9".repeat(100_000) + ",\"result\":1}");
        assertThat(id.events).hasSize(1);
        assertThat(id.events.get(0)).startsWith("unmatched malformed JSON:");
    }

    @Test
    void deepBatchArraysAreReportedNotRecursed() {
        JsonRpcReaderFuzzTest.Recorder sink = read("[" + "[".repeat(100_000));
        assertThat(sink.events).isNotEmpty().allMatch(e -> e.startsWith("unmatched"));
    }
}
