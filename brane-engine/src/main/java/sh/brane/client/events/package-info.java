/**
 * Event ingestion: {@link sh.brane.client.events.LogStream} backfills logs with chunked {@code eth_getLogs}, follows
 * the head, waits for confirmations, reports reorganised logs as removals, and commits a checkpoint to a
 * {@link sh.brane.client.events.CheckpointStore} after each delivery; a lease in the store lets exactly one instance
 * consume a stream at a time.
 */
package sh.brane.client.events;
