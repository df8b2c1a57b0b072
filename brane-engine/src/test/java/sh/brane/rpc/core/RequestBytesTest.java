package sh.brane.rpc.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import tools.jackson.databind.node.JsonNodeFactory;

import sh.brane.rpc.RpcCall;

class RequestBytesTest {

    @Test
    void writesTheSameBytesAsJacksonForTheCommonKinds() {
        Map<String, Object> filter = new LinkedHashMap<>();
        filter.put("fromBlock", "0x1");
        filter.put("address", List.of(Address.ZERO));
        filter.put("topics", Arrays.asList(null, Hash.of("0x" + "ab".repeat(32))));
        List<List<?>> cases = List.of(
                List.of(),
                List.of("latest", true),
                List.of(Address.of("0x" + "12".repeat(20)), "pending"),
                List.of(0, -1, Long.MAX_VALUE, Long.MIN_VALUE, (short) 7, (byte) -3, Integer.MIN_VALUE),
                List.of(new BigInteger("-123456789012345678901234567890"), false),
                List.of(new byte[] {1, 2, (byte) 0xff}),
                List.of(filter),
                Arrays.asList(null, List.of(List.of("a", 1)), Map.of()));
        for (List<?> params : cases) {
            for (String method : List.of("eth_chainId", "eth_getLogs")) {
                ByteBuf buf = Unpooled.buffer();
                assertThat(RequestBytes.tryWrite(buf, 42, method, params)).as("%s", params).isTrue();
                assertThat(buf.toString(StandardCharsets.UTF_8)).isEqualTo(jackson(42, method, params));
            }
        }
        for (long id : new long[] {0, 9, 10, 99, 100, 12_345_678, 999_999_999_999L, Long.MAX_VALUE}) {
            ByteBuf buf = Unpooled.buffer();
            assertThat(RequestBytes.tryWrite(buf, id, "eth_chainId", List.of())).isTrue();
            assertThat(buf.toString(StandardCharsets.UTF_8)).as("id %s", id).isEqualTo(jackson(id, "eth_chainId", List.of()));
        }
        ByteBuf noParams = Unpooled.buffer();
        assertThat(RequestBytes.tryWrite(noParams, 7, "eth_blockNumber", null)).isTrue();
        assertThat(noParams.toString(StandardCharsets.UTF_8)).isEqualTo(jackson(7, "eth_blockNumber", null));
    }

    @Test
    void leavesToJacksonWhatItDoesNotWriteItselfAndLeavesTheBufferAsItWas() {
        List<List<?>> cases = List.of(
                List.of("a \"quoted\" word"), List.of("back\\slash"), List.of("line\nbreak"), List.of("caf\u00e9"),
                List.of(1.5), List.of(new BigDecimal("1.25")), List.of(JsonNodeFactory.instance.textNode("x")),
                List.of(Map.of("k", List.of(2.5))), List.of(Map.of("bad\"key", 1)));
        for (List<?> params : cases) {
            ByteBuf buf = Unpooled.buffer().writeByte('x');
            assertThat(RequestBytes.tryWrite(buf, 1, "eth_call", params)).as("%s", params).isFalse();
            assertThat(buf.readableBytes()).isEqualTo(1);
        }
        assertThat(RequestBytes.tryWrite(Unpooled.buffer(), 1, "eth_\"odd\"", List.of())).isFalse();
        Object deep = "x";
        for (int i = 0; i < 20; i++) {
            deep = List.of(deep);
        }
        assertThat(RequestBytes.tryWrite(Unpooled.buffer(), 1, "eth_call", List.of(deep))).isFalse();
    }

    private static String jackson(long id, String method, List<?> params) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        JsonRpcWriter.writeRequest(out, id, method, params);
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void writesABatchAsJacksonDoes() {
        List<RpcCall> calls = List.of(new RpcCall("eth_chainId", List.of()),
                new RpcCall("eth_getBalance", List.of(Address.ZERO, "latest")));
        long[] ids = {41, 42};
        ByteBuf buf = Unpooled.buffer().writeByte('x');
        RequestBytes.writeBatch(buf, ids, calls);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        JsonRpcWriter.writeBatch(out, ids, calls);
        assertThat(buf.toString(StandardCharsets.UTF_8)).isEqualTo("x" + out.toString(StandardCharsets.UTF_8));
        // a call only Jackson writes (a double) is written by Jackson, inside the same array
        ByteBuf odd = Unpooled.buffer().writeByte('x');
        List<RpcCall> withDouble = List.of(calls.get(0), new RpcCall("eth_call", List.of(1.5)));
        RequestBytes.writeBatch(odd, ids, withDouble);
        ByteArrayOutputStream jackson = new ByteArrayOutputStream();
        JsonRpcWriter.writeBatch(jackson, ids, withDouble);
        assertThat(odd.toString(StandardCharsets.UTF_8)).isEqualTo("x" + jackson.toString(StandardCharsets.UTF_8));
    }

    /**
     * The head is written straight into a heap buffer's array: at an offset inside a larger array (a slice), into a
     * buffer that must grow, and a direct buffer (no array, the piece-by-piece path) all give Jackson's bytes,
     * with negative ids (never ours) too.
     */
    @Test
    void writesJacksonsBytesIntoEveryKindOfBuffer() {
        for (long id : new long[] {0, 7, 10, 123_456, Long.MAX_VALUE, -1, -42, Long.MIN_VALUE}) {
            for (List<?> params : List.of(List.of(), List.of("latest", 5))) {
                String expected = jackson(id, "eth_getBalance", params);
                ByteBuf slice = Unpooled.buffer(4096).writerIndex(100).slice(100, 1000).writerIndex(0).writeByte('x');
                ByteBuf small = Unpooled.buffer(1, 4096).writeByte('x');
                ByteBuf direct = Unpooled.directBuffer(8, 4096).writeByte('x');
                for (ByteBuf buf : List.of(slice, small, direct)) {
                    assertThat(RequestBytes.tryWrite(buf, id, "eth_getBalance", params)).isTrue();
                    assertThat(buf.toString(StandardCharsets.UTF_8)).as("id %s into %s", id, buf)
                            .isEqualTo("x" + expected);
                }
                direct.release();
            }
        }
    }

    /**
     * Methods are encoded once and kept in a few slots: methods whose hashes share a slot ("Aa" and "BB" have the
     * same hash), more methods than slots, and an equal method in another String each get their own bytes, and a
     * method that needs escapes is never kept (Jackson writes it).
     */
    @Test
    void keptMethodBytesAreAlwaysThoseOfTheMethodAsked() {
        assertThat("Aa".hashCode()).isEqualTo("BB".hashCode());
        for (int round = 0; round < 3; round++) {
            for (String method : List.of("Aa", "BB", new String("eth_chainId"), "eth_chainId")) {
                ByteBuf buf = Unpooled.buffer();
                assertThat(RequestBytes.tryWrite(buf, 3, method, List.of())).isTrue();
                assertThat(buf.toString(StandardCharsets.UTF_8)).isEqualTo(jackson(3, method, List.of()));
            }
            for (int i = 0; i < 3 * MethodBytes.SLOTS; i++) {
                String method = "m_" + i;
                ByteBuf buf = Unpooled.buffer();
                assertThat(RequestBytes.tryWrite(buf, i, method, List.of(i))).isTrue();
                assertThat(buf.toString(StandardCharsets.UTF_8)).isEqualTo(jackson(i, method, List.of(i)));
            }
        }
        assertThat(MethodBytes.of("eth_\"odd\"")).isNull();
        assertThat(MethodBytes.of("caf\u00e9")).isNull();
        assertThat(new String(MethodBytes.of("eth_call"), StandardCharsets.US_ASCII))
                .isEqualTo(",\"method\":\"eth_call\",\"params\":[");
    }
}
