package sh.brane.readme;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.List;

import org.junit.jupiter.api.Test;

import sh.brane.core.abi.Abi;
import sh.brane.core.abi.AbiFunction;
import sh.brane.core.abi.AbiValue;
import sh.brane.core.abi.DecodedEvent;
import sh.brane.core.abi.FastAbiEncoder;
import sh.brane.core.abi.RevertReason;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.primitives.Hex;

/** The code of the section "Contract ABI" in docs/engine.md, kept compiling and true. */
class AbiReadmeExamplesTest {

    static final String ERC20_JSON = """
            [
              {"type":"function","name":"transfer","stateMutability":"nonpayable",
               "inputs":[{"name":"to","type":"address"},{"name":"value","type":"uint256"}],
               "outputs":[{"name":"","type":"bool"}]},
              {"type":"function","name":"balanceOf","stateMutability":"view",
               "inputs":[{"name":"owner","type":"address"}],
               "outputs":[{"name":"","type":"uint256"}]},
              {"type":"event","name":"Transfer","anonymous":false,
               "inputs":[{"name":"from","type":"address","indexed":true},
                         {"name":"to","type":"address","indexed":true},
                         {"name":"value","type":"uint256","indexed":false}]},
              {"type":"error","name":"InsufficientBalance",
               "inputs":[{"name":"available","type":"uint256"},{"name":"required","type":"uint256"}]}
            ]""";

    @Test
    void callEncodingAndResultDecoding() {
        // --- README: call encoding and result decoding ---
        Abi erc20 = Abi.fromJson(ERC20_JSON);   // solc output or a Hardhat/Foundry artifact
        Address to = Address.of("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed");

        byte[] calldata = erc20.function("transfer").encodeCall(to, new BigInteger("1000000000000000000"));
        // 0xa9059cbb 0000…5aaeb6053f3e94c9b9a09f33669435e7ef1beaed 0000…0de0b6b3a7640000

        byte[] returnData = Hex.decode("0x00000000000000000000000000000000000000000000000000000000000003e8");
        BigInteger balance = (BigInteger) erc20.function("balanceOf").decodeReturn(returnData).get(0);
        // --- end ---

        assertThat(Hex.encode(calldata)).isEqualTo("0xa9059cbb"
                + "0000000000000000000000005aaeb6053f3e94c9b9a09f33669435e7ef1beaed"
                + "0000000000000000000000000000000000000000000000000de0b6b3a7640000");
        assertThat(balance).isEqualTo(BigInteger.valueOf(1000));
    }

    @Test
    void zeroAllocationEncoding() {
        // --- README: zero-allocation encoding ---
        AbiFunction transfer = AbiFunction.parse("transfer(address,uint256)");
        byte[] selector = transfer.selector();                         // computed once
        AbiValue to = AbiValue.address(Address.of("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"));
        ByteBuffer buffer = ByteBuffer.allocate(68);                    // 4 + 2 * 32, reused

        buffer.clear();
        FastAbiEncoder.encodeTo(selector, new AbiValue[] {to, AbiValue.uint256(42L)}, buffer);

        ByteBuffer word = ByteBuffer.allocate(32);
        FastAbiEncoder.encodeUint256(42L, word);                       // one uint256 word, 0 B/op
        // --- end ---

        assertThat(buffer.position()).isEqualTo(68);
        assertThat(buffer.array()).isEqualTo(transfer.encodeCall(to, 42L));
        assertThat(Hex.encode(word.array())).endsWith("2a");
    }

    @Test
    void eventsAndReverts() {
        Abi erc20 = Abi.fromJson(ERC20_JSON);
        List<Hash> topics = List.of(
                Hash.of("0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef"),
                Hash.of("0x0000000000000000000000005aaeb6053f3e94c9b9a09f33669435e7ef1beaed"),
                Hash.of("0x000000000000000000000000fb6916095ca1df60bb79ce92ce3ea74c37c5d359"));
        byte[] data = Hex.decode("0x00000000000000000000000000000000000000000000000000000000000f4240");
        byte[] revertData = erc20.error("InsufficientBalance").encode(5L, 10L);

        // --- README: events and reverts ---
        DecodedEvent transfer = erc20.decodeLog(topics, data);          // found by topic 0
        Address from = (Address) transfer.get("from");
        BigInteger value = (BigInteger) transfer.get("value");

        String why = switch (erc20.decodeRevert(revertData)) {
            case RevertReason.ErrorMessage m -> "require failed: " + m.message();
            case RevertReason.Panic p -> "panic: " + p.description();   // e.g. 0x11 overflow
            case RevertReason.CustomError e -> e.error().name() + " " + e.arguments();
            case RevertReason.Unknown u -> "unknown error " + u.selectorHex();
            case RevertReason.Empty e -> "reverted without a reason";
        };
        // --- end ---

        assertThat(from).isEqualTo(Address.of("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"));
        assertThat(value).isEqualTo(BigInteger.valueOf(1_000_000));
        assertThat(why).isEqualTo("InsufficientBalance [5, 10]");
    }
}
