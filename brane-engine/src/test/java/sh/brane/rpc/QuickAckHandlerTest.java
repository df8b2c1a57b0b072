package sh.brane.rpc;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import sh.brane.rpc.core.QuickAckHandler;

class QuickAckHandlerTest {

    @Test
    void aChannelWithoutTheOptionDropsTheHandlerAndStillSeesItsReads() {
        AtomicInteger readCompletes = new AtomicInteger();
        EmbeddedChannel ch = new EmbeddedChannel(QuickAckHandler.whileExpecting(() -> true), new ChannelInboundHandlerAdapter() {
            @Override
            public void channelReadComplete(ChannelHandlerContext ctx) {
                readCompletes.incrementAndGet();
            }
        });
        ch.pipeline().fireChannelReadComplete();
        ch.pipeline().fireChannelReadComplete();

        assertThat(ch.pipeline().get(QuickAckHandler.class)).isNull();
        assertThat(readCompletes).hasValue(2);
        ch.finishAndReleaseAll();
    }

    /** Linux has TCP_QUICKACK on both transports: the handler must stay in the pipeline while calls flow. */
    @EnabledOnOs(OS.LINUX)
    @ParameterizedTest
    @EnumSource(value = TransportType.class, names = {"NIO", "EPOLL"})
    void connectionsToALinuxNodeKeepQuickAcksArmedWhileCallsFlow(TransportType transport) throws Exception {
        try (TestWsServer server = TestWsServer.start(TestWsServer.DEFAULT);
             WebSocketProvider p = WebSocketProvider.create(WebSocketConfig.builder(server.url())
                     .transport(transport).build())) {
            List<CompletableFuture<JsonNode>> calls = new ArrayList<>();
            for (int i = 0; i < 100; i++) {
                calls.add(p.sendAsync("eth_chainId", List.of()));
            }
            for (CompletableFuture<JsonNode> c : calls) {
                assertThat(c.get().asString()).isEqualTo("0x7a69");
            }

            assertThat(p.transportName()).isEqualTo(transport.name().toLowerCase(java.util.Locale.ROOT));
            assertThat(p.quickAckArmed()).isTrue();
        }
    }
}
