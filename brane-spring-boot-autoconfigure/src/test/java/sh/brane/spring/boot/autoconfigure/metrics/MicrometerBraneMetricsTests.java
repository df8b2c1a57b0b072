package sh.brane.spring.boot.autoconfigure.metrics;

import java.util.Set;
import java.util.stream.Collectors;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import sh.brane.rpc.HttpProvider;
import sh.brane.rpc.RpcErrorException;
import sh.brane.rpc.RpcOutcome;

import static org.assertj.core.api.Assertions.assertThat;

class MicrometerBraneMetricsTests {

    @Test
    void errorCodesFromTheNodeAreBoundedToTheStandardSets() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        // no connection is made until a call: the provider only lends its gauges here
        try (HttpProvider provider = HttpProvider.create("http://127.0.0.1:1")) {
            MicrometerBraneMetrics metrics = new MicrometerBraneMetrics(registry, provider, "main", "http");
            // a hostile node answering with a fresh code each time
            for (int code = 100_000; code < 101_000; code++) {
                metrics.onRequestFailed("eth_call", RpcOutcome.RPC_ERROR,
                        new RpcErrorException("eth_call", code, "nope", null), 0);
            }
            for (int code : new int[] { 3, -32000, -32005, -32601, 4001, -32050, 0, Integer.MIN_VALUE }) {
                metrics.onRequestFailed("eth_call", RpcOutcome.RPC_ERROR,
                        new RpcErrorException("eth_call", code, "nope", null), 0);
            }
        }
        Set<String> codes = registry.find(MicrometerBraneMetrics.REQUESTS)
            .timers()
            .stream()
            .map((timer) -> timer.getId().getTag("error.code"))
            .collect(Collectors.toSet());
        assertThat(codes).containsExactlyInAnyOrder("3", "-32000", "-32005", "-32601", "4001", "OTHER");
        assertThat(registry.find(MicrometerBraneMetrics.REQUESTS).tags("error.code", "OTHER").timer().count())
            .isEqualTo(1003);
        assertThat(registry.getMeters().stream().map(Meter::getId).filter((id) -> id.getName().equals(
                MicrometerBraneMetrics.REQUESTS))).hasSize(6);
    }
}
