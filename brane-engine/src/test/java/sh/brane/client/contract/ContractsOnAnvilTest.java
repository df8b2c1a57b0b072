package sh.brane.client.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import sh.brane.client.BlockTag;
import sh.brane.client.BraneClient;
import sh.brane.client.Contract;
import sh.brane.client.Receipt;
import sh.brane.client.SigningClient;
import sh.brane.core.abi.Abi;
import sh.brane.core.abi.RevertReason;
import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.devnet.Anvil;
import sh.brane.devnet.junit.WithAnvil;
import sh.brane.primitives.Hex;
import sh.brane.primitives.Keccak256;
import sh.brane.rpc.BraneProvider;
import sh.brane.rpc.HttpProvider;

/**
 * Contract interfaces against a real Anvil: BraneToken (ERC-20) and BraneTest deployed by the engine, Multicall3
 * installed from its published runtime bytecode with {@code anvil_setCode}.
 */
@WithAnvil
class ContractsOnAnvilTest {
    static final BigInteger SUPPLY = BigInteger.TEN.pow(24);
    /** Keccak-256 of the committed Multicall3 runtime bytecode (3808 bytes, solc 0.8.12 metadata). */
    static final String MULTICALL3_CODEHASH = "0xd5c15df687b16f2ff992fc8d767b4216323184a2bbc6ee2f9c398c318e770891";

    static Anvil anvil;
    static BraneProvider provider;
    static BraneClient client;
    static SigningClient alice;
    static SigningClient bob;
    static Address tokenAddress;
    static Address testAddress;
    static Abi tokenAbi;

    @BeforeAll
    static void deploy() throws IOException {
        provider = HttpProvider.create(anvil.httpUrl());
        client = new BraneClient(provider, Duration.ofMillis(50));
        alice = new SigningClient(client, PrivateKey.fromHex(anvil.account(0).privateKey()));
        bob = new SigningClient(client, PrivateKey.fromHex(anvil.account(1).privateKey()));
        tokenAbi = Abi.fromJson(resource("/contracts/BraneToken.abi.json"));
        tokenAddress = Contract.deploy(alice, tokenAbi, Hex.decode(resource("/contracts/BraneToken.bin").strip()),
                SUPPLY).address();
        Abi testAbi = Abi.fromJson(resource("/contracts/BraneTest.abi"));
        testAddress = Contract.deploy(alice, testAbi, Hex.decode(resource("/contracts/BraneTest.bin").strip()),
                BigInteger.valueOf(42)).address();
        String code = resource("/contracts/Multicall3.runtime.hex").strip();
        provider.send("anvil_setCode", List.of(Multicall3.ADDRESS.toHex(), "0x" + code));
    }

    @AfterAll
    static void close() {
        if (client != null) {
            client.close();
        }
        if (provider != null) {
            provider.close();
        }
    }

    @Test
    void multicall3IsThePublishedBytecode() {
        byte[] installed = client.getCode(Multicall3.ADDRESS);
        assertThat(installed).hasSize(3808);
        assertThat(Hex.encode(Keccak256.hash(installed))).isEqualTo(MULTICALL3_CODEHASH);
    }

    @Test
    void readsDecodeIntoTypedValues() {
        Erc20 token = BraneContracts.bind(Erc20.class, tokenAddress, client);
        // only alice sends tokens, only to account 2 (tests run in any order)
        assertThat(token.balanceOf(alice.address()).add(token.balanceOf(Address.of(anvil.account(2).address()))))
                .isEqualTo(SUPPLY);
        assertThat(token.decimals()).isEqualTo(18);
        assertThat(token.symbol()).isEqualTo("BET");
        assertThat(token.totalSupply()).isEqualTo(SUPPLY);
        assertThat(token.contractAddress()).isEqualTo(tokenAddress);
        assertThat(token.toString()).contains("Erc20").contains(tokenAddress.toString());

        BraneTestContract test = BraneContracts.bind(BraneTestContract.class, testAddress, client);
        assertThat(test.getValue()).isEqualTo(BigInteger.valueOf(42));
        assertThat(test.getInfo()).isEqualTo(new BraneTestContract.Info(BigInteger.valueOf(42), alice.address(),
                "Brane", true));
        assertThat(test.getItems()).containsExactly(BigInteger.ONE, BigInteger.TWO, BigInteger.valueOf(3));
        assertThat(test.getItemsAsArray()).containsExactly(BigInteger.ONE, BigInteger.TWO, BigInteger.valueOf(3));
    }

    @Test
    void transferSignsSendsAndItsLogDecodesIntoTheRecord() {
        Erc20 token = BraneContracts.bind(Erc20.class, tokenAddress, alice);
        Address carol = Address.of(anvil.account(2).address());
        BigInteger before = token.balanceOf(carol);

        Hash hash = token.transfer(carol, BigInteger.valueOf(1_000));
        Receipt receipt = client.waitForReceipt(hash, Duration.ofSeconds(30));
        assertThat(receipt.status()).isTrue();
        assertThat(token.decodeEvents(Erc20.Transfer.class, receipt))
                .containsExactly(new Erc20.Transfer(alice.address(), carol, BigInteger.valueOf(1_000)));

        Receipt second = token.transferAndWait(carol, BigInteger.valueOf(5));
        assertThat(token.balanceOf(carol)).isEqualTo(before.add(BigInteger.valueOf(1_005)));

        // the same event through eth_getLogs, and through the static decoder
        List<Erc20.Transfer> logged = token.events(Erc20.Transfer.class,
                BlockTag.number(receipt.blockNumber()), BlockTag.number(second.blockNumber()));
        assertThat(logged).containsExactly(new Erc20.Transfer(alice.address(), carol, BigInteger.valueOf(1_000)),
                new Erc20.Transfer(alice.address(), carol, BigInteger.valueOf(5)));
        assertThat(BraneContracts.decodeLog(Erc20.Transfer.class, tokenAbi.event("Transfer"), second.logs().get(0)))
                .isEqualTo(new Erc20.Transfer(alice.address(), carol, BigInteger.valueOf(5)));
    }

    @Test
    void aCustomErrorRevertCarriesItsRecord() {
        Erc20 fromBob = BraneContracts.bind(Erc20.class, tokenAddress, bob);
        BigInteger owned = fromBob.balanceOf(bob.address());
        BigInteger tooMuch = owned.add(BigInteger.ONE);
        assertThatThrownBy(() -> fromBob.transfer(alice.address(), tooMuch))
                .isInstanceOfSatisfying(ContractRevertException.class, e -> {
                    assertThat(e.error(Erc20.InsufficientBalance.class)).contains(
                            new Erc20.InsufficientBalance(bob.address(), owned, tooMuch));
                    assertThat(e.reason()).isInstanceOf(RevertReason.CustomError.class);
                    assertThat(e.getMessage()).contains("Erc20.transfer").contains("InsufficientBalance");
                });

        BraneTestContract test = BraneContracts.bind(BraneTestContract.class, testAddress, client);
        assertThatThrownBy(() -> test.failCustom(BigInteger.valueOf(7)))
                .isInstanceOfSatisfying(ContractRevertException.class, e -> assertThat(e.error())
                        .isEqualTo(new BraneTestContract.Unauthorized(Address.ZERO, BigInteger.valueOf(7))));
        // a panic has no record: the reason says what happened
        assertThatThrownBy(() -> test.divide(BigInteger.ONE, BigInteger.ZERO))
                .isInstanceOfSatisfying(ContractRevertException.class, e -> {
                    assertThat(e.error()).isNull();
                    assertThat(e.reason()).isInstanceOf(RevertReason.Panic.class);
                });
    }

    @Test
    void withoutASignerAStateChangingMethodPreparesTheCallOrSaysWhyItCannotSend() {
        Erc20 token = BraneContracts.binder(Erc20.class).bind(tokenAddress, client);
        assertThatThrownBy(() -> token.transfer(bob.address(), BigInteger.ONE))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("without a SigningClient")
                .hasMessageContaining("PreparedCall");
        PreparedCall call = token.prepareApprove(bob.address(), BigInteger.TEN);
        assertThat(call.to()).isEqualTo(tokenAddress);
        assertThat(call.value()).isZero();
        assertThat(call.data()).isEqualTo(tokenAbi.encodeCall("approve", bob.address(), BigInteger.TEN));
    }

    @Test
    void aPreparedCallIsSimulatedThroughTheInterfaceBeforeItIsSent() {
        Erc20 token = BraneContracts.bind(Erc20.class, tokenAddress, alice);
        BigInteger mine = token.balanceOf(alice.address());
        BigInteger theirs = token.balanceOf(bob.address());
        sh.brane.client.ContractSimulation ok = token.simulateCall(token.prepareTransfer(bob.address(), BigInteger.TEN));
        assertThat(ok.wouldSucceed()).isTrue();
        assertThat(ok.returned()).containsExactly(true);
        assertThat(ok.events()).singleElement().satisfies(e -> {
            assertThat(e.event().name()).isEqualTo("Transfer");
            assertThat(e.get("value")).isEqualTo(BigInteger.TEN);
        });
        BigInteger tooMuch = mine.add(BigInteger.ONE);
        sh.brane.client.ContractSimulation refused = token.simulateCall(token.prepareTransfer(bob.address(), tooMuch));
        assertThat(refused.wouldSucceed()).isFalse();
        assertThat(refused.returned()).isEmpty();
        assertThat(refused.revert()).isInstanceOfSatisfying(RevertReason.CustomError.class,
                e -> assertThat(e.arguments()).containsExactly(alice.address(), mine, tooMuch));
        assertThat(token.balanceOf(bob.address())).as("nothing was sent").isEqualTo(theirs);
        PreparedCall elsewhere = new PreparedCall(testAddress, token.prepareTransfer(bob.address(), BigInteger.ONE)
                .data(), BigInteger.ZERO);
        assertThatThrownBy(() -> token.simulateCall(elsewhere)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not to this contract");
    }

    @Test
    void aBatchKeepsEachCallsResultOrFailure() {
        Erc20 token = BraneContracts.bind(Erc20.class, tokenAddress, client);
        BraneTestContract test = BraneContracts.bind(BraneTestContract.class, testAddress, client);

        MulticallBatch batch = Multicall3.batch(client);
        CallResult<BigInteger> balance = batch.add(token, t -> t.balanceOf(alice.address()));
        CallResult<Integer> decimals = batch.add(token, Erc20::decimals);
        CallResult<Object> failing = batch.add(test, t -> {
            t.failCustom(BigInteger.valueOf(9));
            return null;
        });
        CallResult<BraneTestContract.Info> info = batch.add(test, BraneTestContract::getInfo);
        assertThat(balance.isDone()).isFalse();
        batch.execute();

        assertThat(balance.get()).isEqualTo(token.balanceOf(alice.address()));
        assertThat(decimals.get()).isEqualTo(18);
        assertThat(info.get().name()).isEqualTo("Brane");
        assertThat(failing.succeeded()).isFalse();
        // inside the aggregate the caller is Multicall3 itself
        assertThatThrownBy(failing::get).isInstanceOfSatisfying(ContractRevertException.class,
                e -> assertThat(e.error(BraneTestContract.Unauthorized.class)).contains(
                        new BraneTestContract.Unauthorized(Multicall3.ADDRESS, BigInteger.valueOf(9))));
    }

    @Test
    void concurrentReadsAreAggregatedIntoOneMulticall() throws Exception {
        int readers = 8;
        try (AutoBatchingCaller caller = Multicall3.autoBatching(client, Duration.ofSeconds(1), readers + 1)) {
            Erc20 token = BraneContracts.binder(Erc20.class).bind(tokenAddress, client, caller);
            BraneTestContract test = BraneContracts.binder(BraneTestContract.class).bind(testAddress, client, caller);
            CyclicBarrier start = new CyclicBarrier(readers + 1);
            ExecutorService pool = Executors.newFixedThreadPool(readers + 1);
            try {
                List<Future<BigInteger>> balances = new ArrayList<>();
                for (int i = 0; i < readers; i++) {
                    Address holder = Address.of(anvil.account(i).address());
                    balances.add(pool.submit(() -> {
                        start.await();
                        return token.balanceOf(holder);
                    }));
                }
                Future<?> failing = pool.submit(() -> {
                    start.await();
                    test.failCustom(BigInteger.valueOf(3));
                    return null;
                });
                for (int i = 0; i < readers; i++) {
                    Address holder = Address.of(anvil.account(i).address());
                    assertThat(balances.get(i).get()).isEqualTo(
                            BraneContracts.bind(Erc20.class, tokenAddress, client).balanceOf(holder));
                }
                assertThatThrownBy(failing::get).cause().isInstanceOfSatisfying(ContractRevertException.class,
                        e -> assertThat(e.error()).isEqualTo(
                                new BraneTestContract.Unauthorized(Multicall3.ADDRESS, BigInteger.valueOf(3))));
                assertThat(caller.aggregateCount()).isEqualTo(1);
            } finally {
                pool.shutdownNow();
            }
        }
    }

    /** The same contracts with reads that do not wait. */
    @ContractAbi(resource = "/contracts/BraneToken.abi.json")
    interface Erc20Async {
        CompletableFuture<BigInteger> balanceOf(Address holder);
    }

    @ContractAbi(resource = "/contracts/BraneTest.abi")
    interface BraneTestAsync {
        CompletableFuture<Void> failCustom(BigInteger code);

        record Unauthorized(Address caller, BigInteger code) {
        }
    }

    @Test
    void futureReadsMatchTheBlockingReadsDirectlyAndThroughOneMulticall() {
        Erc20 blocking = BraneContracts.bind(Erc20.class, tokenAddress, client);
        Erc20Async direct = BraneContracts.bind(Erc20Async.class, tokenAddress, client);
        List<CompletableFuture<BigInteger>> issued = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            issued.add(direct.balanceOf(Address.of(anvil.account(i).address())));
        }
        for (int i = 0; i < 10; i++) {
            assertThat(issued.get(i).join()).isEqualTo(blocking.balanceOf(Address.of(anvil.account(i).address())));
        }
        assertThatThrownBy(() -> BraneContracts.bind(BraneTestAsync.class, testAddress, client)
                .failCustom(BigInteger.valueOf(5)).join()).cause()
                .isInstanceOfSatisfying(ContractRevertException.class, e -> assertThat(e.error())
                        .isEqualTo(new BraneTestAsync.Unauthorized(Address.ZERO, BigInteger.valueOf(5))));

        // from one thread, no thread per read: the window gathers all of them into one aggregate3
        try (AutoBatchingCaller caller = Multicall3.autoBatching(client, Duration.ofMillis(200), 1000)) {
            Erc20Async batched = BraneContracts.binder(Erc20Async.class).bind(tokenAddress, client, caller);
            BraneTestAsync failing = BraneContracts.binder(BraneTestAsync.class).bind(testAddress, client, caller);
            List<CompletableFuture<BigInteger>> inWindow = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                inWindow.add(batched.balanceOf(Address.of(anvil.account(i).address())));
            }
            CompletableFuture<Void> reverts = failing.failCustom(BigInteger.valueOf(3));
            for (int i = 0; i < 10; i++) {
                assertThat(inWindow.get(i).join()).isEqualTo(issued.get(i).join());
            }
            assertThatThrownBy(reverts::join).cause().isInstanceOfSatisfying(ContractRevertException.class,
                    e -> assertThat(e.error()).isEqualTo(
                            new BraneTestAsync.Unauthorized(Multicall3.ADDRESS, BigInteger.valueOf(3))));
            assertThat(caller.aggregateCount()).isEqualTo(1);
        }
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = ContractsOnAnvilTest.class.getResourceAsStream(name)) {
            assertThat(in).as(name).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
