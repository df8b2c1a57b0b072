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
            } catch (JsonCursor.Bail bail) {
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
}
