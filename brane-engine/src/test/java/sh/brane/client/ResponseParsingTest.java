package sh.brane.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import sh.brane.core.abi.RevertDecoder;
import sh.brane.core.abi.RevertReason;
import sh.brane.core.tx.TransactionType;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.primitives.Hex;
import sh.brane.rpc.InvalidResponseException;
import sh.brane.rpc.RpcErrorException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** Strict parsing of node answers: valid ones read exactly, malformed ones rejected with a message naming the field. */
class ResponseParsingTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String H1 = "0x" + "11".repeat(32);
    private static final String H2 = "0x" + "22".repeat(32);
    private static final String A1 = "0x" + "aa".repeat(20);

    private static final String RECEIPT = """
            {"transactionHash":"%s","transactionIndex":"0x0","blockHash":"%s","blockNumber":"0x1b4",
             "from":"%s","to":null,"contractAddress":"%s","cumulativeGasUsed":"0x5208","gasUsed":"0x5208",
             "effectiveGasPrice":"0x3b9aca00","status":"0x1","type":"0x2",
             "logs":[{"address":"%s","topics":["%s"],"data":"0x0102","blockNumber":"0x1b4","blockHash":"%s",
                      "transactionHash":"%s","transactionIndex":"0x0","logIndex":"0x0","removed":false}],
             "logsBloom":"0x00"}
            """.formatted(H1, H2, A1, A1, A1, H2, H2, H1);

    @Test
    void validReceiptReadsEveryField() {
        Receipt r = Receipt.parse(json(RECEIPT), "receipt");
        assertThat(r.transactionHash()).isEqualTo(Hash.of(H1));
        assertThat(r.blockNumber()).isEqualTo(0x1b4);
        assertThat(r.to()).isNull();
        assertThat(r.contractAddress()).isEqualTo(Address.of(A1));
        assertThat(r.gasUsed()).isEqualTo(21_000);
        assertThat(r.effectiveGasPrice()).isEqualTo(1_000_000_000L);
        assertThat(r.status()).isTrue();
        assertThat(r.type()).isEqualTo(2);
        assertThat(r.logs()).singleElement().satisfies(l -> {
            assertThat(l.data()).containsExactly(1, 2);
            assertThat(l.topics()).containsExactly(Hash.of(H2));
            assertThat(l.logIndex()).isZero();
        });
    }

    @Test
    void missingAndGarbledReceiptFieldsAreNamed() {
        assertRejected(edit(RECEIPT, o -> o.remove("status")), "receipt.status: missing");
        assertRejected(edit(RECEIPT, o -> o.put("status", "0x2")), "receipt.status: status must be 0x0 or 0x1");
        assertRejected(edit(RECEIPT, o -> o.put("gasUsed", 21000)), "receipt.gasUsed: expected a hex quantity string");
        assertRejected(edit(RECEIPT, o -> o.put("gasUsed", "5208")), "receipt.gasUsed: expected a hex quantity like 0x1a");
        assertRejected(edit(RECEIPT, o -> o.put("gasUsed", "0x")), "receipt.gasUsed: expected a hex quantity like 0x1a");
        assertRejected(edit(RECEIPT, o -> o.put("gasUsed", "0x52g8")), "receipt.gasUsed: non-hex character at index 4");
        assertRejected(edit(RECEIPT, o -> o.put("gasUsed", "0x8000000000000000")),
                "receipt.gasUsed: quantity too large for a long");
        assertRejected(edit(RECEIPT, o -> o.put("effectiveGasPrice", "0x1" + "0".repeat(64))),
                "receipt.effectiveGasPrice: quantity longer than 256 bits");
        assertRejected(edit(RECEIPT, o -> o.put("from", "0x1234")), "receipt.from: not an address");
        assertRejected(edit(RECEIPT, o -> o.put("blockHash", H1 + "00")), "receipt.blockHash: not a 32-byte hash");
        assertRejected(edit(RECEIPT, o -> o.put("logs", "none")), "receipt.logs: expected a JSON array");
        assertRejected(edit(RECEIPT, o -> o.put("type", "0x100")), "receipt.type: transaction type must be one byte");
        assertRejected(edit(RECEIPT, o -> ((ObjectNode) o.get("logs").get(0)).put("data", "0x123")),
                "receipt.logs[0].data: not hex data");
        assertRejected(edit(RECEIPT, o -> ((ObjectNode) o.get("logs").get(0)).put("data", "0102")),
                "receipt.logs[0].data: expected 0x-prefixed hex data");
        assertRejected(edit(RECEIPT, o -> ((ObjectNode) o.get("logs").get(0)).putArray("topics")
                .add(H1).add(H1).add(H1).add(H1).add(H1)), "receipt.logs[0].topics: a log has at most 4 topics");
        assertRejected(edit(RECEIPT, o -> ((ObjectNode) o.get("logs").get(0)).put("removed", "no")),
                "receipt.logs[0].removed: expected a boolean");
        assertThatThrownBy(() -> Receipt.parse(json("[]"), "receipt"))
                .isInstanceOf(InvalidResponseException.class).hasMessageContaining("receipt: expected a JSON object");
    }

    @Test
    void blockTransactionsAreAllHashesOrAllObjects() {
        String header = """
                {"number":"0x1","hash":"%s","parentHash":"%s","timestamp":"0x5","miner":"%s","gasLimit":"0x1c9c380",
                 "gasUsed":"0x0","baseFeePerGas":"0x7","stateRoot":"%s","transactionsRoot":"%s","receiptsRoot":"%s",
                 "transactions":[%s]}""";
        String tx = """
                {"hash":"%s","nonce":"0x0","from":"%s","to":null,"value":"0x0","gas":"0x5208","input":"0x","type":"0x0"}
                """.formatted(H1, A1);
        Block light = Block.parse(json(header.formatted(H1, H2, A1, H1, H1, H1, "\"" + H2 + "\"")), "block");
        assertThat(light.transactionHashes()).containsExactly(Hash.of(H2));
        assertThat(light.header().baseFeePerGas()).isEqualTo(7);
        Block full = Block.parse(json(header.formatted(H1, H2, A1, H1, H1, H1, tx)), "block");
        assertThat(full.transactions()).singleElement().satisfies(t -> assertThat(t.to()).isNull());
        assertThat(full.transactionHashes()).containsExactly(Hash.of(H1));

        assertThatThrownBy(() -> Block.parse(json(header.formatted(H1, H2, A1, H1, H1, H1, tx + ",\"" + H2 + "\"")),
                "block")).isInstanceOf(InvalidResponseException.class)
                .hasMessageContaining("block.transactions[1]: expected a transaction object");
        assertThatThrownBy(() -> Block.parse(json(header.formatted(H1, H2, A1, H1, H1, H1, "\"" + H2 + "\"," + tx)),
                "block")).isInstanceOf(InvalidResponseException.class)
                .hasMessageContaining("block.transactions[0]: expected a hash");
        assertThatThrownBy(() -> Block.parse(json(header.formatted(H1, H2, A1, H1, H1, H1, "\"" + H2 + "\"")
                .replace("\"parentHash\":\"" + H2 + "\",", "")), "block")).isInstanceOf(InvalidResponseException.class)
                .hasMessageContaining("block.parentHash: missing");
    }

    @Test
    void feeHistoryIsCheckedPerEntry() {
        String ok = """
                {"oldestBlock":"0x10","baseFeePerGas":["0x1","0x2","0x3"],"gasUsedRatio":[0.5,0.25],
                 "reward":[["0x5","0x6"],["0x7","0x8"]]}""";
        FeeHistory h = FeeHistory.parse(json(ok), "eth_feeHistory");
        assertThat(h.oldestBlock()).isEqualTo(16);
        assertThat(h.nextBaseFee()).isEqualTo(3);
        assertThat(h.gasUsedRatio()).containsExactly(0.5, 0.25);
        assertThat(h.reward().get(1)).containsExactly(BigInteger.valueOf(7), BigInteger.valueOf(8));
        assertThatThrownBy(() -> FeeHistory.parse(json(ok.replace("0.25", "\"x\"")), "eth_feeHistory"))
                .isInstanceOf(InvalidResponseException.class)
                .hasMessageContaining("eth_feeHistory.gasUsedRatio[1]: expected a number");
        assertThatThrownBy(() -> FeeHistory.parse(json(ok.replace("\"0x8\"", "\"8\"")), "eth_feeHistory"))
                .isInstanceOf(InvalidResponseException.class)
                .hasMessageContaining("eth_feeHistory.reward[1][1]");
    }

    @Test
    void quantitiesMatchBigIntegerOnRandomValues() {
        long seed = 20261121L;
        Random random = new Random(seed);
        for (int i = 0; i < 1_000; i++) {
            BigInteger v = new BigInteger(1 + random.nextInt(256), random);
            String hex = "0x" + v.toString(16);
            assertThat(Json.quantity(JSON.getNodeFactory().stringNode(hex), "q")).as("seed %d input %s", seed, hex)
                    .isEqualTo(v);
            if (v.bitLength() < 64) {
                assertThat(Json.quantityLong(JSON.getNodeFactory().stringNode(hex), "q")).as("input %s", hex)
                        .isEqualTo(v.longValueExact());
            }
        }
        assertThat(Json.quantityLong(JSON.getNodeFactory().stringNode("0x7fffffffffffffff"), "q"))
                .isEqualTo(Long.MAX_VALUE);
        assertThat(Json.quantityLong(JSON.getNodeFactory().stringNode("0x00ff"), "q")).isEqualTo(255);
        assertThat(Json.quantityLong(JSON.getNodeFactory().stringNode("0x0000000000000000ff"), "q")).isEqualTo(255);
        assertThat(Json.quantity(JSON.getNodeFactory().stringNode("0xffffffffffffffff"), "q"))
                .isEqualTo(new BigInteger("ffffffffffffffff", 16));
        assertThat(Json.quantity(JSON.getNodeFactory().stringNode("0x0"), "q")).isZero();
    }

    @Test
    void revertErrorsAreRecognisedWithDataAsStringOrObject() {
        byte[] data = RevertDecoder.ERROR.encode("no");
        JsonNode asString = JSON.getNodeFactory().stringNode(Hex.encode(data));
        JsonNode asObject = json("{\"data\":\"" + Hex.encode(data) + "\"}");
        for (JsonNode d : List.of(asString, asObject)) {
            RevertException e = BraneClient.asRevert(new RpcErrorException("eth_call", 3, "execution reverted: no", d),
                    null).orElseThrow();
            assertThat(e.reason()).isEqualTo(new RevertReason.ErrorMessage("no", e.reason().data()));
            assertThat(e.getMessage()).isEqualTo("eth_call reverted: reverted: no");
        }
        RevertException empty = BraneClient.asRevert(new RpcErrorException("eth_call", -32000, "execution reverted",
                null), null).orElseThrow();
        assertThat(empty.reason()).isInstanceOf(RevertReason.Empty.class);
        // malformed Error(string) payload: kept as Unknown with its bytes, not an exception
        byte[] broken = Arrays.copyOf(data, 40);
        RevertException unknown = BraneClient.asRevert(new RpcErrorException("eth_call", 3, "execution reverted",
                JSON.getNodeFactory().stringNode(Hex.encode(broken))), null).orElseThrow();
        assertThat(unknown.reason()).isInstanceOf(RevertReason.Unknown.class);
        assertThat(unknown.reason().data()).isEqualTo(broken);
        assertThat(BraneClient.asRevert(new RpcErrorException("eth_call", -32602, "invalid params", null), null))
                .isEmpty();
    }

    @Test
    void nodeTextInMessagesIsEscapedAndCut() {
        // a revert string is the contract's text: a newline would forge a log line, U+202E reverse what is read
        String forged = "no\n2026-11-23 INFO payment approved \u202E" + "x".repeat(10_000);
        JsonNode d = JSON.getNodeFactory().stringNode(Hex.encode(RevertDecoder.ERROR.encode(forged)));
        RevertException e = BraneClient.asRevert(new RpcErrorException("eth_call", 3, "execution reverted", d), null)
                .orElseThrow();
        assertThat(e.reason()).isEqualTo(new RevertReason.ErrorMessage(forged, e.reason().data()));
        assertThat(e.getMessage()).startsWith("eth_call reverted: reverted: no\\n2026-11-23")
                .contains("\\u202e").doesNotContain("\n", "\u202E").hasSizeLessThan(400);

        JsonNode bidi = JSON.getNodeFactory().stringNode("0x\u202E\u0085" + "f".repeat(200));
        assertThatThrownBy(() -> Json.quantity(bidi, "block.number")).isInstanceOf(InvalidResponseException.class)
                .hasMessageNotContaining("\u202E").hasMessageNotContaining("\u0085");
    }

    @Test
    void logFilterJsonHasWildcardsAndAlternatives() {
        Address a = Address.of(A1);
        LogFilter f = LogFilter.builder().address(a).fromBlock(BlockTag.number(16)).toBlock(BlockTag.LATEST)
                .topic(0, Hash.of(H1)).topicAnyOf(2, Hash.of(H1), Hash.of(H2)).build();
        assertThat(f.toJson()).isEqualTo(Map.of("address", a.toHex(), "fromBlock", "0x10", "toBlock", "latest",
                "topics", Arrays.asList(H1, null, List.of(H1, H2))));
        assertThat(LogFilter.builder().address(a, Address.ZERO).build().toJson().get("address"))
                .isEqualTo(List.of(a.toHex(), Address.ZERO.toHex()));
        assertThatThrownBy(() -> LogFilter.builder().topic(4, Hash.ZERO)).hasMessageContaining("0..3");
        assertThatThrownBy(() -> LogFilter.builder().topicAnyOf(1)).hasMessageContaining("anyTopic");
        assertThatThrownBy(() -> LogFilter.builder().blockHash(Hash.ZERO).fromBlock(BlockTag.EARLIEST).build())
                .hasMessageContaining("either blockHash");
    }

    @Test
    void txRequestRejectsMismatchedFields() {
        assertThat(TxRequest.builder().to(Address.ZERO).build().type()).isEqualTo(TransactionType.EIP1559);
        assertThatThrownBy(() -> TxRequest.builder().type(TransactionType.LEGACY).maxFeePerGas(BigInteger.ONE).build())
                .hasMessageContaining("priced by gasPrice");
        assertThatThrownBy(() -> TxRequest.builder().gasPrice(BigInteger.ONE).build())
                .hasMessageContaining("not gasPrice");
        assertThatThrownBy(() -> TxRequest.builder().type(TransactionType.EIP7702).to(Address.ZERO).build())
                .hasMessageContaining("at least one authorization");
        assertThatThrownBy(() -> TxRequest.builder().value(-1)).hasMessageContaining("negative");
        assertThatThrownBy(() -> BlockTag.number(-1)).hasMessageContaining("negative");
        assertThat(BlockTag.number(255).value()).isEqualTo("0xff");
    }

    private static void assertRejected(JsonNode receipt, String message) {
        assertThatThrownBy(() -> Receipt.parse(receipt, "receipt")).isInstanceOf(InvalidResponseException.class)
                .hasMessageContaining(message);
    }

    private static JsonNode edit(String json, java.util.function.Consumer<ObjectNode> change) {
        ObjectNode o = (ObjectNode) json(json);
        change.accept(o);
        return o;
    }

    private static JsonNode json(String s) {
        return JSON.readTree(s);
    }
}
