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

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyList;
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
        assertThat(observed.send("eth_blockNumber", List.of(), decoder)).isEqualTo(42L);
        assertThat(observed.sendAsync("eth_chainId", List.of(), Duration.ofSeconds(1), decoder).join()).isEqualTo(1L);

        verify(delegate, never()).sendAsync(eq("eth_blockNumber"), anyList());
        verify(delegate, never()).sendAsync(eq("eth_chainId"), anyList(), any(Duration.class));
        assertThat(stopped).containsExactly("eth_blockNumber", "eth_blockNumber", "eth_chainId");
    }
}
