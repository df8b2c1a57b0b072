package sh.brane.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The leak catcher the fault tests rely on really catches a leaked buffer. */
class NettyLeaksTest {

    @AfterEach
    void restore() {
        NettyLeaks.unwatch();
    }

    @Test
    void reportsABufferThatWasNeverReleased() throws Exception {
        NettyLeaks.watch();
        NettyLeaks.collect();
        leakOne();
        List<String> reports = List.of();
        for (int i = 0; i < 20 && reports.isEmpty(); i++) {
            reports = NettyLeaks.collect();
        }
        assertThat(reports).isNotEmpty();
        assertThat(reports.get(0)).startsWith("LEAK: ByteBuf").contains("leakOne");
    }

    private static void leakOne() {
        ByteBuf b = PooledByteBufAllocator.DEFAULT.directBuffer(64);
        b.writeLong(42);
        b.touch("leakOne");
    }
}
