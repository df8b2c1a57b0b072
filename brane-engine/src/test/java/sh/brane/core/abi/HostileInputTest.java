package sh.brane.core.abi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import sh.brane.primitives.Hex;

/** Malformed data and bad arguments give typed exceptions with useful messages, never AIOOBE/NPE/OOM/hangs. */
class HostileInputTest {

    private static byte[] words(String... words) {
        return Hex.decode(String.join("", words));
    }

    private static String word(long v) {
        return String.format("%064x", v);
    }

    private static final String TOP_BIT = "8" + "0".repeat(63);

    private static void assertDecodeFails(String types, byte[] data, String... fragments) {
        AbiType.TupleType t = (AbiType.TupleType) AbiType.parse(types);
        assertThatThrownBy(() -> AbiDecoder.decode(t.components(), data))
                .isInstanceOf(AbiDecodingException.class)
                .isInstanceOf(sh.brane.primitives.InvalidEncodingException.class)
                .satisfies(e -> {
                    for (String f : fragments) {
                        assertThat(e.getMessage()).contains(f);
                    }
                });
    }

    @Test
    void truncatedData() {
        assertDecodeFails("(uint256)", new byte[31], "cannot decode", "uint256", "needs 32 bytes of head but only 31 remain");
        assertDecodeFails("(uint256,address)", new byte[40], "needs 64 bytes");
        assertDecodeFails("(string)", words(word(32), word(5)), "string at byte 32", "length 5 exceeds the 0 bytes that follow");
        assertDecodeFails("(string)", words(word(32)), "string at byte 32", "needs a 32-byte length word but only 0 bytes remain");
        assertDecodeFails("(uint256[])", words(word(32), word(3), word(1), word(2)), "uint256[] at byte 32", "length 3 (elements of 32 bytes) exceeds the 64 bytes");
        assertDecodeFails("((uint256,string))", words(word(32), word(7)), "(uint256,string) at byte 32", "needs 64 bytes");
        assertDecodeFails("(uint8)", new byte[0], "needs 32 bytes");
    }

    @Test
    void offsetsOutOfRange() {
        assertDecodeFails("(bytes)", words(word(0x1000), word(0)), "bytes at byte 0", "offset 4096 points to byte 4096",
                "64-byte data");
        assertDecodeFails("(bytes)", words(TOP_BIT, word(0)), "bytes at byte 0", "offset 0x8", "larger than");
        assertDecodeFails("(bytes)", words("0".repeat(56) + "ffffffff", word(0)), "larger than 2^31-1");
    }

    @Test
    void hugeLengthsAreRejectedBeforeAllocating() {
        assertDecodeFails("(uint256[])", words(word(32), TOP_BIT), "uint256[] at byte 32", "length 0x8");
        assertDecodeFails("(uint256[])", words(word(32), word(Integer.MAX_VALUE)), "length 2147483647 (elements of 32 bytes)",
                "exceeds the 0 bytes that follow");
        assertDecodeFails("(bytes)", words(word(32), word(Integer.MAX_VALUE), word(0)), "bytes at byte 32",
                "length 2147483647 exceeds the 32 bytes");
        // zero-size elements occupy no bytes, so only the value budget can stop them
        assertDecodeFails("(()[])", words(word(32), word(Integer.MAX_VALUE)), "more values than");
        assertDecodeFails("(uint8[0][])", words(word(32), word(1_000_000_000)), "more values than");
    }

    @Test
    void offsetsPointingAtSharedDataCannotMultiplyTheWork() {
        // uint256[][] of 1,000 elements whose offsets all point at the same 1,000-element array
        int n = 1000;
        StringBuilder hex = new StringBuilder(word(32)).append(word(n));
        for (int i = 0; i < n; i++) {
            hex.append(word(32L * n));
        }
        hex.append(word(n));
        for (int i = 0; i < n; i++) {
            hex.append(word(i));
        }
        assertDecodeFails("(uint256[][])", Hex.decode(hex), "more values than", "shared data");
    }

    /**
     * Issue 11 item 1: a 128 KB {@code (bytes[])} or {@code (string[])} whose element offsets all point at
     * one 96 KB blob used to decode to ~100 MB. Aliased offsets stay legal, but every copy is charged against
     * {@link AbiDecoder#maxOutputBytes}, so the decode stops after a few copies with the bound in its message.
     */
    @Test
    void aliasedDynamicElementsAreChargedPerCopy() {
        for (String type : List.of("(bytes[])", "(string[])")) {
            byte[] attack = aliasedBlob(1024, 96 * 1024);
            assertThat(attack.length).isBetween(128 * 1024, 130 * 1024);
            assertDecodeFails(type, attack, "more values than", "shared data",
                    "4 x input + 32768 = " + (4L * attack.length + 32768) + " bytes");
        }
        // the same layout with two elements stays within the bound and decodes: aliasing itself is legal
        byte[] small = aliasedBlob(2, 100);
        List<Object> out = AbiDecoder.decode(List.of(AbiType.parse("bytes[]")), small);
        assertThat((List<?>) out.get(0)).hasSize(2);
    }

    /** {@code (bytes[])} of {@code n} elements whose offsets all point at one {@code blob}-byte value. */
    private static byte[] aliasedBlob(int n, int blob) {
        ByteBuffer b = ByteBuffer.allocate(64 + 32 * n + 32 + ((blob + 31) / 32) * 32);
        b.put(Hex.decode(word(32))).put(Hex.decode(word(n)));
        for (int i = 0; i < n; i++) {
            b.put(Hex.decode(word(32L * n))); // relative to the first element's head
        }
        b.put(Hex.decode(word(blob)));
        while (b.hasRemaining()) {
            b.put((byte) 'a');
        }
        return b.array();
    }

    @Test
    void dirtyPaddingIsRejected() {
        assertDecodeFails("(uint8)", words(word(256)), "uint8 at byte 0", "does not fit in 8 bits");
        assertDecodeFails("(int8)", words(word(128)), "int8", "sign-extended");
        assertDecodeFails("(bool)", words(word(2)), "bool", "0 or 1");
        assertDecodeFails("(address)", words("01" + "0".repeat(62)), "address", "upper 12 bytes");
        assertDecodeFails("(bytes3)", words("616263" + "0".repeat(56) + "01"), "bytes3", "zero padding");
        assertThat(AbiDecoder.decode(List.of(AbiType.intN(8)), words("f".repeat(62) + "80")))
                .containsExactly(BigInteger.valueOf(-128));
    }

    @Test
    void randomCorruptionOnlyEverGivesTypedErrors() {
        RandomAbi r = new RandomAbi(0xBAD);
        Random random = r.random();
        int rejected = 0;
        for (int c = 0; c < 2000; c++) {
            List<AbiType> types = new ArrayList<>();
            List<Object> values = new ArrayList<>();
            for (int i = 1 + random.nextInt(3); i > 0; i--) {
                AbiType t = r.any(3);
                types.add(t);
                values.add(r.value(t));
            }
            AbiValue[] abiValues = new AbiValue[types.size()];
            for (int i = 0; i < abiValues.length; i++) {
                abiValues[i] = AbiValue.of(types.get(i), values.get(i));
            }
            byte[] data = FastAbiEncoder.encode(null, abiValues);
            byte[] bad = corrupt(data, random);
            try {
                AbiDecoder.decode(types, bad);
            } catch (AbiDecodingException expected) {
                rejected++;
                assertThat(expected.getMessage()).startsWith("cannot decode ").contains(" at byte ");
            } catch (RuntimeException | Error other) {
                throw new AssertionError("case " + c + " types " + types + " data " + Hex.encode(bad) + " threw " + other,
                        other);
            }
        }
        assertThat(rejected).isGreaterThan(500);
    }

    private static byte[] corrupt(byte[] data, Random random) {
        switch (random.nextInt(4)) {
            case 0 -> {
                return java.util.Arrays.copyOf(data, data.length == 0 ? 0 : random.nextInt(data.length));
            }
            case 1 -> {
                byte[] out = data.clone();
                if (out.length > 0) {
                    out[random.nextInt(out.length)] ^= (byte) (1 << random.nextInt(8));
                }
                return out;
            }
            case 2 -> {
                byte[] out = data.clone();
                if (out.length >= 32) {
                    int w = random.nextInt(out.length / 32) * 32;
                    byte[] huge = random.nextBoolean() ? Hex.decode(TOP_BIT) : Hex.decode(word(random.nextInt(1 << 20)));
                    System.arraycopy(huge, 0, out, w, 32);
                }
                return out;
            }
            default -> {
                byte[] out = new byte[random.nextInt(200)];
                random.nextBytes(out);
                return out;
            }
        }
    }

    @Test
    void wrongArgumentsAreClearEncodingErrors() {
        AbiFunction f = AbiFunction.parse("f(uint8,uint256,bytes3,int8,address,bool,string,uint16[2],(uint8,bytes))");
        Object[] good = {1, 2L, new byte[3], -1, AbiJsonTest.ALICE, true, "s", List.of(1, 2), List.of(1, new byte[0])};
        assertThat(f.encodeCall(good)).hasSize(4 + FastAbiEncoder.encodedSize(f.toValues(good)));
        assertArgFails(f, good, 0, 256, "argument 0 (uint8): 256 is out of range (allowed: 0 to 2^8-1)");
        assertArgFails(f, good, 1, -1L, "argument 1 (uint256): -1 is out of range");
        assertArgFails(f, good, 1, BigInteger.TWO.pow(256), "out of range");
        assertArgFails(f, good, 2, new byte[4], "argument 2 (bytes3): expected exactly 3 bytes, got 4");
        assertArgFails(f, good, 3, 128, "argument 3 (int8): 128 is out of range (allowed: -2^7 to 2^7-1)");
        assertArgFails(f, good, 4, "0x1234", "argument 4 (address)", "40 hex digits");
        assertArgFails(f, good, 5, 1, "argument 5 (bool): expected a Boolean, got Integer");
        assertArgFails(f, good, 6, null, "argument 6 (string): the value is null");
        assertArgFails(f, good, 7, List.of(1, 2, 3), "argument 7 (uint16[2]): expected exactly 2 elements, got 3");
        assertArgFails(f, good, 7, List.of(1, 70000), "argument 7[1] (uint16): 70000 is out of range");
        assertArgFails(f, good, 8, List.of(1), "argument 8 ((uint8,bytes)): expected 2 components, got 1");
        assertArgFails(f, good, 8, List.of(1, "x"), "argument 8.1 (bytes): expected a byte[], got String");
        assertThatThrownBy(() -> f.encodeCall(1, 2)).isInstanceOf(AbiEncodingException.class)
                .hasMessageContaining("takes 9 arguments, got 2");
        assertThatThrownBy(() -> AbiValue.uintN(8, 256)).isInstanceOf(AbiEncodingException.class)
                .hasMessageContaining("uint8 cannot hold 256");
        assertThatThrownBy(() -> AbiValue.bytesN(3, new byte[4])).hasMessageContaining("bytes3 needs exactly 3 bytes, got 4");
        assertThatThrownBy(() -> AbiValue.array(AbiType.UINT8, AbiValue.uint256(1)))
                .hasMessageContaining("element 0 has type uint256, expected uint8");
        assertThatThrownBy(() -> FastAbiEncoder.encodeUint256(-1, ByteBuffer.allocate(32)))
                .isInstanceOf(AbiEncodingException.class).hasMessageContaining("negative");
        ByteBuffer small = ByteBuffer.allocate(40);
        assertThatThrownBy(() -> FastAbiEncoder.encodeTo(new byte[4], new AbiValue[] {AbiValue.uint256(1), AbiValue.uint256(2)}, small))
                .isInstanceOf(AbiEncodingException.class).hasMessageContaining("40 bytes remaining but the encoding needs 68");
        assertThat(small.position()).isZero();
        assertThatThrownBy(() -> f.encodeCallTo(ByteBuffer.allocate(1000), AbiValue.uint256(1)))
                .hasMessageContaining("takes 9 arguments, got 1");
    }

    private static void assertArgFails(AbiFunction f, Object[] good, int index, Object bad, String... fragments) {
        Object[] args = good.clone();
        args[index] = bad;
        assertThatThrownBy(() -> f.encodeCall(args))
                .isInstanceOf(AbiEncodingException.class)
                .satisfies(e -> {
                    for (String frag : fragments) {
                        assertThat(e.getMessage()).contains(frag);
                    }
                });
    }
}
