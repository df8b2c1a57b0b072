package sh.brane.client.events;

import java.util.ArrayList;
import java.util.List;

import sh.brane.client.BlockTag;
import sh.brane.client.BraneClient;
import sh.brane.client.Log;
import sh.brane.client.LogFilter;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.rpc.RpcErrorException;

/**
 * {@code eth_getLogs} over a block range in chunks. A range the node refuses as too large
 * ({@link LogQueryTooLarge}) is split in half and each half asked again, down to one block (recursion depth at most
 * log2 of the chunk size, so at most 17 for the largest chunk allowed); the chunk size then shrinks to what worked,
 * and grows back by a quarter after each answer that needed no split. Only one chunk's logs are held at a time.
 */
final class ChunkedLogFetcher {
    /** The largest chunk size a stream may be given. */
    static final int MAX_CHUNK = 100_000;

    private final BraneClient client;
    private final List<Address> addresses;
    private final List<List<Hash>> topics;
    private final int maxChunk;
    private int chunk;
    private int requests;

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

    /** {@code eth_getLogs} requests sent so far (splits included). */
    int requests() {
        return requests;
    }

    /** Every matching log of blocks {@code from..to}, in chain order. */
    List<Log> fetch(long from, long to) {
        List<Log> out = new ArrayList<>();
        boolean split = fetchInto(from, to, out);
        if (!split) {
            chunk = (int) Math.min(maxChunk, chunk + chunk / 4L + 1);
        }
        return out;
    }

    private boolean fetchInto(long from, long to, List<Log> out) {
        try {
            requests++;
            out.addAll(client.getLogs(filter(from, to)));
            return false;
        } catch (RpcErrorException e) {
            if (LogQueryTooLarge.classify(e) == null) {
                throw e;
            }
            if (from == to) {
                throw new LogQueryRefusedException(from, to, e);
            }
            long mid = from + (to - from) / 2;
            chunk = (int) Math.max(1, Math.min(chunk, mid - from + 1));
            fetchInto(from, mid, out);
            fetchInto(mid + 1, to, out);
            return true;
        }
    }

    private LogFilter filter(long from, long to) {
        LogFilter.Builder b = LogFilter.builder().fromBlock(BlockTag.number(from)).toBlock(BlockTag.number(to));
        b.address(addresses.toArray(Address[]::new));
        for (int i = 0; i < topics.size(); i++) {
            List<Hash> position = topics.get(i);
            if (position == null) {
                b.anyTopic(i);
            } else {
                b.topicAnyOf(i, position.toArray(Hash[]::new));
            }
        }
        return b.build();
    }
}
