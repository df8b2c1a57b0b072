package sh.brane.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import sh.brane.rpc.FallbackProvider;
import sh.brane.rpc.HttpProvider;
import sh.brane.rpc.WebSocketProvider;

/**
 * Faults under a {@link FallbackProvider} over a WebSocket and an HTTP endpoint, each behind its own proxy.
 * The caller's contract is the same as for one provider: every request ends within its timeout plus one
 * second, with a result or a typed error.
 */
class FallbackFaultsTest extends FaultScenarioSupport {

    @Test
    void oneEndpointHalfOpenTheOtherTakesOver() throws Exception {
        proxy = FaultProxy.raw(anvil.port());
        try (FaultProxy second = FaultProxy.raw(anvil.port())) {
            WebSocketProvider ws = webSocket("fb-ws", proxy.wsUrl());
            HttpProvider http = http("fb-http", second.httpUrl());
            FallbackProvider fallback = FallbackProvider.builder().add(ws).add(http).requestTimeout(TIMEOUT)
                    .failureThreshold(2).probeInterval(Duration.ofMillis(500)).build();
            try {
                SteadyLoad load = new SteadyLoad(fallback, TIMEOUT, 2, account()).start();
                Thread.sleep(500);
                proxy.stall(true);
                Thread.sleep(4000);
                proxy.stall(false);
                Thread.sleep(1000);
                SteadyLoad.Report report = assertEveryRequestEnded(load);
                assertThat(report.succeeded()).isPositive();
                assertPendingDrains(fallback);
                assertRequestsSucceed(fallback);
            } finally {
                closeAndAssertCleanAll(fallback, ws, http);
            }
        }
    }

    /**
     * Each call's timeout covers every endpoint it is tried on: with both endpoints half-open, a request with a
     * 3 s timeout must not end later than that plus the usual second (it took about 4.6 s when every endpoint
     * got a whole timeout of its own).
     */
    @Test
    void bothEndpointsHalfOpen() throws Exception {
        proxy = FaultProxy.raw(anvil.port());
        try (FaultProxy second = FaultProxy.raw(anvil.port())) {
            WebSocketProvider ws = webSocket("fb2-ws", proxy.wsUrl());
            HttpProvider http = http("fb2-http", second.httpUrl());
            FallbackProvider fallback = FallbackProvider.builder().add(ws).add(http).requestTimeout(TIMEOUT)
                    .failureThreshold(2).probeInterval(Duration.ofMillis(500)).build();
            try {
                SteadyLoad load = new SteadyLoad(fallback, TIMEOUT, 2, account()).start();
                Thread.sleep(500);
                proxy.stall(true);
                second.stall(true);
                Thread.sleep(5000);
                proxy.stall(false);
                second.stall(false);
                Thread.sleep(1000);
                assertEveryRequestEnded(load);
                assertPendingDrains(fallback);
                assertRequestsSucceed(fallback);
            } finally {
                closeAndAssertCleanAll(fallback, ws, http);
            }
        }
    }

    private void closeAndAssertCleanAll(FallbackProvider fallback, WebSocketProvider ws, HttpProvider http)
            throws InterruptedException {
        fallback.close();
        assertThat(ProviderThreads.aliveNamed("brane-fallback-")).as("fallback threads after close").isEmpty();
        closeAndAssertClean(ws);
        closeAndAssertClean(http);
    }
}
