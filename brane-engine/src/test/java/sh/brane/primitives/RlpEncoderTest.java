package sh.brane.primitives;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.web3j.rlp.RlpEncoder;
import org.web3j.rlp.RlpType;

class RlpEncoderTest {

    @Test
    void encodesIntegersMinimally() {
        assertThat(Hex.encode(Rlp.encodeLong(0))).isEqualTo("0x80");
        assertThat(Hex.encode(Rlp.encodeLong(1))).isEqualTo("0x01");
        assertThat(Hex.encode(Rlp.encodeLong(0x7f))).isEqualTo("0x7f");
        assertThat(Hex.encode(Rlp.encodeLong(0x80))).isEqualTo("0x8180");
        assertThat(Hex.encode(Rlp.encodeLong(0x100))).isEqualTo("0x820100");
        assertThat(Hex.encode(Rlp.encodeLong(Long.MAX_VALUE))).isEqualTo("0x887fffffffffffffff");
        assertThat(Hex.encode(Rlp.encodeBigInteger(BigInteger.ZERO))).isEqualTo("0x80");
        assertThat(Hex.encode(Rlp.encodeBigInteger(BigInteger.TWO.pow(64).subtract(BigInteger.ONE))))
                .isEqualTo("0x88ffffffffffffffff");
        assertThat(Hex.encode(Rlp.encodeBigInteger(BigInteger.TWO.pow(255))))
                .isEqualTo("0xa08" + "0".repeat(63));
    }

    @Test
    void rejectsNegativeIntegers() {
        assertThatThrownBy(() -> Rlp.encodeLong(-1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unsigned; got -1");
        assertThatThrownBy(() -> Rlp.sizeOfLong(Long.MIN_VALUE)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Rlp.encodeBigInteger(BigInteger.TWO.pow(100).negate()))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Rlp.encodeBigInteger(BigInteger.valueOf(-5)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RlpWriter(new byte[10]).writeLong(-3)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> RlpString.ofLong(-1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> RlpString.ofBigInteger(BigInteger.ONE.negate())).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void encodesSlicesAndSingleBytes() {
        byte[] buf = Hex.decode("0x00017f80ff");
        assertThat(Hex.encode(Rlp.encodeBytes(buf, 0, 1))).isEqualTo("0x00");
        assertThat(Hex.encode(Rlp.encodeBytes(buf, 2, 1))).isEqualTo("0x7f");
        assertThat(Hex.encode(Rlp.encodeBytes(buf, 3, 1))).isEqualTo("0x8180");
        assertThat(Hex.encode(Rlp.encodeBytes(buf, 1, 3))).isEqualTo("0x83017f80");
        assertThat(Hex.encode(Rlp.encodeBytes(buf, 5, 0))).isEqualTo("0x80");
        assertThatThrownBy(() -> Rlp.encodeBytes(buf, 4, 2)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 54, 55, 56, 57, 255, 256, 1000, 65535, 65536, 70000, 16_777_216})
    void lengthBoundariesMatchWeb3j(int length) {
        byte[] data = new byte[length];
        for (int i = 0; i < length; i++) {
            data[i] = (byte) (i * 7 + 0x90);
        }
        byte[] ours = Rlp.encodeBytes(data);
        assertThat(ours).isEqualTo(RlpEncoder.encode(org.web3j.rlp.RlpString.create(data)));
        assertThat(Rlp.sizeOfBytes(data)).isEqualTo(ours.length);
        assertThat(Rlp.decode(ours).asBytes()).isEqualTo(data);

        // a list whose payload is exactly `length` bytes: `length` single-byte items
        if (length <= 70000) {
            List<byte[]> items = new ArrayList<>();
            List<RlpType> theirs = new ArrayList<>();
            for (int i = 0; i < length; i++) {
                items.add(new byte[] {(byte) (i & 0x7f)});
                theirs.add(org.web3j.rlp.RlpString.create(new byte[] {(byte) (i & 0x7f)}));
            }
            byte[] list = Rlp.encodeList(items);
            assertThat(list).isEqualTo(RlpEncoder.encode(new org.web3j.rlp.RlpList(theirs)));
            assertThat(Rlp.sizeOfList(length)).isEqualTo(list.length);
            assertThat(Rlp.decode(list).asList()).hasSize(length);
        }
    }

    @Test
    void twoPassWriterBuildsATransactionLikeList() {
        long nonce = 9;
        BigInteger gasPrice = BigInteger.valueOf(20_000_000_000L);
        long gas = 21_000;
        byte[] to = Hex.decode("0x3535353535353535353535353535353535353535");
        BigInteger value = new BigInteger("1000000000000000000");
        byte[] data = new byte[0];

        int payload = Rlp.sizeOfLong(nonce) + Rlp.sizeOfBigInteger(gasPrice) + Rlp.sizeOfLong(gas)
                + Rlp.sizeOfBytes(to) + Rlp.sizeOfBigInteger(value) + Rlp.sizeOfBytes(data)
                + Rlp.sizeOfLong(1) + Rlp.sizeOfLong(0) + Rlp.sizeOfLong(0);
        byte[] out = new byte[Rlp.sizeOfList(payload)];
        RlpWriter writer = new RlpWriter(out).writeListHeader(payload).writeLong(nonce).writeBigInteger(gasPrice)
                .writeLong(gas).writeBytes(to).writeBigInteger(value).writeBytes(data)
                .writeLong(1).writeLong(0).writeLong(0);

        assertThat(writer.position()).isEqualTo(out.length);
        // EIP-155 example signing payload
        assertThat(Hex.encode(out)).isEqualTo("0xec098504a817c800825208943535353535353535353535353535353535353535880de0"
                + "b6b3a764000080018080");
    }

    @Test
    void writerRefusesToRunPastItsBuffer() {
        RlpWriter writer = new RlpWriter(new byte[3]);
        assertThatThrownBy(() -> writer.writeBytes(new byte[] {1, 2, 3}))
                .isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessageContaining("needs 4 bytes at position 0 but the buffer has 3 left");
        assertThat(writer.position()).isZero();
        writer.writeLong(0x1234);
        assertThat(writer.position()).isEqualTo(3);
        assertThatThrownBy(() -> writer.writeLong(0)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> new RlpWriter(new byte[1], 2)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void writerAppendsPreEncodedItemsAndResets() {
        byte[] first = Rlp.encodeBytes("cat".getBytes());
        byte[] second = Rlp.encodeBytes("dog".getBytes());
        byte[] buf = new byte[12];
        RlpWriter writer = new RlpWriter(buf, 2).writeListHeader(8).writeEncoded(first).writeEncoded(second);
        assertThat(writer.position()).isEqualTo(11);
        assertThat(Rlp.decode(buf, 2, 9)).isEqualTo(RlpList.of(RlpString.of("cat".getBytes()),
                RlpString.of("dog".getBytes())));
        assertThat(Rlp.encodeList(first, second)).isEqualTo(java.util.Arrays.copyOfRange(buf, 2, 11));
        writer.reset(new byte[1], 0).writeLong(5);
        assertThat(writer.buffer()).containsExactly(5);
    }

    @Test
    void builtItemsCompareByContent() {
        assertThat(RlpString.ofLong(0)).isEqualTo(RlpString.EMPTY);
        assertThat(RlpString.ofBigInteger(BigInteger.valueOf(1024))).isEqualTo(RlpString.ofLong(1024))
                .hasSameHashCodeAs(RlpString.ofLong(1024));
        assertThat(RlpList.of(RlpString.ofLong(1))).isNotEqualTo(RlpString.ofLong(1));
        assertThat(RlpString.ofLong(0x0102).toString()).isEqualTo("0x0102");
        assertThat(RlpList.of(RlpString.ofLong(1), RlpList.EMPTY).toString()).isEqualTo("[0x01, []]");
    }
}
