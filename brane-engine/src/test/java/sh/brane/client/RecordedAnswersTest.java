package sh.brane.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.function.Function;

import org.junit.jupiter.api.Test;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.rpc.InvalidResponseException;
import sh.brane.rpc.CursorBail;
import sh.brane.rpc.JsonCursor;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.json.JsonMapper;

/**
 * Real nodes' answers (src/test/resources/execution-apis, see its README) read by both forms of each typed reader:
 * the token path and the one-pass cursor must give the same value, with every field the specification defines.
 */
class RecordedAnswersTest {
    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    static String answer(String name) {
        try (InputStream in = RecordedAnswersTest.class.getResourceAsStream("/execution-apis/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The token path's value, after checking that the cursor reads the same answer to the same value. */
    static <T> T bothWays(String json, Function<JsonParser, T> tokens, Function<JsonCursor, T> cursor) {
        T slow;
        try (JsonParser p = MAPPER.createParser(json.getBytes(StandardCharsets.UTF_8))) {
            p.nextToken();
            slow = tokens.apply(p);
        }
        byte[] b = json.getBytes(StandardCharsets.UTF_8);
        T fast = cursor.apply(JsonCursor.over(b, 0, b.length));
        assertThat(fast).isEqualTo(slow);
        return slow;
    }

    @Test
    void aReceiptFromBeforeByzantiumHasItsStateRootAndNoStatus() {
        Receipt r = bothWays(answer("receipt-pre-byzantium.json"), p -> Receipt.read(p, "receipt", -1), Receipt::read);
        assertThat(r.hasStateRoot()).isTrue();
        assertThat(r.status()).isNull();
        assertThat(r.root()).isEqualTo(Hash.of("0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421"));
        assertThat(r.type()).as("no type field: legacy").isZero();
        assertThat(r.contractAddress()).isEqualTo(Address.of("0x67d8d32e9bf1a9968a5ff53b87d777aa8ebbee69"));
        assertThat(r.logsBloom().length()).isEqualTo(256);
        assertThat(r.gasUsed()).isEqualTo(0x30d40);
        assertThatThrownBy(r::isSuccess).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("before Byzantium").hasMessageContaining(r.transactionHash().toHex());
        // also from a tree (subscriptions, batches)
        assertThat(Receipt.parse(MAPPER.readTree(answer("receipt-pre-byzantium.json")), "receipt")).isEqualTo(r);
    }

    @Test
    void aReceiptWithNeitherStatusNorRootIsRefusedNamingStatus() {
        String json = answer("receipt-pre-byzantium.json").replaceFirst("\"root\":\"0x[0-9a-f]+\",", "");
        assertThatThrownBy(() -> bothWays(json, p -> Receipt.read(p, "eth_getTransactionReceipt", -1), c -> {
            try {
                return Receipt.read(c);
            } catch (CursorBail bail) {
                return null; // the token path words the error
            }
        })).isInstanceOf(InvalidResponseException.class)
                .hasMessageContaining("eth_getTransactionReceipt.status: missing");
    }

    @Test
    void anEmptyRootBesideAStatusReadsAsNoRoot() {
        String json = answer("receipt-pre-byzantium.json")
                .replaceFirst("\"root\":\"0x[0-9a-f]+\"", "\"root\":\"0x\",\"status\":\"0x1\"");
        Receipt r;
        try (JsonParser p = MAPPER.createParser(json)) {
            p.nextToken();
            r = Receipt.read(p, "receipt", -1);
        }
        assertThat(r.root()).isNull();
        assertThat(r.isSuccess()).isTrue();
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource({"tx-legacy.json,0", "tx-access-list.json,1", "tx-dynamic-fee.json,2",
            "tx-blob.json,3", "tx-setcode.json,4"})
    void everyTypeReadsCompletelyAndReEncodesToTheNodesHash(String file, int type) {
        TransactionInfo t = bothWays(answer(file), p -> TransactionInfo.read(p, "transaction", -1),
                TransactionInfo::read);
        assertThat(t.type()).isEqualTo(type);
        assertThat(t.r()).isNotNull();
        assertThat(t.s()).isNotNull();
        assertThat(t.v()).isNotNull();
        assertThat(t.yParity() == null).as("yParity only for typed transactions").isEqualTo(type == 0);
        assertThat(t.accessList() == null).isEqualTo(type == 0);
        assertThat(t.blobVersionedHashes() == null).isEqualTo(type != 3);
        assertThat(t.maxFeePerBlobGas() == null).isEqualTo(type != 3);
        assertThat(t.authorizationList() == null).isEqualTo(type != 4);
        sh.brane.core.tx.SignedTransaction signed = t.toSignedTransaction();
        assertThat(signed.hash()).isEqualTo(t.hash());
        assertThat(signed.sender()).isEqualTo(t.from());
        assertThat(signed.type().typeByte()).isEqualTo(type);
    }

    @Test
    void listsAndTimestampsReadAsTheNodeWroteThem() {
        TransactionInfo al = bothWays(answer("tx-access-list.json"), p -> TransactionInfo.read(p, "transaction", -1),
                TransactionInfo::read);
        assertThat(al.blockTimestamp()).isEqualTo(0xf0);
        assertThat(al.accessList()).singleElement().satisfies(e -> {
            assertThat(e.address()).isEqualTo(Address.of("0x7dcd17433742f4c0ca53122ab541d0ba67fc27df"));
            assertThat(e.storageKeys()).hasSize(2).last().isEqualTo(
                    Hash.of("0x95104e47e1982aba633477f377b1511396c3fe83600224bcb0c78949be705b33"));
        });
        TransactionInfo blob = bothWays(answer("tx-blob.json"), p -> TransactionInfo.read(p, "transaction", -1),
                TransactionInfo::read);
        assertThat(blob.maxFeePerBlobGas()).isEqualTo(0x20000);
        assertThat(blob.blobVersionedHashes()).containsExactly(
                Hash.of("0x015a4cab4911426699ed34483de6640cf55a568afc5c5edffdcbd8bcd4452f68"));
        TransactionInfo setCode = bothWays(answer("tx-setcode.json"),
                p -> TransactionInfo.read(p, "transaction", -1), TransactionInfo::read);
        assertThat(setCode.authorizationList()).singleElement().satisfies(a -> {
            assertThat(a.chainId()).isEqualTo(0xc72dd9d5e883eL);
            assertThat(a.address()).isEqualTo(Address.of("0x58f8fe237b593c19546e1e758a2544561d04bfe0"));
            assertThat(a.nonce()).isZero();
            assertThat(a.yParity()).isEqualTo(1);
            assertThat(a.toSignedAuthorization().recoverAuthority()).isNotNull();
        });
    }

    @Test
    void anUnknownTypeReadsAndRefusesOnlyTheConversion() {
        // an OP-stack deposit (type 0x7e): no signature, fields of its own
        String deposit = answer("tx-dynamic-fee.json").replace("\"type\":\"0x2\"", "\"type\":\"0x7e\"")
                .replace("\"yParity\":\"0x1\"", "\"sourceHash\":\"0x" + "ab".repeat(32) + "\",\"mint\":\"0x0\","
                        + "\"isSystemTx\":false,\"depositReceiptVersion\":\"0x1\"");
        TransactionInfo t = bothWays(deposit, p -> TransactionInfo.read(p, "transaction", -1), TransactionInfo::read);
        assertThat(t.type()).isEqualTo(0x7e);
        assertThatThrownBy(t::toSignedTransaction).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("type 0x7e has no encoding");
    }

    @Test
    void aMissingFieldOfItsTypeIsNamed() {
        String noBlobFee = answer("tx-blob.json").replace("\"maxFeePerBlobGas\":\"0x20000\",", "");
        TransactionInfo t = bothWays(noBlobFee, p -> TransactionInfo.read(p, "transaction", -1),
                TransactionInfo::read);
        assertThatThrownBy(t::toSignedTransaction).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("no maxFeePerBlobGas, which a type 0x3 transaction needs");
        String wrongValue = answer("tx-dynamic-fee.json").replace("\"value\":\"0x1\"", "\"value\":\"0x2\"");
        TransactionInfo w = bothWays(wrongValue, p -> TransactionInfo.read(p, "transaction", -1),
                TransactionInfo::read);
        assertThatThrownBy(w::toSignedTransaction).hasMessageContaining("does not describe this transaction");
    }

    @Test
    void aPragueBlockReadsEveryHeaderField() {
        Block b = bothWays(answer("block-prague.json"), p -> Block.read(p, "block"), Block::read);
        BlockHeader h = b.header();
        assertThat(h.number()).isEqualTo(0x2d);
        assertThat(h.requestsHash()).isEqualTo(
                Hash.of("0x57cac3e52cdcd73e52bd9e54956e0eae370f00ed41f68edc78266bdb46c3a543"));
        assertThat(h.parentBeaconBlockRoot()).isEqualTo(
                Hash.of("0x4b118bd31ed2c4eeb81dc9e3919e9989994333fe36f147c2930f12c53f0d3c78"));
        assertThat(h.withdrawalsRoot()).isEqualTo(
                Hash.of("0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421"));
        assertThat(h.blobGasUsed()).isZero();
        assertThat(h.excessBlobGas()).isZero();
        assertThat(h.sha3Uncles()).isEqualTo(
                Hash.of("0x1dcc4de8dec75d7aab85b567b6ccd41ad312451b948a7413f0a142fd40d49347"));
        assertThat(h.logsBloom().length()).isEqualTo(256);
        assertThat(h.difficulty()).isZero();
        assertThat(h.extraData().isEmpty()).isTrue();
        assertThat(h.mixHash()).isEqualTo(Hash.of("0x" + "00".repeat(32)));
        assertThat(h.nonce().length()).isEqualTo(8);
        assertThat(b.size()).isEqualTo(0x633);
        assertThat(b.uncles()).isEmpty();
        assertThat(b.withdrawals()).isEmpty();
        assertThat(b.transactionHashes()).hasSize(6);
        assertThat(h.computedHash()).as("every header field read right").isEqualTo(h.hash());
    }

    @Test
    void aLondonBlockHasNoLaterForksFields() {
        String london = answer("block-prague.json").replaceAll(
                ",?\"(blobGasUsed|excessBlobGas|parentBeaconBlockRoot|requestsHash|withdrawalsRoot)\":\"0x[0-9a-f]*\"", "")
                .replace(",\"withdrawals\":[]", "");
        Block b = bothWays(london, p -> Block.read(p, "block"), Block::read);
        assertThat(b.withdrawals()).isNull();
        assertThat(b.header().withdrawalsRoot()).isNull();
        assertThat(b.header().blobGasUsed()).isNull();
        assertThat(b.header().requestsHash()).isNull();
        assertThat(b.header().baseFeePerGas()).isNotNull();
        assertThat(b.header().computedHash()).as("the Prague fields are part of the hash").isNotEqualTo(b.hash());
        String noBloom = answer("block-prague.json").replaceFirst("\"logsBloom\":\"0x[0-9a-f]+\",", "");
        BlockHeader partial = bothWays(noBloom, p -> Block.read(p, "block"), Block::read).header();
        assertThatThrownBy(partial::computedHash).hasMessageContaining("no logsBloom");
    }

    /** A Prague block as the node wrote it, with {@code txs} (JSON objects) as its full transactions. */
    static String blockWith(String... txs) {
        return answer("block-prague.json").replaceFirst("\"transactions\":\\[[^\\]]*\\]",
                "\"transactions\":[" + String.join(",", txs) + "]");
    }

    @Test
    void anOpDepositKeepsItsOwnFieldsAndTheBlockKeepsItsOtherTransactions() {
        Block b = bothWays(blockWith(answer("tx-op-deposit.json"), answer("tx-dynamic-fee.json")),
                p -> Block.read(p, "block"), Block::read);
        assertThat(b.transactions()).hasSize(2);
        TransactionInfo deposit = b.transactions().getFirst();
        assertThat(deposit.type()).isEqualTo(0x7e);
        assertThat(deposit.from()).isEqualTo(Address.of("0xdeaddeaddeaddeaddeaddeaddeaddeaddead0001"));
        assertThat(deposit.nonce()).isEqualTo(0x152ea95);
        assertThat(deposit.otherFields()).containsExactlyInAnyOrderEntriesOf(java.util.Map.of(
                "sourceHash", "\"0x04e9a69416471ead93b02f0c279ab11ca0b635db5c1726a56faf22623bafde52\"",
                "mint", "\"0x0\"", "depositReceiptVersion", "\"0x1\""));
        assertThatThrownBy(deposit::toSignedTransaction).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("type 0x7e has no encoding");
        TransactionInfo ordinary = b.transactions().get(1);
        assertThat(ordinary.otherFields()).isEmpty();
        assertThat(ordinary.toSignedTransaction().hash()).isEqualTo(ordinary.hash());
        assertThat(b.transactionHashes()).containsExactly(deposit.hash(), ordinary.hash());
    }

    @Test
    void aChainsOwnTypeAndAFutureTypeReadWithTheirFields() {
        TransactionInfo celo = bothWays(answer("tx-celo-cip64.json"), p -> TransactionInfo.read(p, "transaction", -1),
                TransactionInfo::read);
        assertThat(celo.type()).isEqualTo(0x7b);
        assertThat(celo.otherFields()).containsExactly(
                java.util.Map.entry("feeCurrency", "\"0x0e2a3e05bc9a16f5292a6170456a710cb89c6f72\""));
        assertThat(celo.maxFeePerGas()).isEqualTo(0x315373261L);
        assertThat(celo.r()).isNotNull();
        String five = answer("tx-dynamic-fee.json").replace("\"type\":\"0x2\"", "\"type\":\"0x5\"");
        TransactionInfo future = bothWays(five, p -> TransactionInfo.read(p, "transaction", -1),
                TransactionInfo::read);
        assertThat(future.type()).isEqualTo(5);
        assertThat(future.otherFields()).isEmpty();
        assertThatThrownBy(future::toSignedTransaction).hasMessageContaining("type 0x5 has no encoding");
    }

    @Test
    void anUnknownTypesFieldOfAnyShapeIsKeptByTheTokenPath() {
        String deposit = answer("tx-op-deposit.json").replace("\"mint\":\"0x0\"",
                "\"mint\":\"0x0\",\"l1Origin\":{\"queue\":[1,2],\"system\":true}");
        byte[] bytes = deposit.getBytes(StandardCharsets.UTF_8);
        // the cursor keeps strings and booleans of the names it knows; an object is the token path's to keep
        assertThatThrownBy(() -> TransactionInfo.read(JsonCursor.over(bytes, 0, bytes.length)))
                .isInstanceOf(CursorBail.class);
        TransactionInfo t;
        try (JsonParser p = MAPPER.createParser(bytes)) {
            p.nextToken();
            t = TransactionInfo.read(p, "transaction", -1);
        }
        assertThat(t.otherFields()).containsEntry("l1Origin", "{\"queue\":[1,2],\"system\":true}")
                .containsKeys("sourceHash", "mint", "depositReceiptVersion");
        assertThat(TransactionInfo.parse(MAPPER.readTree(deposit), "transaction")).isEqualTo(t);
        // a type this library encodes keeps no extra fields, on either path
        String known = answer("tx-dynamic-fee.json").replace("\"type\":\"0x2\"",
                "\"type\":\"0x2\",\"isSystemTx\":false,\"other\":{\"a\":1}");
        assertThat(bothWays(known, p -> TransactionInfo.read(p, "transaction", -1), TransactionInfo::read)
                .otherFields()).isEmpty();
    }
}
