package sh.brane.spring.boot.autoconfigure.events;

import java.util.List;
import java.util.function.ToLongFunction;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;

import sh.brane.client.events.LogStream;
import sh.brane.client.events.LogStreamStats;

/**
 * {@code brane.events.*} meters read from each stream's {@link LogStreamStats}: counters of logs delivered, removals
 * delivered, reorganisations detected and decode failures; gauges of the head lag and the checkpoint's block. Tags
 * are bounded: {@code stream} (a listener's id, fixed by the code and configuration) and {@code chain} (a configured
 * chain name, {@code default} for the one {@code BraneClient}).
 */
final class MicrometerStreamMeters implements StreamMeters {
    private final MeterRegistry registry;

    MicrometerStreamMeters(MeterRegistry registry) {
        this.registry = registry;
    }

    @Override
    public Runnable bind(LogStream<?> stream, String chain) {
        Tags tags = Tags.of("stream", stream.name(), "chain", chain);
        LogStreamStats stats = stream.stats();
        List<Meter> meters = List.of(
                counter("brane.events.logs.delivered", "Logs handed to the listener as added", stats,
                        LogStreamStats::logsDelivered, tags),
                counter("brane.events.logs.removed", "Logs handed to the listener again as removed by a reorganisation",
                        stats, LogStreamStats::removalsDelivered, tags),
                counter("brane.events.reorgs", "Reorganisations the stream walked back over", stats,
                        LogStreamStats::reorgsDetected, tags),
                counter("brane.events.decode.failures", "Logs that did not decode as the listener's event", stats,
                        LogStreamStats::decodeFailures, tags),
                counter("brane.events.logs.not.yet", "Blocks whose logs the node could not give by hash yet (a replica"
                        + " behind): the stream waited", stats, LogStreamStats::logsNotYetAvailable, tags),
                gauge("brane.events.head.lag", "Blocks between the newest head seen and the checkpoint", stats,
                        LogStreamStats::headLag, tags),
                gauge("brane.events.checkpoint.block", "Block of the stream's last committed checkpoint", stats,
                        LogStreamStats::checkpointBlock, tags));
        return () -> meters.forEach(registry::remove);
    }

    private Meter counter(String name, String description, LogStreamStats stats, ToLongFunction<LogStreamStats> value,
            Tags tags) {
        return FunctionCounter.builder(name, stats, s -> value.applyAsLong(s)).description(description).tags(tags)
                .register(registry);
    }

    /** Unknown (-1) reads as NaN, which registries skip, rather than as a block number. */
    private Meter gauge(String name, String description, LogStreamStats stats, ToLongFunction<LogStreamStats> value,
            Tags tags) {
        return Gauge.builder(name, stats, s -> {
            long v = value.applyAsLong(s);
            return v < 0 ? Double.NaN : v;
        }).description(description).baseUnit("blocks").tags(tags).strongReference(true).register(registry);
    }
}
