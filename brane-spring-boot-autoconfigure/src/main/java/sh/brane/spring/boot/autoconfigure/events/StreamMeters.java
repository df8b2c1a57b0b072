package sh.brane.spring.boot.autoconfigure.events;

import sh.brane.client.events.LogStream;

/**
 * Meters of the listener streams, bound when a stream starts and removed when it stops (a restarted context makes new
 * streams). An interface so the container does not load Micrometer's classes when Micrometer is absent.
 */
interface StreamMeters {

    /** Registers {@code stream}'s meters tagged with its name and {@code chain}; the returned action removes them. */
    Runnable bind(LogStream<?> stream, String chain);
}
