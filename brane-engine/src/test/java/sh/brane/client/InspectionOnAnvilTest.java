package sh.brane.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import sh.brane.core.abi.Abi;
import sh.brane.core.abi.RevertReason;
import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.tx.AccessListEntry;
import sh.brane.core.tx.Authorization;
import sh.brane.core.tx.Eip1559Transaction;
import sh.brane.core.tx.Eip2930Transaction;
import sh.brane.core.tx.Eip7702Transaction;
import sh.brane.core.tx.LegacyTransaction;
import sh.brane.core.tx.SignedTransaction;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.devnet.Anvil;
import sh.brane.devnet.junit.WithAnvil;
import sh.brane.primitives.Hex;
import sh.brane.primitives.Keccak256;
import sh.brane.rpc.HttpProvider;

/**
 * The complete records and the inspection calls (access lists, proofs, traces, simulation, block overrides) against a
 * real Anvil: what the node answers reads into the records, and a transaction read back re-encodes to its own hash.
 */
@WithAnvil
class InspectionOnAnvilTest {
    private static final BigInteger GWEI = BigInteger.valueOf(1_000_000_000L);

    static Anvil anvil;
    static HttpProvider provider;
    static BraneClient client;
    static SigningClient alice;
    static PrivateKey aliceKey;
    static Address bob;
    static Abi abi;
    static Contract contract;

    @BeforeAll
    static void open() throws IOException {
        provider = HttpProvider.create(anvil.httpUrl());
        client = new BraneClient(provider, Duration.ofMillis(50));
        aliceKey = PrivateKey.fromHex(anvil.account(0).privateKey());
        alice = new SigningClient(client, aliceKey);
        bob = Address.of(anvil.account(1).address());
        abi = Abi.fromJson(resource("/contracts/BraneTest.abi"));
        contract = Contract.deploy(alice, abi, Hex.decode(resource("/contracts/BraneTest.bin").strip()),
                BigInteger.valueOf(42));
    }

    @AfterAll
    static void close() {
        client.close();
        provider.close();
    }

    @Test
    void everyTypeReadBackFromTheNodeReEncodesToItsOwnBytes() {
        PrivateKey sponsor = PrivateKey.fromHex(anvil.account(3).privateKey());
        PrivateKey authority = PrivateKey.fromHex(anvil.account(4).privateKey());
        long chainId = anvil.chainId();
        List<SignedTransaction> sent = List.of(
                LegacyTransaction.builder().chainId(chainId).nonce(nonce(sponsor)).gasPrice(GWEI.multiply(
                        BigInteger.TEN)).gasLimit(21_000).to(bob).value(1).build().sign(sponsor),
                Eip2930Transaction.builder().chainId(chainId).nonce(nonce(sponsor) + 1).gasPrice(GWEI.multiply(
                        BigInteger.TEN)).gasLimit(40_000).to(contract.address()).data(abi.encodeCall("getValue"))
                        .accessList(List.of(AccessListEntry.of(contract.address(), Hash.ZERO))).build().sign(sponsor),
                Eip1559Transaction.builder().chainId(chainId).nonce(nonce(sponsor) + 2).maxFeePerGas(
                        GWEI.multiply(BigInteger.TEN)).maxPriorityFeePerGas(GWEI).gasLimit(21_000).to(bob).value(2)
                        .build().sign(sponsor),
                Eip7702Transaction.builder().chainId(chainId).nonce(nonce(sponsor) + 3).maxFeePerGas(
                        GWEI.multiply(BigInteger.TEN)).maxPriorityFeePerGas(GWEI).gasLimit(100_000)
                        .to(authority.address()).authorizationList(List.of(new Authorization(chainId,
                                Address.of("0x00000000000000000000000000000000000b2a7e"), nonce(authority))
                                .sign(authority))).build().sign(sponsor));
        for (SignedTransaction tx : sent) {
            Hash hash = client.sendRawTransaction(tx);
            Receipt receipt = client.waitForReceipt(hash, Duration.ofSeconds(10));
            assertThat(receipt.isSuccess()).as("type %d", tx.type().typeByte()).isTrue();
            assertThat(receipt.logsBloom()).isNotNull();
            TransactionInfo info = client.getTransactionByHash(hash).orElseThrow();
            SignedTransaction back = info.toSignedTransaction();
            assertThat(back.hash()).as("type %d", tx.type().typeByte()).isEqualTo(hash);
            assertThat(back.rawBytes()).isEqualTo(tx.rawBytes());
            assertThat(back.sender()).isEqualTo(sponsor.address());
            // the same transaction inside its full block reads to the same record (bar the timestamp some nodes add)
            TransactionInfo inBlock = client.getBlockByNumber(BlockTag.number(receipt.blockNumber()), true)
                    .orElseThrow().transactions().getFirst();
            assertThat(inBlock.toSignedTransaction()).isEqualTo(back);
        }
        Block block = client.getBlockByNumber(BlockTag.LATEST, false).orElseThrow();
        assertThat(block.header().logsBloom().length()).isEqualTo(256);
        assertThat(block.header().sha3Uncles()).isNotNull();
        assertThat(block.header().mixHash()).isNotNull();
        assertThat(block.header().withdrawalsRoot()).as("Anvil runs the latest fork").isNotNull();
        assertThat(block.withdrawals()).isEmpty();
        assertThat(block.size()).isPositive();
        assertThat(block.header().computedHash()).as("every header field Anvil sends, read right")
                .isEqualTo(block.hash());
    }

    @Test
    void aCallCarriesFeesNonceTypeAndInputAndRunsUnderBlockOverrides() {
        CallRequest getValue = CallRequest.to(contract.address(), abi.encodeCall("getValue"))
                .withFrom(alice.address()).withFees(GWEI.multiply(BigInteger.TEN), GWEI).withType(2)
                .withNonce(client.getTransactionCount(alice.address(), BlockTag.LATEST)).withChainId(anvil.chainId())
                .withAccessList(List.of(AccessListEntry.of(contract.address(), Hash.ZERO)));
        byte[] plain = client.call(CallRequest.to(contract.address(), abi.encodeCall("getValue")), BlockTag.LATEST);
        assertThat(client.call(getValue, BlockTag.LATEST)).isEqualTo(plain);
        // the call data reached the contract: without it the call would return nothing
        assertThat(plain).hasSize(32);
        assertThat(client.estimateGas(getValue)).isGreaterThan(21_000);
        assertThat(getValue.toJson()).containsEntry("input", getValue.toJson().get("data"))
                .containsEntry("type", "0x2").containsKeys("maxFeePerGas", "maxPriorityFeePerGas", "nonce",
                        "accessList");

        // code that returns block.timestamp, at an empty address, run as if in a block a long way ahead
        Address clock = Address.of("0x00000000000000000000000000000000000c1001");
        StateOverride code = StateOverride.builder().code(clock, Hex.decode("0x4260005260206000f3")).build();
        BlockOverride later = BlockOverride.builder().time(0x77777777L).build();
        assertThat(new BigInteger(1, client.call(CallRequest.to(clock, new byte[0]), BlockTag.LATEST, code, later,
                null))).isEqualTo(0x77777777L);
        assertThat(new BigInteger(1, client.async().call(CallRequest.to(clock, new byte[0]), BlockTag.LATEST, code,
                later, null).join())).isEqualTo(0x77777777L);
    }

    @Test
    void anAccessListNamesTheSlotsACallTouches() {
        CallRequest set = CallRequest.to(contract.address(), abi.encodeCall("setValue", BigInteger.TEN, "al"))
                .withFrom(alice.address());
        AccessListResult result = client.createAccessList(set, BlockTag.LATEST);
        assertThat(result.error()).isNull();
        assertThat(result.gasUsed()).isGreaterThan(21_000);
        assertThat(result.accessList()).anySatisfy(e -> {
            assertThat(e.address()).isEqualTo(contract.address());
            assertThat(e.storageKeys()).contains(Hash.ZERO);
        });
        assertThat(client.async().createAccessList(set, BlockTag.LATEST).join()).isEqualTo(result);
    }

    @Test
    void aProofCarriesTheAccountAndItsSlots() {
        AccountProof proof = client.getProof(contract.address(), List.of(Hash.ZERO), BlockTag.LATEST);
        assertThat(proof.address()).isEqualTo(contract.address());
        assertThat(proof.nonce()).isEqualTo(1); // EIP-161: a contract starts at nonce 1
        assertThat(proof.codeHash()).isEqualTo(Hash.wrap(Keccak256.hash(client.getCode(contract.address()))));
        assertThat(proof.accountProof()).isNotEmpty();
        assertThat(proof.storageProof()).singleElement().satisfies(s -> {
            assertThat(s.key()).isEqualTo(Hash.ZERO);
            assertThat(s.value()).isEqualTo(new BigInteger(1, client.getStorageAt(contract.address(),
                    BigInteger.ZERO, BlockTag.LATEST).toBytes()));
            assertThat(s.proof()).isNotEmpty();
        });
        assertThat(client.async().getProof(contract.address(), List.of(Hash.ZERO), BlockTag.LATEST).join())
                .isEqualTo(proof);
    }

    @Test
    void tracesReadIntoCallTreesAndAccountStates() {
        ContractReceipt set = contract.send("setValue", BigInteger.valueOf(7), "traced");
        Hash hash = set.receipt().transactionHash();
        CallFrame root = client.traceTransaction(hash, Tracer.callsWithLogs());
        assertThat(root.type()).isEqualTo("CALL");
        assertThat(root.from()).isEqualTo(alice.address());
        assertThat(root.to()).isEqualTo(contract.address());
        assertThat(root.failed()).isFalse();
        assertThat(root.gasUsed()).isPositive();
        assertThat(root.logs()).singleElement().satisfies(
                l -> assertThat(l.topics().getFirst()).isEqualTo(abi.event("ValueChanged").topic0()));
        assertThat(client.async().traceTransaction(hash, Tracer.calls()).join().logs()).isEmpty();

        CallFrame failed = client.traceCall(CallRequest.to(contract.address(),
                abi.encodeCall("failCustom", BigInteger.valueOf(9))).withFrom(alice.address()), BlockTag.LATEST,
                Tracer.calls());
        assertThat(failed.failed()).isTrue();
        assertThat(failed.revert(abi)).isInstanceOfSatisfying(RevertReason.CustomError.class,
                e -> assertThat(e.arguments()).containsExactly(alice.address(), BigInteger.valueOf(9)));

        Map<Address, AccountState> before = client.traceTransaction(hash, Tracer.prestate());
        assertThat(before).containsKeys(alice.address(), contract.address());
        assertThat(before.get(contract.address()).storage()).containsKey(Hash.ZERO);
        PrestateDiff diff = client.traceTransaction(hash, Tracer.prestateDiff());
        assertThat(diff.post().get(contract.address()).storage().get(Hash.ZERO))
                .isEqualTo(Hash.wrap(leftPad(BigInteger.valueOf(7))));
        assertThat(diff.post().get(alice.address()).nonce())
                .isEqualTo(diff.pre().get(alice.address()).nonce() + 1);
    }

    @Test
    void aSimulationRunsBlocksOfCallsOnTheStateTheyLeave() {
        CallRequest set = CallRequest.to(contract.address(), abi.encodeCall("setValue", BigInteger.valueOf(1234),
                "sim")).withFrom(alice.address());
        CallRequest get = CallRequest.to(contract.address(), abi.encodeCall("getValue")).withFrom(alice.address());
        CallRequest fail = CallRequest.to(contract.address(), abi.encodeCall("failCustom", BigInteger.TWO))
                .withFrom(alice.address());
        CallRequest pay = CallRequest.to(bob, new byte[0]).withFrom(alice.address()).withValue(BigInteger.TEN);
        Simulation simulation = Simulation.builder()
                .block(List.of(set, get))
                .block(List.of(get, fail, pay), null, BlockOverride.builder().time(0x7777777L).build())
                .traceTransfers(true).build();
        List<SimulatedBlock> blocks = client.simulate(simulation, BlockTag.LATEST);
        assertThat(blocks).hasSize(2);
        assertThat(blocks.get(0).calls()).hasSize(2);
        assertThat(blocks.get(0).calls().get(0).success()).isTrue();
        assertThat(blocks.get(0).calls().get(0).logs()).anySatisfy(
                l -> assertThat(l.topics().getFirst()).isEqualTo(abi.event("ValueChanged").topic0()));
        assertThat(new BigInteger(1, blocks.get(0).calls().get(1).returnData())).isEqualTo(1234);
        SimulatedBlock second = blocks.get(1);
        assertThat(second.block().header().timestamp()).isEqualTo(0x7777777L);
        assertThat(new BigInteger(1, second.calls().get(0).returnData())).as("the first block's state")
                .isEqualTo(1234);
        SimulatedCall failed = second.calls().get(1);
        assertThat(failed.success()).isFalse();
        assertThat(failed.errorMessage()).isNotNull();
        assertThat(failed.revert(abi)).isInstanceOfSatisfying(RevertReason.CustomError.class,
                e -> assertThat(e.arguments()).containsExactly(alice.address(), BigInteger.TWO));
        assertThat(second.calls().get(2).logs()).as("traceTransfers: the ETH transfer as an ERC-7528 log")
                .singleElement().satisfies(l -> assertThat(l.address())
                        .isEqualTo(Address.of("0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee")));
        // nothing was sent
        assertThat(new BigInteger(1, client.call(get, BlockTag.LATEST))).isNotEqualTo(1234);
        assertThat(client.async().simulate(simulation, BlockTag.LATEST).join()).hasSize(2);
    }

    @Test
    void aContractMethodIsSimulatedBeforeItIsSent() {
        BigInteger before = (BigInteger) contract.callSingle("getValue");
        ContractSimulation ok = contract.simulate("setValue", BigInteger.valueOf(555), "dry run");
        assertThat(ok.wouldSucceed()).isTrue();
        assertThat(ok.revert()).isInstanceOf(RevertReason.Empty.class);
        assertThat(ok.events()).singleElement().satisfies(e -> assertThat(e.toString()).contains("555"));
        ContractSimulation bad = contract.simulate("failCustom", BigInteger.valueOf(3));
        assertThat(bad.wouldSucceed()).isFalse();
        assertThat(bad.returned()).isEmpty();
        assertThat(bad.revert()).isInstanceOfSatisfying(RevertReason.CustomError.class,
                e -> assertThat(e.arguments()).containsExactly(alice.address(), BigInteger.valueOf(3)));
        assertThat(contract.callSingle("getValue")).as("nothing was sent").isEqualTo(before);
    }

    @Test
    void aSimulationReturnsItsTransactionsWholeWhenAsked() {
        CallRequest pay = CallRequest.to(bob, new byte[0]).withFrom(alice.address()).withValue(BigInteger.TEN);
        Simulation whole = Simulation.builder().block(List.of(pay)).returnFullTransactions(true).build();
        assertThat(whole.toJson()).containsEntry("returnFullTransactions", true);
        SimulatedBlock b = client.simulate(whole, BlockTag.LATEST).getFirst();
        assertThat(b.block().transactions()).singleElement().satisfies(t -> {
            assertThat(t.from()).isEqualTo(alice.address());
            assertThat(t.to()).isEqualTo(bob);
            assertThat(t.value()).isEqualTo(BigInteger.TEN);
            assertThat(t.hash()).isEqualTo(b.block().transactionHashes().getFirst());
        });
        assertThat(client.async().simulate(whole, BlockTag.LATEST).join().getFirst().block().transactions())
                .hasSize(1);
        SimulatedBlock hashes = client.simulate(Simulation.builder().block(List.of(pay)).build(), BlockTag.LATEST)
                .getFirst();
        assertThat(hashes.block().transactions()).isEmpty();
        assertThat(hashes.block().transactionHashes()).hasSize(1);
    }

    @Test
    void aTracedCallRunsUnderStateAndBlockOverrides() {
        // code that returns block.timestamp, at an empty address, traced as if in a block a long way ahead
        Address clock = Address.of("0x00000000000000000000000000000000000c1003");
        StateOverride code = StateOverride.builder().code(clock, Hex.decode("0x4260005260206000f3")).build();
        BlockOverride later = BlockOverride.builder().time(0x77777777L).build();
        CallRequest read = CallRequest.to(clock, new byte[0]).withFrom(alice.address());
        CallFrame traced = client.traceCall(read, BlockTag.LATEST, Tracer.calls(), code, later);
        assertThat(new BigInteger(1, traced.output())).isEqualTo(0x77777777L);
        assertThat(client.async().traceCall(read, BlockTag.LATEST, Tracer.calls(), code, later).join())
                .isEqualTo(traced);
        assertThat(client.traceCall(read, BlockTag.LATEST, Tracer.calls()).output()).as("no code without them")
                .isEmpty();
        // the state override alone
        CallFrame now = client.traceCall(read, BlockTag.LATEST, Tracer.calls(), code, null);
        assertThat(new BigInteger(1, now.output())).isNotEqualTo(0x77777777L).isPositive();
    }

    @Test
    void aStateOverrideReplacesAWholeStorage() {
        // slot 0 holds the value, slot 1 the owner: replaced whole, the owner reads as zero
        StateOverride replaced = StateOverride.builder().replaceStorage(contract.address(),
                Map.of(Hash.ZERO, Hash.wrap(leftPad(BigInteger.valueOf(0xab))))).build();
        CallRequest getValue = CallRequest.to(contract.address(), abi.encodeCall("getValue"));
        CallRequest getOwner = CallRequest.to(contract.address(), abi.encodeCall("getOwner"));
        assertThat(new BigInteger(1, client.call(getValue, BlockTag.LATEST, replaced, null))).isEqualTo(0xab);
        assertThat(new BigInteger(1, client.call(getOwner, BlockTag.LATEST, replaced, null))).isZero();
        assertThat(new BigInteger(1, client.call(getOwner, BlockTag.LATEST))).as("the real owner")
                .isEqualTo(new BigInteger(1, alice.address().toBytes()));
    }

    private static long nonce(PrivateKey key) {
        return client.getTransactionCount(key.address(), BlockTag.PENDING);
    }

    private static byte[] leftPad(BigInteger v) {
        byte[] raw = v.toByteArray();
        byte[] out = new byte[32];
        System.arraycopy(raw, 0, out, 32 - raw.length, raw.length);
        return out;
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = InspectionOnAnvilTest.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
