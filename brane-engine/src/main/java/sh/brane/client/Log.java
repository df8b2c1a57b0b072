package sh.brane.client;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.primitives.Hex;
import sh.brane.rpc.JsonCursor;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.JsonNode;

/**
 * An event log ({@code eth_getLogs}, receipts, {@code logs} subscriptions).
 *
 * @param blockNumber      null for a pending log
 * @param blockHash        null for a pending log
 * @param transactionHash  null for a pending log
 * @param transactionIndex null for a pending log
 * @param logIndex         null for a pending log
 * @param removed          true if a reorganisation removed it (subscriptions report such logs again)
 * @param blockTimestamp   the block's timestamp; null for a pending log or if the node does not send it (geth does
 *                         since 1.16)
 */
public record Log(Address address, List<Hash> topics, byte[] data, Long blockNumber, Hash blockHash,
        Hash transactionHash, Long transactionIndex, Long logIndex, boolean removed, Long blockTimestamp) {

    public Log {
        topics = List.copyOf(topics);
        data = Adopted.take(data);
    }

    /** A log without its block's timestamp. */
    public Log(Address address, List<Hash> topics, byte[] data, Long blockNumber, Hash blockHash,
            Hash transactionHash, Long transactionIndex, Long logIndex, boolean removed) {
        this(address, topics, data, blockNumber, blockHash, transactionHash, transactionIndex, logIndex, removed,
                null);
    }

    /** A copy of the non-indexed data. */
    @Override
    public byte[] data() {
        return Adopted.copy(data);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Log l && address.equals(l.address) && topics.equals(l.topics)
                && Arrays.equals(data, l.data) && Objects.equals(blockNumber, l.blockNumber)
                && Objects.equals(blockHash, l.blockHash) && Objects.equals(transactionHash, l.transactionHash)
                && Objects.equals(transactionIndex, l.transactionIndex) && Objects.equals(logIndex, l.logIndex)
                && removed == l.removed && Objects.equals(blockTimestamp, l.blockTimestamp);
    }

    @Override
    public int hashCode() {
        return Objects.hash(address, topics, Arrays.hashCode(data), blockHash, transactionHash, logIndex, removed);
    }

    @Override
    public String toString() {
        return "Log[address=" + address + ", topics=" + topics + ", data=" + Hex.encode(data) + ", block="
                + blockNumber + ", tx=" + transactionHash + ", logIndex=" + logIndex
                + (removed ? ", removed" : "") + "]";
    }

    static Log parse(JsonNode json, String where) {
        return read(Trees.parser(json), where, -1);
    }

    private static final String[] REQUIRED = {"address", "topics", "data"};

    /** One pass over a log object at {@code base[index]} (index -1: at {@code base}). */
    static Log read(JsonParser p, String base, int index) {
        StreamJson.expectObject(p, base, index, null);
        int seen = 0;
        Address address = null;
        List<Hash> topics = null;
        byte[] data = null;
        Long blockNumber = null;
        Hash blockHash = null;
        Hash transactionHash = null;
        Long transactionIndex = null;
        Long logIndex = null;
        boolean removed = false;
        Long blockTimestamp = null;
        String name;
        while ((name = StreamJson.nextField(p)) != null) {
            boolean isNull = StreamJson.isNull(p);
            switch (name) {
                case "address" -> { if (!isNull) { address = StreamJson.address(p, base, index, name); seen |= 1; } }
                case "topics" -> { if (!isNull) { topics = readTopics(p, base, index); seen |= 2; } }
                case "data" -> {
                    if (!isNull) { data = Adopted.handOver(StreamJson.bytes(p, base, index, name)); seen |= 4; }
                }
                case "blockNumber" -> blockNumber = StreamJson.optQuantityLong(p, base, index, name);
                case "blockHash" -> blockHash = StreamJson.optHash(p, base, index, name);
                case "transactionHash" -> transactionHash = StreamJson.optHash(p, base, index, name);
                case "transactionIndex" -> transactionIndex = StreamJson.optQuantityLong(p, base, index, name);
                case "logIndex" -> logIndex = StreamJson.optQuantityLong(p, base, index, name);
                case "removed" -> removed = StreamJson.optBoolean(p, base, index, name);
                case "blockTimestamp" -> blockTimestamp = StreamJson.optQuantityLong(p, base, index, name);
                default -> p.skipChildren();
            }
        }
        StreamJson.requireAll(seen, REQUIRED, base, index);
        return new Log(address, topics, data, blockNumber, blockHash, transactionHash, transactionIndex, logIndex,
                removed, blockTimestamp);
    }

    /** At most 4 topics: a fifth is refused before it is read. */
    private static List<Hash> readTopics(JsonParser p, String base, int index) {
        StreamJson.expectArray(p, base, index, "topics");
        Hash[] topics = new Hash[4];
        int n = 0;
        while (p.nextToken() != JsonToken.END_ARRAY) {
            if (n == 4) {
                throw StreamJson.bad(p, StreamJson.where(base, index, "topics"), "a log has at most 4 topics");
            }
            Hash topic = StreamJson.plainHash(p);
            topics[n] = topic != null ? topic : StreamJson.hash(p, StreamJson.where(base, index, "topics"), n, null);
            n++;
        }
        return switch (n) {
            case 0 -> List.of();
            case 1 -> List.of(topics[0]);
            case 2 -> List.of(topics[0], topics[1]);
            case 3 -> List.of(topics[0], topics[1], topics[2]);
            default -> List.of(topics);
        };
    }

    private static final JsonCursor.Names FIELDS = new JsonCursor.Names("address", "topics", "data", "blockNumber",
            "blockHash", "transactionHash", "transactionIndex", "logIndex", "removed", "blockTimestamp");

    /** {@link #read(JsonParser, String, int)} straight from the bytes: the same fields, rules and value, or a bail. */
    static Log read(JsonCursor c) {
        return read(c, new RepeatedValues());
    }

    /** The same, with the block's and the transaction's hashes decoded once per answer ({@code repeated}). */
    static Log read(JsonCursor c, RepeatedValues repeated) {
        c.beginObject();
        int seen = 0;
        Address address = null;
        List<Hash> topics = null;
        byte[] data = null;
        Long blockNumber = null;
        Hash blockHash = null;
        Hash transactionHash = null;
        Long transactionIndex = null;
        Long logIndex = null;
        boolean removed = false;
        Long blockTimestamp = null;
        for (int f = c.firstField(FIELDS); f != JsonCursor.END; f = c.nextField(FIELDS)) {
            switch (f) {
                case 0 -> { if (!c.isNull()) { address = repeated.logAddress.read(c); seen |= 1; } }
                case 1 -> { if (!c.isNull()) { topics = readTopics(c, repeated); seen |= 2; } }
                case 2 -> { if (!c.isNull()) { data = Adopted.handOver(c.bytes()); seen |= 4; } }
                case 3 -> blockNumber = repeated.blockNumber.readOptional(c);
                case 4 -> blockHash = repeated.block.readOptional(c);
                case 5 -> transactionHash = repeated.transaction.readOptional(c);
                case 6 -> transactionIndex = repeated.logTransactionIndex.readOptional(c);
                case 7 -> logIndex = CursorValues.optLong(c);
                case 8 -> removed = c.optBoolean();
                case 9 -> blockTimestamp = repeated.blockTimestamp.readOptional(c);
                default -> c.skipValue();
            }
        }
        CursorValues.requireAll(seen, REQUIRED.length);
        return new Log(address, topics, data, blockNumber, blockHash, transactionHash, transactionIndex, logIndex,
                removed, blockTimestamp);
    }

    /** At most 4 topics, in locals rather than an array: a list of up to three keeps its elements in its own fields
     *  or in the one array it is made with. One call site per reader keeps the compiled receipt reader small. */
    private static List<Hash> readTopics(JsonCursor c, RepeatedValues repeated) {
        Hash t0 = null;
        Hash t1 = null;
        Hash t2 = null;
        Hash t3 = null;
        int n = 0;
        if (c.firstElement()) {
            do {
                if (n == 0) {
                    t0 = repeated.topic0.read(c);
                } else {
                    Hash topic = CursorValues.hash(c);
                    switch (n) {
                        case 1 -> t1 = topic;
                        case 2 -> t2 = topic;
                        case 3 -> t3 = topic;
                        default -> throw JsonCursor.bail(); // a fifth topic
                    }
                }
                n++;
            } while (c.nextElement());
        }
        return switch (n) {
            case 0 -> List.of();
            case 1 -> List.of(t0);
            case 2 -> List.of(t0, t1);
            case 3 -> List.of(t0, t1, t2);
            default -> List.of(t0, t1, t2, t3);
        };
    }

    /** A JSON array of logs, straight from the bytes ({@code eth_getLogs}). */
    static List<Log> readArray(JsonCursor c) {
        return readArray(c, new RepeatedValues());
    }

    /** The same, inside an answer whose repeated hashes {@code repeated} keeps. */
    static List<Log> readArray(JsonCursor c, RepeatedValues repeated) {
        List<Log> logs = new ArrayList<>();
        if (c.firstElement()) {
            do {
                logs.add(read(c, repeated));
            } while (c.nextElement());
        }
        return logs;
    }

    /**
     * A receipt's logs as the immutable list its record keeps as it is: the one or two logs most receipts with logs
     * have go into a list with no array, instead of a growable list the record then copies.
     */
    static List<Log> readList(JsonCursor c, RepeatedValues repeated) {
        Log first = null;
        Log second = null;
        List<Log> more = null;
        int n = 0;
        if (c.firstElement()) {
            do {
                Log log = read(c, repeated);
                if (n == 0) {
                    first = log;
                } else if (n == 1) {
                    second = log;
                } else {
                    if (more == null) {
                        more = new ArrayList<>();
                        more.add(first);
                        more.add(second);
                    }
                    more.add(log);
                }
                n++;
            } while (c.nextElement());
        }
        return switch (n) {
            case 0 -> List.of();
            case 1 -> List.of(first);
            case 2 -> List.of(first, second);
            default -> List.copyOf(more);
        };
    }

    /** A JSON array of logs ({@code eth_getLogs}), each at {@code base[i]}. */
    static List<Log> readArray(JsonParser p, String base) {
        StreamJson.expectArray(p, base, -1, null);
        List<Log> logs = new ArrayList<>();
        int i = 0;
        while (p.nextToken() != JsonToken.END_ARRAY) {
            logs.add(read(p, base, i++));
        }
        return logs;
    }
}
