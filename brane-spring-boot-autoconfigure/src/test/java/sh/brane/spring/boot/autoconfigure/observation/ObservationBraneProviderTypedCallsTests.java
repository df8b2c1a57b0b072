package sh.brane.spring.boot.autoconfigure.observation;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import org.junit.jupiter.api.Test;

import sh.brane.rpc.BraneProvider;
import sh.brane.rpc.ResultDecoder;
import sh.brane.rpc.RpcCall;
import sh.brane.rpc.RpcErrorException;
import sh.brane.rpc.RpcTimeoutException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyList;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

/**
 * Typed calls through the observation decorator reach the delegate's typed path (its one-pass decoding), and are
 * still observed. Before, the interface's defaults sent the untyped call and decoded a JsonNode tree.
 */
class ObservationBraneProviderTypedCallsTests {

    @Test
    @SuppressWarnings("unchecked")
    void typedCallsPassThroughAndAreObserved() {
        BraneProvider delegate = mock(BraneProvider.class);
        ResultDecoder<Long> decoder = mock(ResultDecoder.class);
        when(delegate.sendAsync(eq("eth_blockNumber"), anyList(), any(ResultDecoder.class)))
            .thenReturn(CompletableFuture.completedFuture(42L));
        when(delegate.sendAsync(eq("eth_chainId"), anyList(), any(Duration.class), any(ResultDecoder.class)))
            .thenReturn(CompletableFuture.completedFuture(1L));
        List<String> stopped = new ArrayList<>();
        ObservationRegistry registry = ObservationRegistry.create();
        registry.observationConfig().observationHandler(new ObservationHandler<>() {
            @Override
            public boolean supportsContext(Observation.Context context) {
                return true;
            }

            @Override
            public void onStop(Observation.Context context) {
                stopped.add(((BraneObservationContext) context).getMethod());
            }
        });
        ObservationBraneProvider observed = new ObservationBraneProvider(delegate, registry, "default", "http");

        assertThat(observed.sendAsync("eth_blockNumber", List.of(), decoder).join()).isEqualTo(42L);
        assertThat(observed.sendAsync("eth_chainId", List.of(), Duration.ofSeconds(1), decoder).join()).isEqualTo(1L);

        verify(delegate, never()).sendAsync(eq("eth_blockNumber"), anyList());
        verify(delegate, never()).sendAsync(eq("eth_chainId"), anyList(), any(Duration.class));
        assertThat(stopped).containsExactly("eth_blockNumber", "eth_chainId");
    }

    /**
     * Blocking calls reach the delegate's blocking methods (HttpProvider does those on the caller's thread), not
     * its async ones, and each is observed with its outcome.
     */
    @Test
    @SuppressWarnings("unchecked")
    void blockingCallsPassThroughAndAreObserved() {
        BraneProvider delegate = mock(BraneProvider.class);
        ResultDecoder<Long> decoder = mock(ResultDecoder.class);
        JsonNode one = JsonNodeFactory.instance.textNode("0x1");
        when(delegate.send(eq("eth_chainId"), anyList())).thenReturn(one);
        when(delegate.send(eq("eth_chainId"), anyList(), any(Duration.class))).thenReturn(one);
        when(delegate.send(eq("eth_blockNumber"), anyList(), any(ResultDecoder.class))).thenReturn(42L);
        when(delegate.send(eq("eth_blockNumber"), anyList(), any(Duration.class), any(ResultDecoder.class)))
            .thenThrow(new RpcTimeoutException("eth_blockNumber timed out after 1 s"));
        CompletableFuture<JsonNode> failed = CompletableFuture
            .failedFuture(new RpcErrorException("eth_getBalance", -32000, "bad", null));
        when(delegate.sendBatchAndWait(anyList()))
            .thenReturn(List.of(CompletableFuture.completedFuture(one), failed));
        List<String> outcomes = new ArrayList<>();
        ObservationRegistry registry = ObservationRegistry.create();
        registry.observationConfig().observationHandler(new ObservationHandler<>() {
            @Override
            public boolean supportsContext(Observation.Context context) {
                return true;
            }

            @Override
            public void onStop(Observation.Context context) {
                BraneObservationContext brane = (BraneObservationContext) context;
                outcomes.add(brane.getMethod() + " " + brane.getOutcome());
            }
        });
        ObservationBraneProvider observed = new ObservationBraneProvider(delegate, registry, "default", "http");

        assertThat(observed.send("eth_chainId", List.of())).isEqualTo(one);
        assertThat(observed.send("eth_chainId", List.of(), Duration.ofSeconds(1))).isEqualTo(one);
        assertThat(observed.send("eth_blockNumber", List.of(), decoder)).isEqualTo(42L);
        assertThatThrownBy(() -> observed.send("eth_blockNumber", List.of(), Duration.ofSeconds(1), decoder))
            .isInstanceOf(RpcTimeoutException.class);
        List<CompletableFuture<JsonNode>> batch = observed.sendBatchAndWait(
                List.of(new RpcCall("eth_chainId", List.of()), new RpcCall("eth_getBalance", List.of())));

        assertThat(batch).allMatch(CompletableFuture::isDone);
        verify(delegate, never()).sendAsync(anyString(), anyList());
        verify(delegate, never()).sendAsync(anyString(), anyList(), any(Duration.class));
        verify(delegate, never()).sendBatch(anyList());
        assertThat(outcomes).containsExactly("eth_chainId SUCCESS", "eth_chainId SUCCESS", "eth_blockNumber SUCCESS",
                "eth_blockNumber TIMEOUT", "eth_chainId SUCCESS", "eth_getBalance RPC_ERROR");
    }
}
