package sh.brane.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.buffer.UnpooledByteBufAllocator;

import org.junit.jupiter.api.Test;

import sh.brane.rpc.HttpProvider;
import sh.brane.rpc.RpcCall;
import sh.brane.rpc.WebSocketProvider;

/** The stub must answer what real clients send, or every RPC benchmark measures failures. */
class StubRpcServerTest {

    private static String answer(String request) {
        ByteBuf out = StubRpcServer.answer(Unpooled.copiedBuffer(request, StandardCharsets.UTF_8),
                UnpooledByteBufAllocator.DEFAULT);
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void answersASingleRequestWithItsNumericId() {
        assertThat(answer("{\"jsonrpc\":\"2.0\",\"method\":\"eth_chainId\",\"params\":[],\"id\":42}"))
                .isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":42,\"result\":\"0x7a69\"}");
    }

    @Test
    void answersABatchInOrderAndKeepsStringIds() {
        assertThat(answer("[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"eth_chainId\",\"params\":[]},"
                + " {\"id\" : \"b\",\"jsonrpc\":\"2.0\",\"method\":\"eth_chainId\"}]"))
                .isEqualTo("[{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":\"0x7a69\"},"
                        + "{\"jsonrpc\":\"2.0\",\"id\":\"b\",\"result\":\"0x7a69\"}]");
    }

    @Test
    void readsARequestSplitOverDirectBuffersAsItReadsOneArray() {
        String request = "[{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"eth_chainId\",\"params\":[]},"
                + "{\"jsonrpc\":\"2.0\",\"id\":\"a}b\",\"method\":\"eth_call\",\"params\":[]}]";
        byte[] bytes = request.getBytes(StandardCharsets.UTF_8);
        io.netty.buffer.CompositeByteBuf split = Unpooled.compositeBuffer();
        split.addComponent(true, Unpooled.directBuffer(40).writeBytes(bytes, 0, 40));
        split.addComponent(true, Unpooled.directBuffer(bytes.length - 40).writeBytes(bytes, 40, bytes.length - 40));
        ByteBuf out = StubRpcServer.answer(split, UnpooledByteBufAllocator.DEFAULT);
        assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo(answer(request))
                .startsWith("[{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":\"0x7a69\"},{\"jsonrpc\":\"2.0\",\"id\":\"a}b\",\"result\":\"0x")
                .endsWith("}]");
    }

    @Test
    void servesBraneOverHttpAndWebSocketOnOnePort() {
        try (StubRpcServer stub = StubRpcServer.start(1);
             HttpProvider http = HttpProvider.create(stub.httpUrl());
             WebSocketProvider ws = WebSocketProvider.create(stub.wsUrl())) {
            assertThat(http.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69");
            assertThat(ws.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69");
            assertThat(http.sendBatch(List.of(RpcCall.of("eth_chainId"), RpcCall.of("eth_chainId"))))
                    .allSatisfy(f -> assertThat(f.join().asString()).isEqualTo("0x7a69"));
            assertThat(ws.sendAsyncBatch("eth_chainId", List.of()).join().asString()).isEqualTo("0x7a69");
        }
    }
}
