package sh.brane.client;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import sh.brane.core.tx.AccessListEntry;
import sh.brane.core.tx.SignedTransaction;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.rpc.JsonCursor;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.JsonNode;

/**
 * A transaction as the node reports it ({@code eth_getTransactionByHash}, full blocks), with every field of the
 * execution-apis {@code TransactionInfo} schema for each type: legacy (0), EIP-2930 (1), EIP-1559 (2), EIP-4844 (3),
 * EIP-7702 (4). A type this library does not know (a rollup's deposit, a future type) reads into this same record with
 * the fields it shares; {@link #toSignedTransaction()} is then refused, the block is not.
 *
 * @param blockHash            null while pending
 * @param blockNumber          null while pending
 * @param transactionIndex     null while pending
 * @param to                   null for a contract creation
 * @param gasPrice             the legacy gas price, or the effective price for typed transactions; null if absent
 * @param maxFeePerGas         null for legacy and EIP-2930 transactions
 * @param maxPriorityFeePerGas null for legacy and EIP-2930 transactions
 * @param type                 the EIP-2718 type byte (0 for legacy)
 * @param chainId              null for a legacy transaction without replay protection
 * @param blockTimestamp       the including block's timestamp; null while pending or if the node does not send it
 * @param v                    the signature's v as the node writes it (27/28, EIP-155's chainId * 2 + 35/36, or the
 *                             y parity of a typed transaction); null if absent
 * @param r                    the signature's r; null if absent
 * @param s                    the signature's s; null if absent
 * @param yParity              0 or 1 for typed transactions; null for legacy ones (their parity is in {@code v})
 * @param accessList           the EIP-2930 access list of types 1 to 4; null for legacy transactions
 * @param maxFeePerBlobGas     null except for blob transactions (type 3)
 * @param blobVersionedHashes  null except for blob transactions (type 3)
 * @param authorizationList    null except for set-code transactions (type 4)
 * @param otherFields          for a type other than 0 to 4 only: the fields this record has no component for (an OP
 *                             deposit's {@code sourceHash}, {@code mint}, {@code isSystemTx}...), name to the value's
 *                             JSON text as the node wrote it ({@code "0x1"} with its quotes); empty otherwise
 */
public record TransactionInfo(Hash hash, long nonce, Hash blockHash, Long blockNumber, Long transactionIndex,
        Address from, Address to, BigInteger value, long gas, BigInteger gasPrice, BigInteger maxFeePerGas,
        BigInteger maxPriorityFeePerGas, byte[] input, int type, Long chainId, Long blockTimestamp, BigInteger v,
        BigInteger r, BigInteger s, Integer yParity, List<AccessListEntry> accessList, BigInteger maxFeePerBlobGas,
        List<Hash> blobVersionedHashes, List<AuthorizationInfo> authorizationList, Map<String, String> otherFields) {

    public TransactionInfo {
        input = Adopted.take(input);
        accessList = accessList == null ? null : List.copyOf(accessList);
        blobVersionedHashes = blobVersionedHashes == null ? null : List.copyOf(blobVersionedHashes);
        authorizationList = authorizationList == null ? null : List.copyOf(authorizationList);
        otherFields = otherFields == null || otherFields.isEmpty() ? Map.of()
                : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(otherFields));
    }

    /** A transaction of a type this library knows, with no fields beside its components. */
    public TransactionInfo(Hash hash, long nonce, Hash blockHash, Long blockNumber, Long transactionIndex,
            Address from, Address to, BigInteger value, long gas, BigInteger gasPrice, BigInteger maxFeePerGas,
            BigInteger maxPriorityFeePerGas, byte[] input, int type, Long chainId, Long blockTimestamp, BigInteger v,
            BigInteger r, BigInteger s, Integer yParity, List<AccessListEntry> accessList, BigInteger maxFeePerBlobGas,
            List<Hash> blobVersionedHashes, List<AuthorizationInfo> authorizationList) {
        this(hash, nonce, blockHash, blockNumber, transactionIndex, from, to, value, gas, gasPrice, maxFeePerGas,
                maxPriorityFeePerGas, input, type, chainId, blockTimestamp, v, r, s, yParity, accessList,
                maxFeePerBlobGas, blobVersionedHashes, authorizationList, Map.of());
    }

    /** The fields every type shares, without a signature or the type-specific lists. */
    public TransactionInfo(Hash hash, long nonce, Hash blockHash, Long blockNumber, Long transactionIndex,
            Address from, Address to, BigInteger value, long gas, BigInteger gasPrice, BigInteger maxFeePerGas,
            BigInteger maxPriorityFeePerGas, byte[] input, int type, Long chainId) {
        this(hash, nonce, blockHash, blockNumber, transactionIndex, from, to, value, gas, gasPrice, maxFeePerGas,
                maxPriorityFeePerGas, input, type, chainId, null, null, null, null, null, null, null, null, null,
                Map.of());
    }

    /**
     * The transaction in the library's form, re-encoded from these fields and signed with the node's signature: its
     * {@link SignedTransaction#hash()} is checked to be this record's {@link #hash()}, and its raw bytes are what the
     * node holds (to verify, re-broadcast or recover the sender from).
     *
     * @throws IllegalStateException if the type is not one of 0 to 4, if a field its type needs is missing (named),
     *                               or if the re-encoding does not hash to the node's hash
     */
    public SignedTransaction toSignedTransaction() {
        return TransactionRebuild.of(this);
    }

    /** A copy of the call data. */
    @Override
    public byte[] input() {
        return Adopted.copy(input);
    }

    public boolean isPending() {
        return blockHash == null;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TransactionInfo t && hash.equals(t.hash) && nonce == t.nonce
                && Objects.equals(blockHash, t.blockHash) && Objects.equals(blockNumber, t.blockNumber)
                && Objects.equals(transactionIndex, t.transactionIndex) && from.equals(t.from)
                && Objects.equals(to, t.to) && value.equals(t.value) && gas == t.gas
                && Objects.equals(gasPrice, t.gasPrice) && Objects.equals(maxFeePerGas, t.maxFeePerGas)
                && Objects.equals(maxPriorityFeePerGas, t.maxPriorityFeePerGas) && Arrays.equals(input, t.input)
                && type == t.type && Objects.equals(chainId, t.chainId)
                && Objects.equals(blockTimestamp, t.blockTimestamp) && Objects.equals(v, t.v)
                && Objects.equals(r, t.r) && Objects.equals(s, t.s) && Objects.equals(yParity, t.yParity)
                && Objects.equals(accessList, t.accessList) && Objects.equals(maxFeePerBlobGas, t.maxFeePerBlobGas)
                && Objects.equals(blobVersionedHashes, t.blobVersionedHashes)
                && Objects.equals(authorizationList, t.authorizationList) && otherFields.equals(t.otherFields);
    }

    @Override
    public int hashCode() {
        return Objects.hash(hash, blockHash, nonce);
    }

    @Override
    public String toString() {
        return "TransactionInfo[hash=" + hash + ", type=" + type + ", from=" + from + ", to=" + to + ", nonce="
                + nonce + ", value=" + value + ", gas=" + gas + ", block=" + blockNumber + ", input="
                + input.length + " bytes]";
    }

    static TransactionInfo parse(JsonNode json, String where) {
        return read(Trees.parser(json), where, -1);
    }

    private static final String[] REQUIRED = {"hash", "nonce", "from", "value", "gas", "input"};

    /** One pass over a transaction object at {@code base[index]} (index -1: at {@code base}). */
    static TransactionInfo read(JsonParser p, String base, int index) {
        StreamJson.expectObject(p, base, index, null);
        int seen = 0;
        Hash hash = null;
        long nonce = 0;
        Hash blockHash = null;
        Long blockNumber = null;
        Long transactionIndex = null;
        Address from = null;
        Address to = null;
        BigInteger value = null;
        long gas = 0;
        BigInteger gasPrice = null;
        BigInteger maxFeePerGas = null;
        BigInteger maxPriorityFeePerGas = null;
        byte[] input = null;
        long type = 0;
        Long chainId = null;
        Long blockTimestamp = null;
        BigInteger v = null;
        BigInteger r = null;
        BigInteger s = null;
        Integer yParity = null;
        List<AccessListEntry> accessList = null;
        BigInteger maxFeePerBlobGas = null;
        List<Hash> blobVersionedHashes = null;
        List<AuthorizationInfo> authorizationList = null;
        Map<String, String> other = null;
        boolean typeSeen = false;
        String name;
        while ((name = StreamJson.nextField(p)) != null) {
            boolean isNull = StreamJson.isNull(p);
            switch (name) {
                case "hash" -> { if (!isNull) { hash = StreamJson.hash(p, base, index, name); seen |= 1; } }
                case "nonce" -> { if (!isNull) { nonce = StreamJson.quantityLong(p, base, index, name); seen |= 2; } }
                case "from" -> { if (!isNull) { from = StreamJson.address(p, base, index, name); seen |= 4; } }
                case "value" -> { if (!isNull) { value = StreamJson.quantity(p, base, index, name); seen |= 8; } }
                case "gas" -> { if (!isNull) { gas = StreamJson.quantityLong(p, base, index, name); seen |= 16; } }
                case "input" -> {
                    if (!isNull) { input = Adopted.handOver(StreamJson.bytes(p, base, index, name)); seen |= 32; }
                }
                case "blockHash" -> blockHash = StreamJson.optHash(p, base, index, name);
                case "blockNumber" -> blockNumber = StreamJson.optQuantityLong(p, base, index, name);
                case "transactionIndex" -> transactionIndex = StreamJson.optQuantityLong(p, base, index, name);
                case "to" -> to = StreamJson.optAddress(p, base, index, name);
                case "gasPrice" -> gasPrice = StreamJson.optQuantity(p, base, index, name);
                case "maxFeePerGas" -> maxFeePerGas = StreamJson.optQuantity(p, base, index, name);
                case "maxPriorityFeePerGas" -> maxPriorityFeePerGas = StreamJson.optQuantity(p, base, index, name);
                case "chainId" -> chainId = StreamJson.optQuantityLong(p, base, index, name);
                case "type" -> {
                    type = StreamJson.typeByte(p, isNull, base, index, name);
                    typeSeen = true;
                }
                case "blockTimestamp" -> blockTimestamp = StreamJson.optQuantityLong(p, base, index, name);
                case "v" -> v = StreamJson.optQuantity(p, base, index, name);
                case "r" -> r = StreamJson.optQuantity(p, base, index, name);
                case "s" -> s = StreamJson.optQuantity(p, base, index, name);
                case "yParity" -> yParity = isNull ? null : parity(p, base, index, name);
                case "accessList" -> accessList = isNull ? null : TxLists.accessList(p, base, index, name);
                case "maxFeePerBlobGas" -> maxFeePerBlobGas = StreamJson.optQuantity(p, base, index, name);
                case "blobVersionedHashes" ->
                        blobVersionedHashes = isNull ? null : TxLists.hashes(p, base, index, name);
                case "authorizationList" ->
                        authorizationList = isNull ? null : TxLists.authorizations(p, base, index, name);
                // a type 0 to 4 keeps no other fields: once it is known, they are skipped unread
                default -> {
                    if (typeSeen && type <= TransactionRebuild.LAST_KNOWN_TYPE) {
                        p.skipChildren();
                    } else {
                        other = OtherFields.read(other, name, p);
                    }
                }
            }
        }
        StreamJson.requireAll(seen, REQUIRED, base, index);
        return new TransactionInfo(hash, nonce, blockHash, blockNumber, transactionIndex, from, to, value, gas,
                gasPrice, maxFeePerGas, maxPriorityFeePerGas, input, (int) type, chainId, blockTimestamp, v, r, s,
                yParity, accessList, maxFeePerBlobGas, blobVersionedHashes, authorizationList,
                OtherFields.kept(other, (int) type));
    }

    private static Integer parity(JsonParser p, String base, int index, String name) {
        long parity = StreamJson.quantityLong(p, base, index, name);
        if (parity > 1) {
            throw StreamJson.bad(p, StreamJson.where(base, index, name), "yParity must be 0x0 or 0x1");
        }
        return (int) parity;
    }

    private static final String[] NAMES = {"hash", "nonce", "from", "value", "gas", "input", "blockHash",
            "blockNumber", "transactionIndex", "to", "gasPrice", "maxFeePerGas", "maxPriorityFeePerGas", "chainId",
            "type", "blockTimestamp", "v", "r", "s", "yParity", "accessList", "maxFeePerBlobGas",
            "blobVersionedHashes", "authorizationList"};
    /** The record's names, then those of {@link OtherFields#KNOWN} from index {@code NAMES.length} on. */
    private static final JsonCursor.Names FIELDS = new JsonCursor.Names(
            java.util.stream.Stream.concat(java.util.Arrays.stream(NAMES), java.util.Arrays.stream(OtherFields.KNOWN))
                    .toArray(String[]::new));

    /** {@link #read(JsonParser, String, int)} straight from the bytes: the same fields, rules and value, or a bail. */
    static TransactionInfo read(JsonCursor c) {
        return read(c, new RepeatedValues());
    }

    /** The same, with the block's hash decoded once per answer (a full block's transactions each carry it). */
    static TransactionInfo read(JsonCursor c, RepeatedValues repeated) {
        c.beginObject();
        int seen = 0;
        Hash hash = null;
        long nonce = 0;
        Hash blockHash = null;
        Long blockNumber = null;
        Long transactionIndex = null;
        Address from = null;
        Address to = null;
        BigInteger value = null;
        long gas = 0;
        BigInteger gasPrice = null;
        BigInteger maxFeePerGas = null;
        BigInteger maxPriorityFeePerGas = null;
        byte[] input = null;
        int type = 0;
        Long chainId = null;
        Long blockTimestamp = null;
        BigInteger v = null;
        BigInteger r = null;
        BigInteger s = null;
        Integer yParity = null;
        List<AccessListEntry> accessList = null;
        BigInteger maxFeePerBlobGas = null;
        List<Hash> blobVersionedHashes = null;
        List<AuthorizationInfo> authorizationList = null;
        Map<String, String> other = null;
        boolean unknownField = false;
        for (int f = c.firstField(FIELDS); f != JsonCursor.END; f = c.nextField(FIELDS)) {
            switch (f) {
                case 0 -> { if (!c.isNull()) { hash = CursorValues.hash(c); seen |= 1; } }
                case 1 -> { if (!c.isNull()) { nonce = c.quantityLong(); seen |= 2; } }
                case 2 -> { if (!c.isNull()) { from = CursorValues.address(c); seen |= 4; } }
                case 3 -> { if (!c.isNull()) { value = c.quantity(); seen |= 8; } }
                case 4 -> { if (!c.isNull()) { gas = c.quantityLong(); seen |= 16; } }
                case 5 -> { if (!c.isNull()) { input = Adopted.handOver(c.bytes()); seen |= 32; } }
                case 6 -> blockHash = repeated.block.readOptional(c);
                case 7 -> blockNumber = repeated.blockNumber.readOptional(c);
                case 8 -> transactionIndex = CursorValues.optLong(c);
                case 9 -> to = CursorValues.optAddress(c);
                case 10 -> gasPrice = repeated.gasPrice.readOptional(c);
                case 11 -> maxFeePerGas = repeated.maxFeePerGas.readOptional(c);
                case 12 -> maxPriorityFeePerGas = repeated.maxPriorityFeePerGas.readOptional(c);
                case 13 -> chainId = repeated.chainId.readOptional(c);
                case 14 -> type = CursorValues.typeByte(c);
                case 15 -> blockTimestamp = repeated.blockTimestamp.readOptional(c);
                case 16 -> v = CursorValues.optQuantity(c);
                case 17 -> r = CursorValues.optQuantity(c);
                case 18 -> s = CursorValues.optQuantity(c);
                case 19 -> yParity = parity(c);
                case 20 -> accessList = c.isNull() ? null : TxLists.accessList(c);
                case 21 -> maxFeePerBlobGas = CursorValues.optQuantity(c);
                case 22 -> blobVersionedHashes = c.isNull() ? null : TxLists.hashes(c);
                case 23 -> authorizationList = c.isNull() ? null : TxLists.authorizations(c);
                case JsonCursor.UNKNOWN -> {
                    unknownField = true;
                    c.skipValue();
                }
                default -> other = OtherFields.read(other, OtherFields.KNOWN[f - NAMES.length], c);
            }
        }
        CursorValues.requireAll(seen, REQUIRED.length);
        if (unknownField && type > TransactionRebuild.LAST_KNOWN_TYPE) {
            throw JsonCursor.bail(); // the token path keeps that field with the others
        }
        return new TransactionInfo(hash, nonce, blockHash, blockNumber, transactionIndex, from, to, value, gas,
                gasPrice, maxFeePerGas, maxPriorityFeePerGas, input, type, chainId, blockTimestamp, v, r, s, yParity,
                accessList, maxFeePerBlobGas, blobVersionedHashes, authorizationList, OtherFields.kept(other, type));
    }

    private static Integer parity(JsonCursor c) {
        if (c.isNull()) {
            return null;
        }
        long parity = c.quantityLong();
        if (parity > 1) {
            throw JsonCursor.bail();
        }
        return (int) parity;
    }
}
