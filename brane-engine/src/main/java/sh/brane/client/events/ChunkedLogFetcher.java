package sh.brane.client.events;

import java.util.List;
import java.util.concurrent.CompletableFuture;

import sh.brane.client.BlockTag;
import sh.brane.client.BraneClient;
import sh.brane.client.Log;
import sh.brane.client.LogFilter;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.rpc.RpcErrorException;

/**
 * {@code eth_getLogs} over a block range in chunks, and of one block by its hash (EIP-234). A range the node refuses
 * as too large ({@link LogQueryTooLarge}) is split in half and each half asked again, down to one block (recursion
 * depth at most log2 of the chunk size, so at most 17 for the largest chunk allowed); the chunk size then shrinks to
 * what worked, and grows back by a quarter after each answer that needed no split. Each answer is handed to the
 * caller before the next request is sent, so only one answer's logs are held at a time, however often the range was
 * split.
 */
final class ChunkedLogFetcher {
    /** The largest chunk size a stream may be given. */
    static final int MAX_CHUNK = 100_000;

    /** Receives one answered sub-range, in chain order; returns false to stop before the next one is asked. */
    @FunctionalInterface
    interface Piece {
        boolean accept(long from, long to, List<Log> logs);
    }

    private final BraneClient client;
    private final List<Address> addresses;
    private final List<List<Hash>> topics;
    private final int maxChunk;
    private int chunk;
    private volatile int requests;

    ChunkedLogFetcher(BraneClient client, List<Address> addresses, List<List<Hash>> topics, int maxChunk) {
        this.client = client;
        this.addresses = List.copyOf(addresses);
        this.topics = topics;
        this.maxChunk = maxChunk;
        this.chunk = maxChunk;
    }

    /** The number of blocks the next chunk may span. */
    int chunk() {
        return chunk;
    }

    /** {@code eth_getLogs} requests sent so far (splits and queries by block hash included). */
    int requests() {
        return requests;
    }

    /**
     * Every matching log of blocks {@code from..to}, handed to {@code sink} answer by answer in chain order. Returns
     * false if the sink stopped it early.
     */
    boolean fetch(long from, long to, Piece sink) {
        Outcome outcome = fetchInto(from, to, sink);
        if (outcome == Outcome.WHOLE) {
            chunk = (int) Math.min(maxChunk, chunk + chunk / 4L + 1);
        }
        return outcome != Outcome.STOPPED;
    }

    /**
     * The matching logs of the block with {@code hash} (EIP-234): an answer only a node holding that very block can
     * give. A node that does not know the hash answers an error (geth: {@code unknown block}), which the caller
     * reads as "not yet", never as "no logs".
     */
    CompletableFuture<List<Log>> fetchBlock(Hash hash) {
        requests++;
        return client.async().getLogs(topics(LogFilter.builder().blockHash(hash)).build());
    }

    private enum Outcome { WHOLE, SPLIT, STOPPED }

    private Outcome fetchInto(long from, long to, Piece sink) {
        List<Log> logs;
        try {
            requests++;
            logs = client.getLogs(topics(LogFilter.builder().fromBlock(BlockTag.number(from))
                    .toBlock(BlockTag.number(to))).build());
        } catch (RpcErrorException e) {
            if (LogQueryTooLarge.classify(e) == null) {
                throw e;
            }
            if (from == to) {
                throw new LogQueryRefusedException(from, to, e);
            }
            long mid = from + (to - from) / 2;
            chunk = (int) Math.max(1, Math.min(chunk, mid - from + 1));
            if (fetchInto(from, mid, sink) == Outcome.STOPPED || fetchInto(mid + 1, to, sink) == Outcome.STOPPED) {
                return Outcome.STOPPED;
            }
            return Outcome.SPLIT;
        }
        return sink.accept(from, to, logs) ? Outcome.WHOLE : Outcome.STOPPED;
    }

    private LogFilter.Builder topics(LogFilter.Builder b) {
        b.address(addresses.toArray(Address[]::new));
        for (int i = 0; i < topics.size(); i++) {
            List<Hash> position = topics.get(i);
            if (position == null) {
                b.anyTopic(i);
            } else {
                b.topicAnyOf(i, position.toArray(Hash[]::new));
            }
        }
        return b;
    }
}
