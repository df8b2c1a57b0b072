package sh.brane.client;

import java.math.BigInteger;

import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.core.types.HexData;
import sh.brane.rpc.JsonCursor;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.JsonNode;

/**
 * The header fields of a block, as {@code eth_getBlockBy*} and {@code newHeads} report them.
 *
 * <p>The fields from {@code sha3Uncles} on are null where the node left them out (Anvil's and some providers'
 * {@code newHeads} omit a few); the execution-apis schema requires those up to {@code nonce} on every block.
 *
 * @param hash          the block hash, or {@code null} for a pending block (nodes report none)
 * @param miner         the fee recipient, or {@code null} for a pending block on nodes that hide it
 * @param baseFeePerGas the EIP-1559 base fee, or {@code null} before London
 * @param sha3Uncles            hash of the uncles list (the empty list's hash since the merge)
 * @param logsBloom             the 256-byte bloom filter of the block's logs
 * @param difficulty            0 since the merge
 * @param extraData             at most 32 bytes the producer chose
 * @param mixHash               proof-of-work mix hash; since the merge the beacon chain's randomness (prevRandao)
 * @param nonce                 8-byte proof-of-work nonce (zero since the merge)
 * @param withdrawalsRoot       null before Shanghai
 * @param blobGasUsed           null before Cancun
 * @param excessBlobGas         null before Cancun
 * @param parentBeaconBlockRoot null before Cancun
 * @param requestsHash          null before Prague
 */
public record BlockHeader(long number, Hash hash, Hash parentHash, long timestamp, Address miner,
        long gasLimit, long gasUsed, BigInteger baseFeePerGas, Hash stateRoot, Hash transactionsRoot,
        Hash receiptsRoot, Hash sha3Uncles, HexData logsBloom, BigInteger difficulty, HexData extraData, Hash mixHash,
        HexData nonce, Hash withdrawalsRoot, Long blobGasUsed, Long excessBlobGas, Hash parentBeaconBlockRoot,
        Hash requestsHash) {

    /** The header fields every fork has, without those added since (left null). */
    public BlockHeader(long number, Hash hash, Hash parentHash, long timestamp, Address miner, long gasLimit,
            long gasUsed, BigInteger baseFeePerGas, Hash stateRoot, Hash transactionsRoot, Hash receiptsRoot) {
        this(number, hash, parentHash, timestamp, miner, gasLimit, gasUsed, baseFeePerGas, stateRoot,
                transactionsRoot, receiptsRoot, null, null, null, null, null, null, null, null, null, null, null);
    }

    /**
     * Keccak-256 of the header's RLP encoding, computed from these fields: equal to {@link #hash()} when the node
     * reported every field right, so a header can be checked without trusting the node's hash.
     *
     * @throws IllegalStateException if a field the encoding needs is missing (named)
     */
    public Hash computedHash() {
        return HeaderRlp.hash(this);
    }

    static BlockHeader parse(JsonNode json, String where) {
        return read(Trees.parser(json), where);
    }

    /** One pass over a header object ({@code newHeads}); unknown fields are skipped. */
    static BlockHeader read(JsonParser p, String where) {
        StreamJson.expectObject(p, where, -1, null);
        Fields f = new Fields();
        String name;
        while ((name = StreamJson.nextField(p)) != null) {
            if (!f.accept(name, p, where)) {
                p.skipChildren();
            }
        }
        return f.build(where);
    }

    /** The header fields met while reading an object (a header, or a block that holds more). */
    static final class Fields {
        private static final String[] REQUIRED = {"number", "parentHash", "timestamp", "gasLimit", "gasUsed",
                "stateRoot", "transactionsRoot", "receiptsRoot"};
        private int seen;
        private long number;
        private Hash hash;
        private Hash parentHash;
        private long timestamp;
        private Address miner;
        private long gasLimit;
        private long gasUsed;
        private BigInteger baseFeePerGas;
        private Hash stateRoot;
        private Hash transactionsRoot;
        private Hash receiptsRoot;
        private Hash sha3Uncles;
        private HexData logsBloom;
        private BigInteger difficulty;
        private HexData extraData;
        private Hash mixHash;
        private HexData nonce;
        private Hash withdrawalsRoot;
        private Long blobGasUsed;
        private Long excessBlobGas;
        private Hash parentBeaconBlockRoot;
        private Hash requestsHash;

        /** Reads the field if it is a header field (true), else leaves the parser where it is (false). */
        boolean accept(String name, JsonParser p, String where) {
            boolean isNull = StreamJson.isNull(p);
            switch (name) {
                case "number" -> { if (!isNull) { number = StreamJson.quantityLong(p, where, -1, name); seen |= 1; } }
                case "parentHash" -> { if (!isNull) { parentHash = StreamJson.hash(p, where, -1, name); seen |= 2; } }
                case "timestamp" -> { if (!isNull) { timestamp = StreamJson.quantityLong(p, where, -1, name); seen |= 4; } }
                case "gasLimit" -> { if (!isNull) { gasLimit = StreamJson.quantityLong(p, where, -1, name); seen |= 8; } }
                case "gasUsed" -> { if (!isNull) { gasUsed = StreamJson.quantityLong(p, where, -1, name); seen |= 16; } }
                case "stateRoot" -> { if (!isNull) { stateRoot = StreamJson.hash(p, where, -1, name); seen |= 32; } }
                case "transactionsRoot" -> {
                    if (!isNull) { transactionsRoot = StreamJson.hash(p, where, -1, name); seen |= 64; }
                }
                case "receiptsRoot" -> { if (!isNull) { receiptsRoot = StreamJson.hash(p, where, -1, name); seen |= 128; } }
                case "hash" -> hash = StreamJson.optHash(p, where, -1, name);
                case "miner" -> miner = StreamJson.optAddress(p, where, -1, name);
                case "baseFeePerGas" -> baseFeePerGas = StreamJson.optQuantity(p, where, -1, name);
                case "sha3Uncles" -> sha3Uncles = StreamJson.optHash(p, where, -1, name);
                case "logsBloom" -> logsBloom = StreamJson.optHexData(p, where, -1, name);
                case "difficulty" -> difficulty = StreamJson.optQuantity(p, where, -1, name);
                case "extraData" -> extraData = StreamJson.optHexData(p, where, -1, name);
                case "mixHash" -> mixHash = StreamJson.optHash(p, where, -1, name);
                case "nonce" -> nonce = StreamJson.optHexData(p, where, -1, name);
                case "withdrawalsRoot" -> withdrawalsRoot = StreamJson.optHash(p, where, -1, name);
                case "blobGasUsed" -> blobGasUsed = StreamJson.optQuantityLong(p, where, -1, name);
                case "excessBlobGas" -> excessBlobGas = StreamJson.optQuantityLong(p, where, -1, name);
                case "parentBeaconBlockRoot" -> parentBeaconBlockRoot = StreamJson.optHash(p, where, -1, name);
                case "requestsHash" -> requestsHash = StreamJson.optHash(p, where, -1, name);
                default -> {
                    return false;
                }
            }
            return true;
        }

        /** The header's field names for a {@link JsonCursor}, in the order {@link #accept(int, JsonCursor)} takes. */
        static final String[] NAMES = {"number", "parentHash", "timestamp", "gasLimit", "gasUsed", "stateRoot",
                "transactionsRoot", "receiptsRoot", "hash", "miner", "baseFeePerGas", "sha3Uncles", "logsBloom",
                "difficulty", "extraData", "mixHash", "nonce", "withdrawalsRoot", "blobGasUsed", "excessBlobGas",
                "parentBeaconBlockRoot", "requestsHash"};

        /** Reads header field {@code NAMES[f]} straight from the bytes, as {@link #accept(String, JsonParser, String)}. */
        void accept(int f, JsonCursor c) {
            if (c.isNull()) {
                switch (f) {
                    case 8 -> hash = null;
                    case 9 -> miner = null;
                    case 10 -> baseFeePerGas = null;
                    case 11 -> sha3Uncles = null;
                    case 12 -> logsBloom = null;
                    case 13 -> difficulty = null;
                    case 14 -> extraData = null;
                    case 15 -> mixHash = null;
                    case 16 -> nonce = null;
                    case 17 -> withdrawalsRoot = null;
                    case 18 -> blobGasUsed = null;
                    case 19 -> excessBlobGas = null;
                    case 20 -> parentBeaconBlockRoot = null;
                    case 21 -> requestsHash = null;
                    default -> { } // a required field left unseen
                }
                return;
            }
            switch (f) {
                case 0 -> { number = c.quantityLong(); seen |= 1; }
                case 1 -> { parentHash = CursorValues.hash(c); seen |= 2; }
                case 2 -> { timestamp = c.quantityLong(); seen |= 4; }
                case 3 -> { gasLimit = c.quantityLong(); seen |= 8; }
                case 4 -> { gasUsed = c.quantityLong(); seen |= 16; }
                case 5 -> { stateRoot = CursorValues.hash(c); seen |= 32; }
                case 6 -> { transactionsRoot = CursorValues.hash(c); seen |= 64; }
                case 7 -> { receiptsRoot = CursorValues.hash(c); seen |= 128; }
                case 8 -> hash = CursorValues.hash(c);
                case 9 -> miner = CursorValues.address(c);
                case 10 -> baseFeePerGas = c.quantity();
                case 11 -> sha3Uncles = CursorValues.hash(c);
                case 12 -> logsBloom = HexData.wrap(c.bytes(CursorValues.BLOOM_BYTES));
                case 13 -> difficulty = c.quantity();
                case 14 -> extraData = HexData.wrap(c.bytes());
                case 15 -> mixHash = CursorValues.hash(c);
                case 16 -> nonce = HexData.wrap(c.bytes());
                case 17 -> withdrawalsRoot = CursorValues.hash(c);
                case 18 -> blobGasUsed = c.quantityLong();
                case 19 -> excessBlobGas = c.quantityLong();
                case 20 -> parentBeaconBlockRoot = CursorValues.hash(c);
                case 21 -> requestsHash = CursorValues.hash(c);
                default -> throw new IllegalArgumentException("no header field " + f);
            }
        }

        /** The header, or a bail if a required field is missing. */
        BlockHeader buildOrBail() {
            CursorValues.requireAll(seen, REQUIRED.length);
            return header();
        }

        BlockHeader build(String where) {
            StreamJson.requireAll(seen, REQUIRED, where, -1);
            return header();
        }

        private BlockHeader header() {
            return new BlockHeader(number, hash, parentHash, timestamp, miner, gasLimit, gasUsed, baseFeePerGas,
                    stateRoot, transactionsRoot, receiptsRoot, sha3Uncles, logsBloom, difficulty, extraData, mixHash,
                    nonce, withdrawalsRoot, blobGasUsed, excessBlobGas, parentBeaconBlockRoot, requestsHash);
        }
    }
}
