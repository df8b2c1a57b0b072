package sh.brane.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;

import org.junit.jupiter.api.Test;

import sh.brane.rpc.InvalidResponseException;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.ObjectMapper;

/**
 * The one-loop readers of the common shapes (short quantities, plain hashes, branch-free hex) give the same values
 * and the same refusals as the careful path they fall back to, at the edges of their shape.
 */
class StreamJsonFastPathTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonParser at(String jsonValue) {
        JsonParser p = JSON.createParser(jsonValue);
        p.nextToken();
        return p;
    }

    private static long asLong(String q) {
        return StreamJson.quantityLong(at("\"" + q + "\""), "x", -1, "q");
    }

    private static BigInteger asBig(String q) {
        return StreamJson.quantity(at("\"" + q + "\""), "x", -1, "q");
    }

    @Test
    void quantitiesAtTheEdgesOfTheShortShapeReadAsTheCarefulPathReadsThem() {
        assertThat(asLong("0x0")).isZero();
        assertThat(asLong("0x1a")).isEqualTo(26);
        assertThat(asLong("0X1A")).isEqualTo(26);
        assertThat(asLong("0x" + "f".repeat(15))).isEqualTo(0x0fffffffffffffffL);
        assertThat(asLong("0x7fffffffffffffff")).isEqualTo(Long.MAX_VALUE);
        assertThat(asLong("0x" + "0".repeat(20) + "2a")).isEqualTo(42);
        assertThat(asBig("0x" + "f".repeat(15))).isEqualTo(BigInteger.valueOf(0x0fffffffffffffffL));
        assertThat(asBig("0xffffffffffffffff")).isEqualTo(new BigInteger("ffffffffffffffff", 16));
        assertThat(asBig("0x" + "f".repeat(64))).isEqualTo(BigInteger.TWO.pow(256).subtract(BigInteger.ONE));
    }

    @Test
    void malformedQuantitiesAreRefusedWithTheCarefulPathsMessages() {
        assertThatThrownBy(() -> asLong("0x8000000000000000")).isInstanceOf(InvalidResponseException.class)
                .hasMessageContaining("x.q: quantity too large for a long");
        assertThatThrownBy(() -> asLong("0x1g")).hasMessageContaining("x.q: non-hex character at index 3 of quantity");
        assertThatThrownBy(() -> asLong("0x1\u0101")).hasMessageContaining("non-hex character at index 3");
        assertThatThrownBy(() -> asLong("0x1\u0161")).hasMessageContaining("non-hex character at index 3");
        assertThatThrownBy(() -> asBig("0x\u00e1")).hasMessageContaining("non-hex character at index 2");
        assertThatThrownBy(() -> asLong("0x")).hasMessageContaining("expected a hex quantity like 0x1a");
        assertThatThrownBy(() -> StreamJson.quantityLong(at("12"), "x", -1, "q"))
                .hasMessageContaining("expected a hex quantity string");
    }

    @Test
    void hashesAndAddressesDecodeBranchFreeAndRefuseWhatIsNotHex() {
        String hex = "00112233445566778899aabbccddeeff00112233445566778899AABBCCDDEEFF";
        assertThat(StreamJson.hash(at("\"0x" + hex + "\""), "x", -1, "h").toHex()).isEqualToIgnoringCase("0x" + hex);
        assertThat(StreamJson.plainHash(at("\"0x" + hex + "\""))).isNotNull();
        // a character past 127 whose low seven bits are a hex digit ('a' + 256) is not hex
        String sneaky = hex.substring(0, 63) + "\u0161";
        assertThat(StreamJson.plainHash(at("\"0x" + sneaky + "\""))).isNull();
        assertThatThrownBy(() -> StreamJson.hash(at("\"0x" + sneaky + "\""), "x", -1, "h"))
                .isInstanceOf(InvalidResponseException.class).hasMessageContaining("x.h: not a 32-byte hash");
        assertThat(StreamJson.plainHash(at("\"0x" + hex.substring(2) + "\""))).isNull();
        assertThat(StreamJson.bytes(at("\"0x0aFF\""), "x", -1, "d")).containsExactly(0x0a, 0xff);
        // an all-lowercase address passes the fast path; a mixed-case one goes to the EIP-55 check and fails it
        String lower = "0x52908400098527886e0f7030069857d2e4169ee7";
        assertThat(StreamJson.address(at("\"" + lower + "\""), "x", -1, "a").toString()).isEqualToIgnoringCase(lower);
        assertThatThrownBy(() -> StreamJson.address(at("\"0x52908400098527886E0F7030069857D2E4169eE7\""), "x", -1, "a"))
                .hasMessageContaining("x.a: not an address");
    }
}
