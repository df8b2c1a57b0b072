package sh.brane.rpc.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.buffer.UnpooledByteBufAllocator;

/**
 * How an HTTP answer's body is held as it arrives: large pieces where they lie, small ones copied together, so a
 * node that drips its answer cannot make the memory held much larger than the answer; every reference given back.
 */
class AnswerBodyTest {

    private final ByteBufAllocator alloc = new UnpooledByteBufAllocator(false);

    /** {@code n} bytes of {@code fill} in a buffer of {@code capacity}, as a read from the socket would give them. */
    private ByteBuf read(int n, int capacity, char fill) {
        ByteBuf b = alloc.buffer(capacity, capacity);
        for (int i = 0; i < n; i++) {
            b.writeByte(fill);
        }
        return b;
    }

    @Test
    void largePiecesAreKeptWhereTheyLieAndJoinedWithoutACopy() {
        AnswerBody body = new AnswerBody(alloc);
        List<ByteBuf> reads = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            ByteBuf r = read(40_000, 64 * 1024, (char) ('a' + i));
            reads.add(r);
            body.add(r);
        }
        assertThat(body.size()).isEqualTo(200_000);
        assertThat(body.pieces()).isEqualTo(5);
        reads.forEach(r -> assertThat(r.refCnt()).isEqualTo(2)); // kept: retained, not copied
        ByteBuf all = body.take();
        assertThat(all.readableBytes()).isEqualTo(200_000);
        assertThat(all.getByte(0)).isEqualTo((byte) 'a');
        assertThat(all.getByte(199_999)).isEqualTo((byte) 'e');
        all.release();
        reads.forEach(r -> assertThat(r.refCnt()).isEqualTo(1)); // back to the reader's own reference
        reads.forEach(ByteBuf::release);
    }

    @Test
    void aDrippedAnswerIsCopiedTogetherIntoFewBuffers() {
        AnswerBody body = new AnswerBody(alloc);
        StringBuilder expected = new StringBuilder();
        for (int i = 0; i < 100_000; i++) {
            char c = (char) ('a' + i % 26);
            expected.append(c).append(c).append(c);
            ByteBuf r = read(3, 64, c);
            body.add(r);
            assertThat(r.refCnt()).isEqualTo(1); // copied, not kept
            r.release();
        }
        // 300,000 bytes in 16 KiB buffers, not 100,000 pieces
        assertThat(body.pieces()).isLessThanOrEqualTo(300_000 / AnswerBody.KEEP_IN_PLACE + 1);
        ByteBuf all = body.take();
        assertThat(all.toString(StandardCharsets.US_ASCII)).isEqualTo(expected.toString());
        all.release();
        assertThat(all.refCnt()).isZero();
    }

    @Test
    void aLargePieceInAMostlyEmptyBufferIsCopiedSoItDoesNotHoldTheBuffer() {
        AnswerBody body = new AnswerBody(alloc);
        ByteBuf r = read(20_000, 1024 * 1024, 'x');
        body.add(r);
        assertThat(r.refCnt()).isEqualTo(1);
        r.release();
        ByteBuf all = body.take();
        assertThat(all.readableBytes()).isEqualTo(20_000);
        all.release();
    }

    @Test
    void smallAndLargePiecesKeepTheirOrder() {
        AnswerBody body = new AnswerBody(alloc);
        ByteBuf big = read(30_000, 32 * 1024, 'B');
        body.add(Unpooled.copiedBuffer("ab", StandardCharsets.US_ASCII));
        body.add(big);
        body.add(Unpooled.copiedBuffer("cd", StandardCharsets.US_ASCII));
        ByteBuf all = body.take();
        String s = all.toString(StandardCharsets.US_ASCII);
        assertThat(s).startsWith("abB").endsWith("Bcd").hasSize(30_004);
        all.release();
        big.release();
        assertThat(big.refCnt()).isZero();
    }

    @Test
    void discardGivesEveryReferenceBack() {
        AnswerBody body = new AnswerBody(alloc);
        ByteBuf big = read(40_000, 64 * 1024, 'z');
        body.add(big);
        body.add(Unpooled.copiedBuffer("tail", StandardCharsets.US_ASCII));
        body.discard();
        assertThat(big.refCnt()).isEqualTo(1);
        assertThat(body.size()).isZero();
        assertThat(body.take().readableBytes()).isZero();
        big.release();
    }
}
