package sh.brane.core.abi;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.web3j.abi.FunctionEncoder;
import org.web3j.abi.datatypes.generated.Uint256;

import sh.brane.core.types.Address;
import sh.brane.primitives.Hex;

/** {@link FastAbiEncoder#encodeTo} and {@link FastAbiEncoder#encodeUint256} allocate nothing after warm-up. */
class FastAbiEncoderAllocationTest {

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    private static final Address TO = Address.of("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed");

    /**
     * Bytes allocated by {@code times} calls after warm-up: the least of five rounds, since a JIT
     * recompilation or deoptimisation landing inside one round can allocate a few bytes that are
     * not the code's own.
     */
    private static long allocatedBy(Runnable body, int times) {
        for (int i = 0; i < 20_000; i++) {
            body.run(); // warm-up: class loading, JIT
        }
        long least = Long.MAX_VALUE;
        for (int round = 0; round < 5 && least > 0; round++) {
            long before = THREADS.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < times; i++) {
                body.run();
            }
            least = Math.min(least, THREADS.getCurrentThreadAllocatedBytes() - before);
        }
        return least;
    }

    @Test
    void encodeToOfTransferAllocatesNothing() {
        AbiFunction transfer = AbiFunction.parse("transfer(address,uint256)", "(bool)");
        byte[] selector = transfer.selector();
        AbiValue[] args = {AbiValue.address(TO), AbiValue.uint256(1_000_000_000_000_000_000L)};
        ByteBuffer buffer = ByteBuffer.allocate(68);
        Runnable encode = () -> {
            buffer.clear();
            FastAbiEncoder.encodeTo(selector, args, buffer);
        };
        assertThat(allocatedBy(encode, 10_000)).isZero();

        buffer.clear();
        assertThat(FastAbiEncoder.encodeTo(selector, args, buffer)).isEqualTo(68);
        String web3j = FunctionEncoder.encode(new org.web3j.abi.datatypes.Function("transfer", List.of(
                new org.web3j.abi.datatypes.Address(TO.toHex()), new Uint256(1_000_000_000_000_000_000L)), List.of()));
        assertThat(Hex.encode(buffer.array())).isEqualTo(web3j);
    }

    @Test
    void encodeToOfNestedDynamicValuesIntoADirectLittleEndianBufferAllocatesNothing() {
        AbiValue[] args = {
            AbiValue.string("Hello, world!"),
            AbiValue.array(AbiType.array(AbiType.UINT256),
                    AbiValue.array(AbiType.UINT256, AbiValue.uint256(1), AbiValue.uint256(BigInteger.TWO.pow(255))),
                    AbiValue.array(AbiType.UINT256)),
            AbiValue.tuple(AbiValue.bool(true), AbiValue.bytes("dave".getBytes(StandardCharsets.US_ASCII)),
                    AbiValue.int256(-5)),
        };
        byte[] selector = {1, 2, 3, 4};
        ByteBuffer buffer = ByteBuffer.allocateDirect(4 + FastAbiEncoder.encodedSize(args)).order(ByteOrder.LITTLE_ENDIAN);
        Runnable encode = () -> {
            buffer.clear();
            FastAbiEncoder.encodeTo(selector, args, buffer);
        };
        assertThat(allocatedBy(encode, 10_000)).isZero();

        // the byte order of the buffer must not change the encoding
        buffer.clear();
        FastAbiEncoder.encodeTo(selector, args, buffer);
        byte[] written = new byte[buffer.position()];
        buffer.flip().get(written);
        assertThat(written).isEqualTo(FastAbiEncoder.encode(selector, args));
    }

    @Test
    void listOverloadAllocatesNothing() {
        List<AbiValue> args = List.of(AbiValue.address(TO), AbiValue.uint256(42));
        byte[] selector = AbiFunction.parse("transfer(address,uint256)").selector();
        ByteBuffer buffer = ByteBuffer.allocate(68);
        assertThat(allocatedBy(() -> {
            buffer.clear();
            FastAbiEncoder.encodeTo(selector, args, buffer);
        }, 10_000)).isZero();
    }

    @Test
    void encodeUint256AllocatesNothing() {
        ByteBuffer buffer = ByteBuffer.allocate(32);
        long[] value = {0};
        Runnable encode = () -> {
            buffer.clear();
            FastAbiEncoder.encodeUint256(value[0]++ & Long.MAX_VALUE, buffer);
        };
        assertThat(allocatedBy(encode, 10_000)).isZero();

        buffer.clear();
        FastAbiEncoder.encodeUint256(42L, buffer);
        assertThat(Hex.encode(buffer.array()))
                .isEqualTo("0x000000000000000000000000000000000000000000000000000000000000002a");
    }
}
