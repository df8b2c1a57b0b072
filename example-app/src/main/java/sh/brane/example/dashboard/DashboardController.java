package sh.brane.example.dashboard;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Measurement;
import io.micrometer.core.instrument.Timer;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import sh.brane.example.chain.ConnectionState;
import sh.brane.rpc.BraneProvider;

/**
 * The small JSON the dashboard at {@code /} polls: cumulative counts and times per RPC method (the page turns
 * them into rates and mean latencies), the provider's gauges, the latest block, and the payments' lifecycle: how
 * many transactions reached each state ({@code brane.tx.transitions}) and how many the node held without mining them
 * ({@code brane.tx.stranded}), since start-up.
 */
@RestController
class DashboardController {

    private final MeterRegistry registry;
    private final BraneProvider provider;
    private final LatestBlock latestBlock;

    DashboardController(MeterRegistry registry, BraneProvider provider, LatestBlock latestBlock) {
        this.registry = registry;
        this.provider = provider;
        this.latestBlock = latestBlock;
    }

    @GetMapping("/api/dashboard")
    Snapshot snapshot() {
        Map<String, MethodStats> methods = new TreeMap<>();
        for (Timer t : registry.find("brane.rpc.requests").timers()) {
            String method = t.getId().getTag("method");
            boolean ok = "SUCCESS".equals(t.getId().getTag("outcome"));
            MethodStats s = methods.getOrDefault(method, new MethodStats(0, 0, 0));
            methods.put(method, new MethodStats(s.count() + t.count(),
                    s.totalTimeMs() + t.totalTime(TimeUnit.MILLISECONDS), s.failures() + (ok ? 0 : t.count())));
        }
        Map<String, Long> transactions = new TreeMap<>();
        for (Counter c : registry.find("brane.tx.transitions").counters()) {
            transactions.merge(c.getId().getTag("state"), (long) c.count(), Long::sum);
        }
        long[] block = latestBlock.numberAndTimestamp();
        long now = System.currentTimeMillis();
        return new Snapshot(now, methods, sum("brane.rpc.requests.pending"), sum("brane.ws.ringbuffer.remaining"),
                sum("brane.ws.reconnects"), sum("brane.ws.subscriptions.active"), ConnectionState.of(provider),
                block == null ? null : block[0], block == null ? null : block[1],
                block == null ? null : Math.max(0, now / 1000.0 - block[1]), transactions,
                sum("brane.tx.stranded"));
    }

    /** Sums the first measurement (value or count) of every meter with the name, whatever its tags and type. */
    private Double sum(String name) {
        double total = 0;
        boolean found = false;
        for (Meter m : registry.find(name).meters()) {
            for (Measurement measurement : m.measure()) {
                total += measurement.getValue();
                found = true;
                break;
            }
        }
        return found ? total : null;
    }

    /** Cumulative per-method figures since start-up. */
    record MethodStats(long count, double totalTimeMs, long failures) {
    }

    record Snapshot(long time, Map<String, MethodStats> methods, Double pendingRequests, Double ringBufferRemaining,
                    Double reconnects, Double activeSubscriptions, String connection, Long latestBlock,
                    Long latestBlockTimestamp, Double latestBlockAgeSeconds, Map<String, Long> transactions,
                    Double strandedTransactions) {
    }
}
