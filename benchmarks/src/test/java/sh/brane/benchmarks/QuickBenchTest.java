package sh.brane.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class QuickBenchTest {

    private static JsonNode result(double cpuNanos, double calls) {
        return JsonMapper.builder().build().readTree("{\"secondaryMetrics\":{\"cpuNanos\":{\"score\":" + cpuNanos
                + "},\"calls\":{\"score\":" + calls + "}}}");
    }

    @Test
    void cpuPerCallDividesByTheCallsOfAnInvocationAndTheCallerThreads() {
        // 1 s of process CPU over 1,000 invocations of 100 calls each, counted by 4 overlapping caller threads
        assertThat(QuickBench.cpuPerCall(result(1e9, 1_000), "HttpRpcBenchmark.braneBatch100", 4)).isEqualTo("2.5 µs");
        assertThat(QuickBench.cpuPerCall(result(1e9, 1_000), "WebSocketRpcBenchmark.braneInFlight10", 1))
                .isEqualTo("0.10 ms");
        assertThat(QuickBench.cpuPerCall(result(1e9, 1_000), "HttpRpcBenchmark.braneSequential", 1)).isEqualTo("1.00 ms");
    }

    @Test
    void cpuPerCallIsNotAvailableWithoutTheCounters() {
        assertThat(QuickBench.cpuPerCall(null, "x", 1)).isEqualTo("n/a");
        assertThat(QuickBench.cpuPerCall(JsonMapper.builder().build().readTree("{\"secondaryMetrics\":{}}"), "x", 1))
                .isEqualTo("n/a");
        assertThat(QuickBench.cpuPerCall(result(1e9, 0), "x", 1)).isEqualTo("n/a");
    }
}
