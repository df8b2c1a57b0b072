package sh.brane.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import sh.brane.core.abi.Abi;
import sh.brane.core.abi.AbiDecoder;
import sh.brane.core.abi.AbiType;
import sh.brane.core.abi.DecodedEvent;
import sh.brane.core.abi.RevertReason;
import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.tx.Eip1559Transaction;
import sh.brane.core.tx.SignedTransaction;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.devnet.Anvil;
import sh.brane.devnet.junit.WithAnvil;
import sh.brane.primitives.Hex;
import sh.brane.primitives.Keccak256;
import tools.jackson.databind.JsonNode;

/**
 * BraneTest.sol deployed by an engine-signed transaction; its views called with {@code eth_call} and
 * decoded by the ABI layer (from the committed JSON ABI); its event and its three kinds of revert decoded
 * from what Anvil returns.
 */
@WithAnvil
class BraneTestContractOnAnvilTest {
    private static final long GWEI = 1_000_000_000L;

    static Anvil anvil;
    static TestRpc rpc;
    static PrivateKey alice;
    static Abi abi;
    static String contract;

    private String snapshot;

    @BeforeAll
    static void deploy() throws IOException {
        rpc = new TestRpc(anvil.httpUrl());
        alice = PrivateKey.fromHex(anvil.account(0).privateKey());
        abi = Abi.fromJson(resource("/contracts/BraneTest.abi"));
        byte[] bytecode = Hex.decode(resource("/contracts/BraneTest.bin").strip());
        byte[] init = abi.constructor().orElseThrow().encodeDeploy(bytecode, BigInteger.valueOf(42));

        JsonNode receipt = send(Eip1559Transaction.builder().contractCreation().data(init).gasLimit(3_000_000));
        contract = receipt.get("contractAddress").asString();
        assertThat(rpc.call("eth_getCode", contract, "latest").asString()).hasSizeGreaterThan(100);
    }

    /** Each test starts from the freshly deployed state, whatever the order. */
    @BeforeEach
    void takeSnapshot() {
        snapshot = rpc.call("evm_snapshot").asString();
    }

    @AfterEach
    void revertToSnapshot() {
        assertThat(rpc.call("evm_revert", snapshot).asBoolean()).isTrue();
    }

    @Test
    void viewFunctionsDecode() {
        assertThat(call("getValue")).containsExactly(BigInteger.valueOf(42));
        assertThat(call("value")).containsExactly(BigInteger.valueOf(42));
        assertThat(call("getOwner")).containsExactly(alice.address());
        assertThat(call("getName")).containsExactly("Brane");
        assertThat(call("getItems")).containsExactly(
                List.of(BigInteger.ONE, BigInteger.TWO, BigInteger.valueOf(3)));
        assertThat(call("getInfo")).containsExactly(
                List.of(BigInteger.valueOf(42), alice.address(), "Brane", true));
    }

    @Test
    void stateChangingCallEmitsTheEventWithIndexedAndDataArgs() {
        byte[] data = abi.encodeCall("setValue", BigInteger.valueOf(777), "hello from brane");
        JsonNode receipt = send(Eip1559Transaction.builder().to(Address.of(contract)).data(data).gasLimit(200_000));

        JsonNode log = receipt.get("logs").get(0);
        assertThat(log.get("address").asString()).isEqualTo(contract);
        List<Hash> topics = new ArrayList<>();
        log.get("topics").forEach(t -> topics.add(Hash.of(t.asString())));
        assertThat(topics).hasSize(3);
        assertThat(topics.get(0).toBytes())
                .isEqualTo(Keccak256.hash(bytes("ValueChanged(address,uint256,uint256,string)")));

        DecodedEvent event = abi.decodeLog(topics, Hex.decode(log.get("data").asString()));
        assertThat(event.event().name()).isEqualTo("ValueChanged");
        assertThat(event.get("caller")).isEqualTo(alice.address());
        assertThat(event.get("oldValue")).isEqualTo(BigInteger.valueOf(42));
        assertThat(event.get("newValue")).isEqualTo(BigInteger.valueOf(777));
        assertThat(event.get("note")).isEqualTo("hello from brane");

        assertThat(call("getValue")).containsExactly(BigInteger.valueOf(777));
        assertThat(call("getItems")).containsExactly(
                List.of(BigInteger.ONE, BigInteger.TWO, BigInteger.valueOf(3), BigInteger.valueOf(777)));
    }

    @Test
    void requireRevertDecodesToItsReason() {
        byte[] revert = revertData("failRequire");
        assertThat(Arrays.copyOf(revert, 4)).isEqualTo(selector("Error(string)"));
        assertThat(abi.decodeRevert(revert)).isInstanceOfSatisfying(RevertReason.ErrorMessage.class,
                r -> assertThat(r.message()).isEqualTo("reason text"));
    }

    @Test
    void customErrorDecodesToItsArguments() {
        byte[] revert = revertData("failCustom", BigInteger.valueOf(7));
        assertThat(Arrays.copyOf(revert, 4)).isEqualTo(selector("Unauthorized(address,uint256)"));
        assertThat(abi.decodeRevert(revert)).isInstanceOfSatisfying(RevertReason.CustomError.class, r -> {
            assertThat(r.error().name()).isEqualTo("Unauthorized");
            assertThat(r.arguments()).containsExactly(alice.address(), BigInteger.valueOf(7));
        });
        // the same bytes, decoded by hand with the low-level decoder
        assertThat(AbiDecoder.decode(List.of(AbiType.ADDRESS, AbiType.UINT256),
                Arrays.copyOfRange(revert, 4, revert.length))).containsExactly(alice.address(), BigInteger.valueOf(7));
    }

    @Test
    void panicsDecodeToTheirCodes() {
        byte[] division = revertData("divide", BigInteger.ONE, BigInteger.ZERO);
        assertThat(Arrays.copyOf(division, 4)).isEqualTo(selector("Panic(uint256)"));
        assertThat(abi.decodeRevert(division)).isInstanceOfSatisfying(RevertReason.Panic.class,
                r -> assertThat(r.code()).isEqualTo(BigInteger.valueOf(0x12)));

        assertThat(abi.decodeRevert(revertData("failAssert"))).isInstanceOfSatisfying(RevertReason.Panic.class,
                r -> assertThat(r.code()).isEqualTo(BigInteger.ONE));
    }

    @Test
    void aRevertingTransactionIsMinedWithStatusZero() {
        byte[] data = abi.encodeCall("failRequire");
        JsonNode receipt = sendUnchecked(Eip1559Transaction.builder().to(Address.of(contract)).data(data)
                .gasLimit(100_000));
        assertThat(receipt.get("status").asString()).isEqualTo("0x0");
        assertThat(call("getValue")).containsExactly(BigInteger.valueOf(42));
    }

    // ---- helpers ----

    private static List<Object> call(String function, Object... args) {
        String data = Hex.encode(abi.function(function).encodeCall(args));
        String result = rpc.call("eth_call", TestRpc.callObject(alice.address().toHex(), contract, data), "latest")
                .asString();
        return abi.function(function).decodeReturn(Hex.decode(result));
    }

    private static byte[] revertData(String function, Object... args) {
        String data = Hex.encode(abi.function(function).encodeCall(args));
        try {
            rpc.call("eth_call", TestRpc.callObject(alice.address().toHex(), contract, data), "latest");
        } catch (TestRpc.RpcError e) {
            assertThat(e.data).as("revert data of %s", function).isNotNull();
            return Hex.decode(e.data);
        }
        throw new AssertionError(function + " did not revert");
    }

    private static JsonNode send(Eip1559Transaction.Builder builder) {
        JsonNode receipt = sendUnchecked(builder);
        assertThat(receipt.get("status").asString()).as("receipt %s", receipt).isEqualTo("0x1");
        return receipt;
    }

    private static JsonNode sendUnchecked(Eip1559Transaction.Builder builder) {
        long nonce = TestRpc.quantity(
                rpc.call("eth_getTransactionCount", alice.address().toHex(), "pending").asString());
        SignedTransaction signed = builder.chainId(anvil.chainId()).nonce(nonce)
                .maxPriorityFeePerGas(GWEI).maxFeePerGas(10 * GWEI).build().sign(alice);
        assertThat(signed.sender()).isEqualTo(alice.address());
        String hash = rpc.call("eth_sendRawTransaction", signed.toHex()).asString();
        assertThat(hash).isEqualTo(signed.hash().toHex());
        JsonNode receipt = rpc.receipt(hash);
        assertThat(receipt.get("from").asString()).isEqualTo(alice.address().toHex());
        return receipt;
    }

    private static byte[] selector(String signature) {
        return Arrays.copyOf(Keccak256.hash(bytes(signature)), 4);
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = BraneTestContractOnAnvilTest.class.getResourceAsStream(name)) {
            assertThat(in).as(name).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
