package sh.brane.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.function.Function;

import org.junit.jupiter.api.Test;
import sh.brane.rpc.CursorBail;
import sh.brane.rpc.JsonCursor;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.json.JsonMapper;

/**
 * The fast forms of the typed decoders (over the answer's bytes) against their token forms, on random blocks,
 * receipts and logs: fields in any order, unknown fields of every JSON kind, whitespace, nulls, leading zeros,
 * quantities of up to 256 bits. Canonical answers must be read by the fast form to the token form's value; answers
 * in shapes it leaves to the token path (escapes, {@code 0X}, mixed-case addresses, odd hex, ...) must bail, never
 * give another value.
 */
class CursorDecodersTest {
    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    /** Writes random answers; {@code odd} makes some values take shapes the fast form leaves to the token path. */
    private static final class Gen {
        final Random r;
        final boolean odd;

        Gen(long seed, boolean odd) {
            this.r = new Random(seed);
            this.odd = odd;
        }

        String ws() {
            return r.nextInt(8) == 0 ? " \n\t\r".substring(r.nextInt(4)) : "";
        }

        String hex(int bytes) {
            StringBuilder s = new StringBuilder("\"0x");
            for (int i = 0; i < bytes; i++) {
                s.append(String.format("%02x", r.nextInt(256)));
            }
            String v = s.append('"').toString();
            if (odd && r.nextInt(40) == 0) {
                return v.toUpperCase().replace("\"0X", "\"0x"); // uppercase digits: the token path reads those too
            }
            return v;
        }

        /** Block and transaction hashes seen so far: answers repeat them item after item. */
        final List<String> hashes = new ArrayList<>();

        /**
         * A block's or a transaction's hash: often one already used in this answer (decoded once by the fast form),
         * now and then one that differs from such a one in its last digit only (which must not be taken for it).
         */
        String repeatedHash() {
            return repeated(hashes, () -> hex(32));
        }

        /** Logs' addresses and event signatures (topic 0) so far: a filtered answer repeats them log after log. */
        final List<String> emitters = new ArrayList<>();
        final List<String> events = new ArrayList<>();
        final List<String> indexes = new ArrayList<>();

        /** One of {@code seen} again, now and then a value that differs from one in its last digit, or a new one. */
        String repeated(List<String> seen, java.util.function.Supplier<String> fresh) {
            if (seen.isEmpty() || r.nextInt(4) == 0) {
                String v = fresh.get();
                seen.add(v);
                return v;
            }
            String v = seen.get(r.nextInt(seen.size()));
            if (r.nextInt(8) == 0) {
                char last = v.charAt(v.length() - 2);
                return v.substring(0, v.length() - 2) + (last == '0' ? '1' : '0') + "\"";
            }
            return v;
        }

        String address() {
            String a = hex(20);
            if (odd && r.nextInt(30) == 0) {
                return "\"0x52908400098527886E0F7030069857D2E4169EE7\""; // EIP-55 mixed case
            }
            return a;
        }

        String quantity(int maxBits) {
            java.math.BigInteger v = new java.math.BigInteger(1 + r.nextInt(maxBits), r);
            String zeros = r.nextInt(10) == 0 ? "0".repeat(r.nextInt(4)) : "";
            String digits = zeros + v.toString(16);
            if (digits.length() > 64) {
                digits = v.toString(16);
            }
            if (odd && r.nextInt(40) == 0) {
                return "\"0X" + digits + "\"";
            }
            return "\"0x" + digits + "\"";
        }

        String unknownValue(int depth) {
            return switch (depth > 3 ? r.nextInt(4) : r.nextInt(7)) {
                case 0 -> "\"v" + r.nextInt(100) + (odd && r.nextInt(5) == 0 ? "\\u00e9\"" : "\"");
                case 1 -> r.nextBoolean() ? "true" : "false";
                case 2 -> "null";
                case 3 -> String.valueOf(r.nextInt(2000) - 1000) + (r.nextBoolean() ? ".25e-3" : "");
                case 4 -> "[" + ws() + (r.nextBoolean() ? "" : unknownValue(depth + 1) + "," + unknownValue(depth + 1))
                        + "]";
                default -> "{\"k\":" + ws() + unknownValue(depth + 1) + "}";
            };
        }

        String object(List<String> fields) {
            List<String> all = new ArrayList<>(fields);
            for (int i = r.nextInt(3); i > 0; i--) {
                all.add("\"x" + r.nextInt(1000) + "\":" + unknownValue(0));
            }
            Collections.shuffle(all, r);
            if (odd && r.nextInt(25) == 0) {
                all.add("\"h\\u0061sh\":\"0x00\""); // an escaped name: the token path decodes it
            }
            return "{" + ws() + String.join("," + ws(), all) + ws() + "}";
        }

        String opt(String name, String value) {
            return "\"" + name + "\":" + ws() + (r.nextInt(6) == 0 ? "null" : value);
        }

        String req(String name, String value) {
            return "\"" + name + "\":" + ws() + value;
        }

        String log() {
            List<String> topics = new ArrayList<>();
            for (int i = r.nextInt(5); i > 0; i--) {
                topics.add(topics.isEmpty() ? repeated(events, () -> hex(32)) : hex(32));
            }
            int dataBytes = r.nextInt(4) * 32 + (odd && r.nextInt(30) == 0 ? 1 : 0);
            String data = odd && r.nextInt(30) == 0 ? "\"0x123\"" : hex(dataBytes);
            return object(List.of(req("address", repeated(emitters, this::address)),
                    req("topics", "[" + String.join(",", topics) + "]"),
                    req("data", data), opt("blockNumber", quantity(40)), opt("blockHash", repeatedHash()),
                    opt("transactionHash", repeatedHash()),
                    opt("transactionIndex", repeated(indexes, () -> quantity(10))),
                    opt("logIndex", quantity(10)), opt("removed", r.nextBoolean() ? "true" : "false"),
                    opt("blockTimestamp", quantity(40))));
        }

        /** A JSON array of 0 to {@code max} items. */
        String array(int max, java.util.function.Supplier<String> item) {
            List<String> items = new ArrayList<>();
            for (int i = r.nextInt(max + 1); i > 0; i--) {
                items.add(item.get());
            }
            return "[" + String.join("," + ws(), items) + "]";
        }

        String accessList() {
            return array(3, () -> object(List.of(req("address", address()),
                    req("storageKeys", array(3, () -> hex(32))))));
        }

        String authorizations() {
            return array(2, () -> object(List.of(req("chainId", quantity(40)), req("address", address()),
                    req("nonce", quantity(40)), req("yParity", r.nextBoolean() ? "\"0x1\"" : "\"0x0\""),
                    req("r", quantity(256)), req("s", quantity(256)))));
        }

        String withdrawals() {
            return array(3, () -> object(List.of(req("index", quantity(40)), req("validatorIndex", quantity(40)),
                    req("address", address()), req("amount", quantity(40)))));
        }

        String transaction() {
            return object(List.of(req("hash", hex(32)), req("nonce", quantity(62)), req("from", address()),
                    req("value", quantity(256)), req("gas", quantity(30)), req("input", hex(r.nextInt(200))),
                    opt("blockHash", repeatedHash()), opt("blockNumber", quantity(40)),
                    opt("transactionIndex", quantity(10)),
                    opt("to", address()), opt("gasPrice", quantity(100)), opt("maxFeePerGas", quantity(100)),
                    opt("maxPriorityFeePerGas", quantity(64)), opt("chainId", quantity(32)),
                    opt("type", quantity(2)), opt("r", quantity(256)), opt("s", quantity(256)),
                    opt("v", quantity(60)), opt("yParity", r.nextBoolean() ? "\"0x1\"" : "\"0x0\""),
                    opt("accessList", accessList()), opt("blockTimestamp", quantity(40)),
                    opt("maxFeePerBlobGas", quantity(100)), opt("blobVersionedHashes", array(3, () -> hex(32))),
                    opt("authorizationList", authorizations())));
        }

        /** An OP Stack deposit: a type this library does not encode, with the fields of its own the cursor keeps. */
        String deposit() {
            List<String> fields = new ArrayList<>(List.of(req("hash", hex(32)), req("nonce", quantity(62)),
                    req("from", address()), req("value", quantity(256)), req("gas", quantity(30)),
                    req("input", hex(r.nextInt(200))), req("type", "\"0x7e\""), opt("blockHash", repeatedHash()),
                    opt("blockNumber", quantity(40)), opt("to", address()), opt("gasPrice", quantity(10)),
                    opt("r", "\"0x0\""), opt("s", "\"0x0\""), opt("v", "\"0x0\""), opt("sourceHash", hex(32)),
                    opt("mint", quantity(80)), opt("isSystemTx", r.nextBoolean() ? "true" : "false"),
                    opt("depositReceiptVersion", "\"0x1\"")));
            Collections.shuffle(fields, r);
            return "{" + String.join("," + ws(), fields) + "}";
        }

        String receipt() {
            List<String> logs = new ArrayList<>();
            for (int i = r.nextInt(4); i > 0; i--) {
                logs.add(log());
            }
            return object(List.of(req("transactionHash", repeatedHash()), req("transactionIndex", quantity(12)),
                    req("blockHash", repeatedHash()), req("blockNumber", quantity(40)), req("from", address()),
                    req("cumulativeGasUsed", quantity(40)), req("gasUsed", quantity(30)),
                    req("effectiveGasPrice", quantity(80)),
                    // since Byzantium a status, before it a state root in its place
                    r.nextInt(4) == 0 ? req("root", hex(32)) : req("status", r.nextBoolean() ? "\"0x1\"" : "\"0x0\""),
                    req("logs", "[" + String.join(",", logs) + "]"), opt("to", address()),
                    opt("contractAddress", address()), opt("type", quantity(2)), opt("logsBloom", hex(256)),
                    opt("blobGasUsed", quantity(30)), opt("blobGasPrice", quantity(80))));
        }

        String block() {
            List<String> txs = new ArrayList<>();
            boolean full = r.nextBoolean();
            for (int i = r.nextInt(6); i > 0; i--) {
                txs.add(full ? transaction() : hex(32));
            }
            return object(List.of(req("number", quantity(40)), req("parentHash", hex(32)),
                    req("timestamp", quantity(40)), req("gasLimit", quantity(40)), req("gasUsed", quantity(40)),
                    req("stateRoot", hex(32)), req("transactionsRoot", hex(32)), req("receiptsRoot", hex(32)),
                    opt("hash", hex(32)), opt("miner", address()), opt("baseFeePerGas", quantity(64)),
                    req("transactions", "[" + String.join("," + ws(), txs) + "]"), opt("extraData", hex(12)),
                    opt("uncles", array(2, () -> hex(32))), opt("sha3Uncles", hex(32)), opt("logsBloom", hex(256)),
                    opt("difficulty", quantity(70)), opt("mixHash", hex(32)), opt("nonce", hex(8)),
                    opt("size", quantity(30)), opt("withdrawalsRoot", hex(32)), opt("withdrawals", withdrawals()),
                    opt("blobGasUsed", quantity(30)), opt("excessBlobGas", quantity(30)),
                    opt("parentBeaconBlockRoot", hex(32)), opt("requestsHash", hex(32)),
                    opt("totalDifficulty", quantity(90))));
        }
    }

    private static <T> T tokens(String json, Function<JsonParser, T> reader) {
        try (JsonParser p = MAPPER.createParser(json.getBytes(StandardCharsets.UTF_8))) {
            p.nextToken();
            return reader.apply(p);
        }
    }

    /** The fast form's value, or null if it bailed. */
    private static <T> T fast(String json, Function<JsonCursor, T> reader) {
        byte[] b = json.getBytes(StandardCharsets.UTF_8);
        try {
            return reader.apply(JsonCursor.over(b, 0, b.length));
        } catch (CursorBail e) {
            return null;
        }
    }

    private static <T> void same(String json, Function<JsonParser, T> tokens, Function<JsonCursor, T> fast,
                                 boolean mustTake) {
        T slow = tokens(json, tokens);
        T quick = fast(json, fast);
        if (mustTake) {
            assertThat(quick).as(json).isNotNull();
        }
        if (quick != null) {
            assertThat(quick).as(json).isEqualTo(slow);
        }
    }

    @Test
    void canonicalAnswersReadToTheTokenPathsValues() {
        for (long seed = 0; seed < 300; seed++) {
            Gen g = new Gen(seed, false);
            same(g.block(), p -> Block.read(p, "block"), Block::read, true);
            same("[" + g.receipt() + "," + g.receipt() + "]", p -> Receipt.readArray(p, "r"), Receipt::readArray, true);
            same("[" + g.log() + "," + g.log() + "," + g.log() + "]", p -> Log.readArray(p, "l"), Log::readArray, true);
            same(g.transaction(), p -> TransactionInfo.read(p, "tx", -1), TransactionInfo::read, true);
        }
    }

    @Test
    void anUnknownTypesOwnFieldsReadTheSameOnBothPaths() {
        for (long seed = 0; seed < 300; seed++) {
            Gen g = new Gen(seed, false);
            String deposit = g.deposit();
            same(deposit, p -> TransactionInfo.read(p, "tx", -1), TransactionInfo::read, true);
            // a field of another shape or name: the cursor leaves it to the token path, never reads another value
            String more = "{\"l1Origin\":" + g.unknownValue(0) + "," + deposit.substring(1);
            same(more, p -> TransactionInfo.read(p, "tx", -1), TransactionInfo::read, false);
            assertThat(tokens(more, p -> TransactionInfo.read(p, "tx", -1)).otherFields()).containsKey("l1Origin");
        }
    }

    /**
     * A hash an answer repeats is decoded once: the items that carry the same digits share one {@link
     * sh.brane.core.types.Hash}, and one that differs in its last digit, or is written in the other case, gets its own
     * value, as the token path reads it.
     */
    @Test
    void aHashAnAnswerRepeatsIsDecodedOnceAndItsItemsShareIt() {
        String block = "0x" + "ab".repeat(32);
        String nextBlock = "0x" + "ab".repeat(31) + "ac";
        String tx = "0x" + "0c".repeat(32);
        String log = "{\"address\":\"0x" + "11".repeat(20) + "\",\"topics\":[],\"data\":\"0x\","
                + "\"blockHash\":\"%s\",\"transactionHash\":\"%s\"}";
        String json = "[" + String.join(",", log.formatted(block, tx), log.formatted(block, tx),
                log.formatted(nextBlock, tx), log.formatted(block.toUpperCase().replace("0X", "0x"), tx)) + "]";
        List<Log> logs = fast(json, Log::readArray);
        assertThat(logs).hasSize(4);
        assertThat(logs.get(1).blockHash()).isSameAs(logs.get(0).blockHash());
        assertThat(logs.get(3).transactionHash()).isSameAs(logs.get(0).transactionHash());
        assertThat(logs.get(2).blockHash()).isEqualTo(sh.brane.core.types.Hash.of(nextBlock));
        assertThat(logs.get(3).blockHash()).isEqualTo(logs.get(0).blockHash()).isNotSameAs(logs.get(2).blockHash());
        assertThat(logs).isEqualTo(tokens(json, p -> Log.readArray(p, "l")));
    }

    /**
     * The logs of an answer filtered by contract or event share their emitter's address and their event's signature
     * (topic 0), and the logs of one transaction its index, each decoded once; a value that differs in one digit gets
     * its own, as the token path reads it.
     */
    @Test
    void aLogsAddressEventAndTransactionIndexAreDecodedOnceWhenRepeated() {
        String transfer = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
        String approval = "0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925";
        String token = "0x" + "11".repeat(20);
        String other = "0x" + "11".repeat(19) + "12";
        String log = "{\"address\":\"%s\",\"topics\":[\"%s\",\"%s\"],\"data\":\"0x\",\"transactionIndex\":\"%s\"}";
        String json = "[" + String.join(",", log.formatted(token, transfer, approval, "0x1c5"),
                log.formatted(token, transfer, transfer, "0x1c5"), log.formatted(other, approval, transfer, "0x1c6"),
                log.formatted(token, transfer, transfer, "0x1c6")) + "]";
        List<Log> logs = fast(json, Log::readArray);
        assertThat(logs).hasSize(4).isEqualTo(tokens(json, p -> Log.readArray(p, "l")));
        assertThat(logs.get(1).address()).isSameAs(logs.get(0).address());
        assertThat(logs.get(1).topics().get(0)).isSameAs(logs.get(0).topics().get(0));
        assertThat(logs.get(1).transactionIndex()).isSameAs(logs.get(0).transactionIndex());
        assertThat(logs.get(2).address()).isEqualTo(sh.brane.core.types.Address.of(other));
        assertThat(logs.get(2).topics().get(0)).isEqualTo(sh.brane.core.types.Hash.of(approval));
        assertThat(logs.get(2).transactionIndex()).isEqualTo(0x1c6L);
        assertThat(logs.get(3).transactionIndex()).isSameAs(logs.get(2).transactionIndex());
        assertThat(logs.get(3).address()).isEqualTo(logs.get(0).address());
        assertThat(logs.get(3).topics()).containsExactly(sh.brane.core.types.Hash.of(transfer),
                sh.brane.core.types.Hash.of(transfer));
    }

    @Test
    void otherShapesBailOrReadTheSame() {
        int bailed = 0;
        for (long seed = 0; seed < 300; seed++) {
            Gen g = new Gen(seed, true);
            String block = g.block();
            Block slow;
            try {
                slow = tokens(block, p -> Block.read(p, "block"));
            } catch (RuntimeException rejected) {
                assertThat((Object) fast(block, Block::read)).as(block).isNull(); // what the token path refuses, the cursor never takes
                bailed++;
                continue;
            }
            Block quick = fast(block, Block::read);
            if (quick == null) {
                bailed++;
            } else {
                assertThat(quick).as(block).isEqualTo(slow);
            }
            String logs = "[" + g.log() + "," + g.log() + "]";
            try {
                List<Log> slowLogs = tokens(logs, p -> Log.readArray(p, "l"));
                List<Log> quickLogs = fast(logs, Log::readArray);
                if (quickLogs != null) {
                    assertThat(quickLogs).as(logs).isEqualTo(slowLogs);
                }
            } catch (RuntimeException rejected) {
                assertThat((Object) fast(logs, Log::readArray)).as(logs).isNull();
            }
        }
        assertThat(bailed).isPositive();
    }

    @Test
    void missingNullAndOutOfRangeValuesBail() {
        String hash = "\"0x" + "11".repeat(32) + "\"";
        String address = "\"0x" + "22".repeat(20) + "\"";
        String log = "{\"address\":" + address + ",\"topics\":[],\"data\":\"0x\"}";
        assertThat((Object) fast(log, Log::read)).isNotNull();
        assertThat((Object) fast("{\"address\":" + address + ",\"topics\":[]}", Log::read)).isNull(); // data missing
        assertThat((Object) fast("{\"address\":null,\"topics\":[],\"data\":\"0x\"}", Log::read)).isNull();
        assertThat((Object) fast("{\"address\":" + address + ",\"topics\":[" + String.join(",", Collections.nCopies(5, hash))
                + "],\"data\":\"0x\"}", Log::read)).isNull(); // five topics
        assertThat((Object) fast("{\"address\":" + address + ",\"topics\":{},\"data\":\"0x\"}", Log::read)).isNull();
        assertThat((Object) fast("{\"address\":" + address + ",\"topics\":[],\"data\":\"0x\",\"removed\":1}", Log::read))
                .isNull();
        String receipt = "{\"transactionHash\":" + hash + ",\"transactionIndex\":\"0x1\",\"blockHash\":" + hash
                + ",\"blockNumber\":\"0x2\",\"from\":" + address + ",\"cumulativeGasUsed\":\"0x3\",\"gasUsed\":\"0x4\","
                + "\"effectiveGasPrice\":\"0x5\",\"logs\":[],\"status\":";
        assertThat((Object) fast(receipt + "\"0x1\"}", Receipt::read)).isNotNull();
        assertThat((Object) fast(receipt + "\"0x2\"}", Receipt::read)).isNull();
        assertThat((Object) fast(receipt + "\"0x1\",\"type\":\"0x100\"}", Receipt::read)).isNull();
        String block = "{\"number\":\"0x1\",\"parentHash\":" + hash + ",\"timestamp\":\"0x2\",\"gasLimit\":\"0x3\","
                + "\"gasUsed\":\"0x4\",\"stateRoot\":" + hash + ",\"transactionsRoot\":" + hash + ",\"receiptsRoot\":"
                + hash + ",\"transactions\":";
        assertThat((Object) fast(block + "[" + hash + "]}", Block::read)).isNotNull();
        assertThat((Object) fast(block + "null}", Block::read)).isNull();
        assertThat((Object) fast(block + "[" + hash + ",{}]}", Block::read)).isNull(); // hashes and objects mixed
        assertThat((Object) fast(block.replace("\"number\":\"0x1\",", "") + "[]}", Block::read)).isNull();
    }

    /**
     * Random byte mutations of canonical answers (a byte changed, dropped, doubled; the answer cut): whatever the fast
     * form still takes, the token path must take too, to the same value. Nothing the token path refuses gets through.
     */
    @Test
    void mutatedAnswersAreNeverReadToAnotherValue() {
        Random r = new Random(13);
        String alphabet = "0x\"{}[],:1afAF nul\u00e9";
        int taken = 0;
        for (int round = 0; round < 3000; round++) {
            Gen g = new Gen(round % 50, false);
            StringBuilder json = new StringBuilder(round % 2 == 0 ? g.block() : "[" + g.log() + "," + g.log() + "]");
            for (int m = 1 + r.nextInt(3); m > 0 && json.length() > 0; m--) {
                int at = r.nextInt(json.length());
                switch (r.nextInt(4)) {
                    case 0 -> json.setCharAt(at, alphabet.charAt(r.nextInt(alphabet.length())));
                    case 1 -> json.deleteCharAt(at);
                    case 2 -> json.insert(at, json.charAt(at));
                    default -> json.setLength(at);
                }
            }
            String mutated = json.toString();
            boolean block = round % 2 == 0;
            Object quick = block ? fast(mutated, Block::read) : fast(mutated, Log::readArray);
            if (quick == null) {
                continue;
            }
            taken++;
            Object slow = block ? tokens(mutated, p -> Block.read(p, "block")) : tokens(mutated, p -> Log.readArray(p, "l"));
            assertThat(quick).as(mutated).isEqualTo(slow);
        }
        assertThat(taken).isPositive(); // some mutations keep the answer valid (a digit changed, say)
    }
}
