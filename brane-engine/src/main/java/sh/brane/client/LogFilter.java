package sh.brane.client;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;

/**
 * A log filter for {@code eth_getLogs} and {@code logs} subscriptions: a block range (or one block hash),
 * emitting contracts, and per topic position a wildcard or a list of alternatives (OR).
 *
 * <pre>{@code
 * LogFilter f = LogFilter.builder().address(token)
 *         .topic(0, transferTopic)          // position 0: exactly this
 *         .anyTopic(1)                      // position 1: anything
 *         .topicAnyOf(2, alice, bob)        // position 2: alice OR bob
 *         .fromBlock(BlockTag.number(100)).toBlock(BlockTag.LATEST).build();
 * }</pre>
 */
public final class LogFilter {
    private final BlockTag fromBlock;
    private final BlockTag toBlock;
    private final Hash blockHash;
    private final List<Address> addresses;
    private final List<List<Hash>> topics;

    private LogFilter(Builder b) {
        this.fromBlock = b.fromBlock;
        this.toBlock = b.toBlock;
        this.blockHash = b.blockHash;
        this.addresses = List.copyOf(b.addresses);
        List<List<Hash>> t = new ArrayList<>();
        for (List<Hash> position : b.topics) {
            t.add(position == null ? null : List.copyOf(position));
        }
        // unmodifiableList, not List.copyOf: null elements stand for wildcards
        this.topics = Collections.unmodifiableList(t);
    }

    public static Builder builder() {
        return new Builder();
    }

    public List<Address> addresses() {
        return addresses;
    }

    /** Per position: null for a wildcard, else the accepted topics. */
    public List<List<Hash>> topics() {
        return topics;
    }

    /** The JSON-RPC filter object. */
    public Map<String, Object> toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        if (blockHash != null) {
            m.put("blockHash", blockHash.toHex());
        }
        if (fromBlock != null) {
            m.put("fromBlock", fromBlock.value());
        }
        if (toBlock != null) {
            m.put("toBlock", toBlock.value());
        }
        if (addresses.size() == 1) {
            m.put("address", addresses.get(0).toHex());
        } else if (!addresses.isEmpty()) {
            List<String> a = new ArrayList<>();
            addresses.forEach(x -> a.add(x.toHex()));
            m.put("address", a);
        }
        if (!topics.isEmpty()) {
            List<Object> t = new ArrayList<>();
            for (List<Hash> position : topics) {
                if (position == null) {
                    t.add(null);
                } else if (position.size() == 1) {
                    t.add(position.get(0).toHex());
                } else {
                    List<String> alternatives = new ArrayList<>();
                    position.forEach(h -> alternatives.add(h.toHex()));
                    t.add(alternatives);
                }
            }
            m.put("topics", t);
        }
        return m;
    }

    @Override
    public String toString() {
        return "LogFilter" + toJson();
    }

    /** Builds a {@link LogFilter}; unset positions after the last set one are wildcards. */
    public static final class Builder {
        private BlockTag fromBlock;
        private BlockTag toBlock;
        private Hash blockHash;
        private final List<Address> addresses = new ArrayList<>();
        private final List<List<Hash>> topics = new ArrayList<>();

        private Builder() {
        }

        public Builder fromBlock(BlockTag tag) {
            this.fromBlock = tag;
            return this;
        }

        public Builder toBlock(BlockTag tag) {
            this.toBlock = tag;
            return this;
        }

        /** Only logs of this block (excludes {@code fromBlock}/{@code toBlock}). */
        public Builder blockHash(Hash hash) {
            this.blockHash = hash;
            return this;
        }

        /** Adds an emitting contract; several addresses are alternatives (OR). */
        public Builder address(Address... contracts) {
            addresses.addAll(Arrays.asList(contracts));
            return this;
        }

        /** Position {@code index} must equal {@code topic}. */
        public Builder topic(int index, Hash topic) {
            return topicAnyOf(index, topic);
        }

        /** Position {@code index} may be any of {@code alternatives}. */
        public Builder topicAnyOf(int index, Hash... alternatives) {
            if (alternatives.length == 0) {
                throw new IllegalArgumentException("topic " + index + ": give at least one alternative, "
                        + "or use anyTopic for a wildcard");
            }
            set(index, List.of(alternatives));
            return this;
        }

        /** Position {@code index} may be anything. */
        public Builder anyTopic(int index) {
            set(index, null);
            return this;
        }

        public LogFilter build() {
            if (blockHash != null && (fromBlock != null || toBlock != null)) {
                throw new IllegalArgumentException("a log filter has either blockHash or fromBlock/toBlock, not both");
            }
            return new LogFilter(this);
        }

        private void set(int index, List<Hash> value) {
            if (index < 0 || index > 3) {
                throw new IllegalArgumentException("topic index must be 0..3, got " + index);
            }
            while (topics.size() <= index) {
                topics.add(null);
            }
            topics.set(index, value);
        }
    }
}
