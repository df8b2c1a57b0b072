package sh.brane.core.abi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.web3j.abi.FunctionEncoder;
import org.web3j.abi.datatypes.Utf8String;
import org.web3j.abi.datatypes.generated.Uint256;
import org.web3j.abi.datatypes.generated.Uint32;

import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.primitives.Hex;
import sh.brane.primitives.Keccak256;

class EventAndRevertTest {

    private static final Abi ABI = AbiJsonTest.ABI;
    private static final Address ALICE = AbiJsonTest.ALICE;
    private static final Address BOB = AbiJsonTest.BOB;

    private static Hash topicOf(Address a) {
        byte[] word = new byte[32];
        a.copyTo(word, 12);
        return Hash.fromBytes(word);
    }

    private static Hash topicOf(long n) {
        return Hash.fromBytes(AbiValue.uint256(n).toWord());
    }

    @Test
    void decodesAnErc20TransferLog() {
        // a real-shaped log: topic0, from, to; the amount in the data
        List<Hash> topics = List.of(
                Hash.of("0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef"),
                topicOf(ALICE), topicOf(BOB));
        byte[] data = Hex.decode("0x00000000000000000000000000000000000000000000000000000000000f4240");

        DecodedEvent event = ABI.decodeLog(topics, data);
        assertThat(event.event().name()).isEqualTo("Transfer");
        assertThat(event.get("from")).isEqualTo(ALICE);
        assertThat(event.get("to")).isEqualTo(BOB);
        assertThat(event.get("value")).isEqualTo(BigInteger.valueOf(1_000_000));
        assertThat(event.values()).containsExactly(ALICE, BOB, BigInteger.valueOf(1_000_000));
    }

    @Test
    void indexedDynamicValuesComeBackAsTheirTopicHash() {
        AbiEvent named = ABI.event("Named");
        Hash labelHash = Hash.wrap(Keccak256.hash("gold".getBytes(StandardCharsets.UTF_8)));
        byte[] data = Hex.decode(FunctionEncoder.encodeConstructor(List.of(new Utf8String("a note"))));
        DecodedEvent event = named.decodeLog(List.of(named.topic0(), labelHash, topicOf(9)), data);
        assertThat(event.get("label")).isEqualTo(labelHash);
        assertThat(event.get("id")).isEqualTo(BigInteger.valueOf(9));
        assertThat(event.get("note")).isEqualTo("a note");
    }

    @Test
    void decodesAnonymousEventsWithoutTopicZero() {
        AbiEvent ping = ABI.event("Ping");
        byte[] data = Hex.decode(FunctionEncoder.encodeConstructor(List.of(new Uint32(77))));
        DecodedEvent event = ping.decodeLog(List.of(topicOf(ALICE)), data);
        assertThat(event.values()).containsExactly(ALICE, BigInteger.valueOf(77));
        assertThat(ABI.eventByTopic(ping.topic0())).isEmpty();
    }

    @Test
    void rejectsLogsThatDoNotMatchTheEvent() {
        AbiEvent transfer = ABI.event("Transfer");
        byte[] amount = AbiValue.uint256(1).toWord();
        assertThatThrownBy(() -> transfer.decodeLog(List.of(transfer.topic0(), topicOf(ALICE)), amount))
                .isInstanceOf(AbiDecodingException.class).hasMessageContaining("has 3 topics")
                .hasMessageContaining("the log has 2");
        assertThatThrownBy(() -> transfer.decodeLog(List.of(topicOf(1), topicOf(ALICE), topicOf(BOB)), amount))
                .isInstanceOf(AbiDecodingException.class).hasMessageContaining("is not the signature hash");
        assertThatThrownBy(() -> transfer.decodeLog(List.of(transfer.topic0(), topicOf(ALICE), topicOf(BOB)), new byte[5]))
                .isInstanceOf(AbiDecodingException.class).hasMessageContaining("uint256");
        Hash dirtyAddress = Hash.of("0x0000000000000000000000015aaeb6053f3e94c9b9a09f33669435e7ef1beaed");
        assertThatThrownBy(() -> transfer.decodeLog(List.of(transfer.topic0(), dirtyAddress, topicOf(BOB)), amount))
                .isInstanceOf(AbiDecodingException.class).hasMessageContaining("upper 12 bytes");
        assertThatThrownBy(() -> ABI.decodeLog(List.of(topicOf(5)), amount))
                .isInstanceOf(AbiDecodingException.class).hasMessageContaining("no event in this ABI");
    }

    @Test
    void buildsTopicsForFilters() {
        AbiEvent transfer = ABI.event("Transfer");
        assertThat(transfer.topicFor(1, BOB)).isEqualTo(topicOf(BOB));
        AbiEvent named = ABI.event("Named");
        assertThat(named.topicFor(0, "gold")).isEqualTo(Hash.wrap(Keccak256.hash("gold".getBytes(StandardCharsets.UTF_8))));
        assertThat(named.topicFor(1, 9L)).isEqualTo(topicOf(9));
        assertThatThrownBy(() -> transfer.topicFor(2, 5L)).hasMessageContaining("not indexed");
        assertThatThrownBy(() -> transfer.topicFor(0, 5L)).hasMessageContaining("(address)");
    }

    @Test
    void decodesErrorStringReverts() {
        byte[] data = Hex.decode("0x08c379a0" + FunctionEncoder.encodeConstructor(
                List.of(new Utf8String("ERC20: transfer amount exceeds balance"))));
        RevertReason reason = RevertDecoder.decode(data);
        assertThat(reason).isInstanceOf(RevertReason.ErrorMessage.class);
        assertThat(((RevertReason.ErrorMessage) reason).message()).isEqualTo("ERC20: transfer amount exceeds balance");
        assertThat(reason.toString()).isEqualTo("reverted: ERC20: transfer amount exceeds balance");
    }

    @Test
    void decodesEveryPanicCode() {
        Object[][] codes = {
            {0x00, "generic"}, {0x01, "assert"}, {0x11, "overflow"}, {0x12, "division or modulo by zero"},
            {0x21, "enum"}, {0x22, "storage byte array"}, {0x31, "pop"}, {0x32, "out of bounds"},
            {0x41, "out of memory"}, {0x51, "internal function type"}, {0x99, "unknown panic code"}};
        for (Object[] c : codes) {
            byte[] data = Hex.decode("0x4e487b71" + FunctionEncoder.encodeConstructor(List.of(new Uint256((Integer) c[0]))));
            RevertReason reason = RevertDecoder.decode(data);
            assertThat(reason).isInstanceOf(RevertReason.Panic.class);
            RevertReason.Panic panic = (RevertReason.Panic) reason;
            assertThat(panic.code()).isEqualTo(BigInteger.valueOf((Integer) c[0]));
            assertThat(panic.description()).contains((String) c[1]);
        }
    }

    @Test
    void decodesCustomErrorsFromTheAbi() {
        AbiError insufficient = ABI.error("InsufficientBalance");
        assertThat(insufficient.selectorHex()).isEqualTo(
                Hex.encode(java.util.Arrays.copyOf(Keccak256.hash("InsufficientBalance(uint256,uint256)"
                        .getBytes(StandardCharsets.US_ASCII)), 4)));
        byte[] data = Hex.decode(insufficient.selectorHex() + FunctionEncoder.encodeConstructor(
                List.of(new Uint256(5), new Uint256(10))));
        RevertReason reason = ABI.decodeRevert(data);
        assertThat(reason).isInstanceOf(RevertReason.CustomError.class);
        RevertReason.CustomError custom = (RevertReason.CustomError) reason;
        assertThat(custom.error().name()).isEqualTo("InsufficientBalance");
        assertThat(custom.arguments()).containsExactly(BigInteger.valueOf(5), BigInteger.TEN);
        assertThat(reason.toString()).isEqualTo("reverted with InsufficientBalance[5, 10]");

        assertThat(ABI.decodeRevert(ABI.error("Unauthorized").encode(ALICE)))
                .isInstanceOfSatisfying(RevertReason.CustomError.class,
                        e -> assertThat(e.arguments()).containsExactly(ALICE));
    }

    @Test
    void reportsUnknownAndEmptyRevertData() {
        byte[] data = Hex.decode("0xdeadbeef0000000000000000000000000000000000000000000000000000000000000001");
        RevertReason reason = RevertDecoder.decode(data);
        assertThat(reason).isInstanceOf(RevertReason.Unknown.class);
        assertThat(((RevertReason.Unknown) reason).selectorHex()).isEqualTo("0xdeadbeef");
        assertThat(reason.data()).isEqualTo(data);
        assertThat(reason.toString()).contains("unknown").contains("0xdeadbeef");
        // a custom error is unknown without the ABI that declares it
        assertThat(RevertDecoder.decode(ABI.error("Unauthorized").encode(ALICE))).isInstanceOf(RevertReason.Unknown.class);
        assertThat(RevertDecoder.decode(new byte[0])).isInstanceOf(RevertReason.Empty.class);
        assertThat(RevertDecoder.decode(null)).isInstanceOf(RevertReason.Empty.class);
        assertThat(RevertDecoder.decode(new byte[] {8, (byte) 0xc3})).isInstanceOf(RevertReason.Unknown.class);
    }

    @Test
    void malformedErrorPayloadsAreTypedErrors() {
        assertThatThrownBy(() -> RevertDecoder.decode(Hex.decode("0x08c379a0" + "00".repeat(31) + "20")))
                .isInstanceOf(AbiDecodingException.class).hasMessageContaining("string");
        assertThatThrownBy(() -> RevertDecoder.decode(Hex.decode("0x4e487b71" + "00".repeat(16))))
                .isInstanceOf(AbiDecodingException.class).hasMessageContaining("uint256");
    }
}
