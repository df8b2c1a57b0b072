package sh.brane.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import sh.brane.core.abi.Abi;
import sh.brane.core.abi.DecodedEvent;
import sh.brane.core.abi.RevertReason;
import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.tx.AccessListEntry;
import sh.brane.core.tx.Authorization;
import sh.brane.core.tx.LegacyTransaction;
import sh.brane.core.tx.SignedTransaction;
import sh.brane.core.tx.TransactionType;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.devnet.Anvil;
import sh.brane.devnet.junit.WithAnvil;
import sh.brane.primitives.Hex;
import sh.brane.rpc.BraneProvider;
import sh.brane.rpc.RpcErrorException;

/**
 * Every client method against a real Anvil node; one subclass per transport, one node per subclass. Tests do not
 * depend on each other's state: those that need contract state deploy their own BraneTest.
 */
@WithAnvil
abstract class ClientOnAnvilTestBase {
    static final BigInteger GWEI = BigInteger.valueOf(1_000_000_000L);

    static Anvil anvil;
    static BraneProvider provider;
    static BraneClient client;
    static SigningClient alice;
    static Address bob;
    static Abi abi;
    static byte[] bytecode;

    /** Opens the transport under test. */
    interface ProviderFactory {
        BraneProvider open(Anvil anvil);
    }

    static void setUp(ProviderFactory factory) throws IOException {
        provider = factory.open(anvil);
        client = new BraneClient(provider, Duration.ofMillis(50));
        alice = new SigningClient(client, key(0));
        bob = Address.of(anvil.account(1).address());
        abi = Abi.fromJson(resource("/contracts/BraneTest.abi"));
        bytecode = Hex.decode(resource("/contracts/BraneTest.bin").strip());
    }

    @AfterAll
    static void tearDown() {
        if (client != null) {
            client.close();
        }
        if (provider != null) {
            provider.close();
        }
    }

    // ------------------------------------------------------------------ reads

    @Test
    void chainIdAndBlockNumber() {
        assertThat(client.chainId()).isEqualTo(anvil.chainId());
        long before = client.blockNumber();
        alice.send(TxRequest.builder().to(bob).value(1).build());
        assertThat(client.blockNumber()).isEqualTo(before + 1); // Anvil mines one block per transaction
    }

    @Test
    void balanceAndNonceAtBlockTags() {
        Address fresh = randomAddress();
        Receipt receipt = alice.send(TxRequest.builder().to(fresh).value(1234).build());
        assertThat(client.getBalance(fresh)).isEqualTo(BigInteger.valueOf(1234));
        assertThat(client.getBalance(fresh, BlockTag.number(receipt.blockNumber()))).isEqualTo(1234);
        assertThat(client.getBalance(fresh, BlockTag.number(receipt.blockNumber() - 1))).isZero();

        long latest = client.getTransactionCount(alice.address(), BlockTag.LATEST);
        assertThat(client.getTransactionCount(alice.address(), BlockTag.PENDING)).isEqualTo(latest);
        assertThat(client.getTransactionCount(alice.address(), BlockTag.number(receipt.blockNumber() - 1)))
                .isLessThan(latest);
        assertThat(client.getTransactionCount(fresh, BlockTag.LATEST)).isZero();
    }

    @Test
    void codeAndStorage() {
        Contract c = deploy(42);
        byte[] code = client.getCode(c.address());
        assertThat(code.length).isGreaterThan(100);
        assertThat(bytecode).as("runtime code is the tail of the creation code")
                .containsSubsequence(code[0], code[1], code[2], code[3]);
        long deployedIn = deploymentBlock(c);
        assertThat(client.getCode(c.address(), BlockTag.number(deployedIn - 1))).isEmpty();
        // slot 0 holds `value`
        assertThat(client.getStorageAt(c.address(), BigInteger.ZERO, BlockTag.LATEST)).isEqualTo(word(42));
        c.send("setValue", BigInteger.valueOf(7), "x");
        assertThat(client.getStorageAt(c.address(), BigInteger.ZERO, BlockTag.LATEST)).isEqualTo(word(7));
        assertThat(client.getStorageAt(c.address(), BigInteger.ZERO, BlockTag.number(deployedIn)))
                .isEqualTo(word(42));
    }

    @Test
    void ethCallAtBlockTagsAndWithStateOverrides() {
        Contract c = deploy(42);
        long deployedIn = deploymentBlock(c);
        c.send("setValue", BigInteger.valueOf(5), "x");
        byte[] getValue = abi.encodeCall("getValue");
        assertThat(client.call(CallRequest.to(c.address(), getValue), BlockTag.LATEST)).isEqualTo(word(5).toBytes());
        assertThat(client.call(CallRequest.to(c.address(), getValue), BlockTag.number(deployedIn)))
                .isEqualTo(word(42).toBytes());

        StateOverride storage = StateOverride.builder().storage(c.address(), Hash.ZERO, word(99)).build();
        assertThat(client.call(CallRequest.to(c.address(), getValue), BlockTag.LATEST, storage, null))
                .isEqualTo(word(99).toBytes());

        // an empty address pretending to hold BraneTest's code and a value of 77
        Address ghost = randomAddress();
        StateOverride code = StateOverride.builder().code(ghost, client.getCode(c.address()))
                .storage(ghost, Hash.ZERO, word(77)).balance(ghost, BigInteger.TEN).build();
        assertThat(client.call(CallRequest.to(ghost, getValue), BlockTag.LATEST, code, null))
                .isEqualTo(word(77).toBytes());
        assertThat(client.getCode(ghost)).isEmpty();
    }

    @Test
    void gasAndFees() {
        assertThat(client.estimateGas(CallRequest.to(bob, new byte[0]).withFrom(alice.address())
                .withValue(BigInteger.ONE))).isEqualTo(21_000);
        assertThat(client.gasPrice()).isPositive();
        assertThat(client.maxPriorityFeePerGas()).isPositive();

        alice.send(TxRequest.builder().to(bob).value(1).build());
        long latest = client.blockNumber();
        FeeHistory history = client.feeHistory(2, BlockTag.LATEST, 25, 75);
        assertThat(history.oldestBlock()).isEqualTo(latest - 1);
        assertThat(history.baseFeePerGas()).hasSize(3).allSatisfy(f -> assertThat(f).isPositive());
        assertThat(history.gasUsedRatio()).hasSize(2);
        assertThat(history.reward()).hasSize(2).allSatisfy(r -> assertThat(r).hasSize(2));
        assertThat(history.nextBaseFee()).isEqualTo(history.baseFeePerGas().get(2));
        assertThat(client.getBlockByNumber(BlockTag.number(latest), false).orElseThrow().header().baseFeePerGas())
                .isEqualTo(history.baseFeePerGas().get(1));
    }

    @Test
    void blocksByNumberAndHashWithAndWithoutTransactions() {
        Receipt receipt = alice.send(TxRequest.builder().to(bob).value(3).build());
        Block light = client.getBlockByNumber(BlockTag.number(receipt.blockNumber()), false).orElseThrow();
        assertThat(light.number()).isEqualTo(receipt.blockNumber());
        assertThat(light.hash()).isEqualTo(receipt.blockHash());
        assertThat(light.transactionHashes()).containsExactly(receipt.transactionHash());
        assertThat(light.transactions()).isEmpty();

        Block full = client.getBlockByHash(receipt.blockHash(), true).orElseThrow();
        assertThat(full.header()).isEqualTo(light.header());
        assertThat(full.transactions()).singleElement().satisfies(tx -> {
            assertThat(tx.hash()).isEqualTo(receipt.transactionHash());
            assertThat(tx.value()).isEqualTo(3);
        });
        Block parent = client.getBlockByHash(light.header().parentHash(), false).orElseThrow();
        assertThat(parent.number()).isEqualTo(light.number() - 1);
        assertThat(client.getBlockByNumber(BlockTag.LATEST, false)).isPresent();
        long latest = client.blockNumber();
        assertThat(client.getBlockByNumber(BlockTag.PENDING, true).orElseThrow().number()).isBetween(latest, latest + 1);
        assertThat(client.getBlockByNumber(BlockTag.EARLIEST, false).orElseThrow().number()).isZero();
        assertThat(client.getBlockByNumber(BlockTag.FINALIZED, false)).isPresent();

        assertThat(client.getBlockByNumber(BlockTag.number(receipt.blockNumber() + 1_000_000), false)).isEmpty();
        assertThat(client.getBlockByHash(Hash.wrap(new byte[32]), true)).isEmpty();
    }

    /**
     * The transaction as mined. Anvil stores a block (and its receipts) before it prunes the block's
     * transactions from its pool, and answers eth_getTransactionByHash from the pool first: for a moment
     * after the receipt exists, the transaction still reads as pending.
     */
    private TransactionInfo minedTransaction(Hash hash) {
        long deadline = System.nanoTime() + 5_000_000_000L;
        TransactionInfo tx = client.getTransactionByHash(hash).orElseThrow();
        while (tx.isPending() && System.nanoTime() < deadline) {
            java.util.concurrent.locks.LockSupport.parkNanos(10_000_000L);
            tx = client.getTransactionByHash(hash).orElseThrow();
        }
        return tx;
    }

    @Test
    void transactionsAndReceiptsByHash() {
        Receipt receipt = alice.send(TxRequest.builder().to(bob).value(9).data(new byte[] {1, 2}).build());
        TransactionInfo tx = minedTransaction(receipt.transactionHash());
        assertThat(tx.from()).isEqualTo(alice.address());
        assertThat(tx.to()).isEqualTo(bob);
        assertThat(tx.value()).isEqualTo(9);
        assertThat(tx.input()).containsExactly(1, 2);
        assertThat(tx.blockHash()).isEqualTo(receipt.blockHash());
        assertThat(tx.isPending()).isFalse();
        assertThat(tx.chainId()).isEqualTo(anvil.chainId());

        assertThat(client.getTransactionReceipt(receipt.transactionHash())).contains(receipt);
        Hash unknown = Hash.wrap(new SecureRandom().generateSeed(32));
        assertThat(client.getTransactionByHash(unknown)).isEmpty();
        assertThat(client.getTransactionReceipt(unknown)).isEmpty();
    }

    @Test
    void logsWithTopicWildcardsAndAlternatives() {
        Contract c = deploy(42);
        Receipt first = c.send("setValue", BigInteger.valueOf(10), "a").receipt(); // old 42
        c.send("setValue", BigInteger.valueOf(20), "b");                           // old 10
        c.send("setValue", BigInteger.valueOf(30), "c");                           // old 20
        Hash topic0 = abi.event("ValueChanged").topic0();

        LogFilter all = LogFilter.builder().address(c.address()).fromBlock(BlockTag.number(first.blockNumber()))
                .toBlock(BlockTag.LATEST).build();
        assertThat(client.getLogs(all)).hasSize(3);

        LogFilter oldIs42Or20 = LogFilter.builder().address(c.address()).fromBlock(BlockTag.EARLIEST)
                .topic(0, topic0).anyTopic(1).topicAnyOf(2, word(42), word(20)).build();
        List<Log> logs = client.getLogs(oldIs42Or20);
        assertThat(logs).extracting(l -> abi.decodeLog(l.topics(), l.data()).get("newValue"))
                .containsExactly(BigInteger.valueOf(10), BigInteger.valueOf(30));
        assertThat(logs.get(0).transactionHash()).isEqualTo(first.transactionHash());
        assertThat(logs.get(0)).isEqualTo(first.logs().get(0));

        LogFilter byBob = LogFilter.builder().address(c.address()).fromBlock(BlockTag.EARLIEST)
                .topic(1, Hash.fromBytes(leftPad(bob.toBytes()))).build();
        assertThat(client.getLogs(byBob)).isEmpty();
        LogFilter byAliceInOneBlock = LogFilter.builder().blockHash(first.blockHash())
                .topicAnyOf(1, Hash.fromBytes(leftPad(bob.toBytes())), Hash.fromBytes(leftPad(alice.address().toBytes())))
                .build();
        assertThat(client.getLogs(byAliceInOneBlock)).singleElement()
                .satisfies(l -> assertThat(l.blockNumber()).isEqualTo(first.blockNumber()));
    }

    @Test
    void rawTransactionSubmission() {
        PrivateKey carol = key(4);
        long nonce = client.getTransactionCount(carol.address(), BlockTag.PENDING);
        SignedTransaction signed = LegacyTransaction.builder().chainId(client.chainId()).nonce(nonce)
                .gasPrice(client.gasPrice()).gasLimit(21_000).to(bob).value(5).build().sign(carol);
        Hash hash = client.sendRawTransaction(signed);
        assertThat(hash).isEqualTo(signed.hash());
        Receipt receipt = client.waitForReceipt(hash, Duration.ofSeconds(30));
        assertThat(receipt.status()).isTrue();
        assertThat(receipt.from()).isEqualTo(carol.address());
        assertThat(receipt.type()).isZero();

        // the same bytes again: the node refuses (already known / nonce too low); the client never retries
        assertThatThrownBy(() -> client.sendRawTransaction(signed.rawBytes())).isInstanceOf(RpcErrorException.class);
    }

    // ------------------------------------------------------------------ sending

    @Test
    void sendsLegacyTransaction() {
        Receipt r = alice.send(TxRequest.builder().type(TransactionType.LEGACY).to(bob).value(11).build());
        assertSent(r, 0);
        TransactionInfo tx = client.getTransactionByHash(r.transactionHash()).orElseThrow();
        assertThat(tx.gasPrice()).isPositive();
        assertThat(tx.maxFeePerGas()).isNull();
        assertThat(tx.gas()).isEqualTo(21_000 + 21_000 * SigningClient.DEFAULT_GAS_MARGIN_PERCENT / 100);
    }

    @Test
    void sendsEip2930TransactionWithAccessList() {
        Receipt r = alice.send(TxRequest.builder().type(TransactionType.EIP2930).to(bob).value(12)
                .accessList(List.of(AccessListEntry.of(bob, Hash.ZERO))).build());
        assertSent(r, 1);
    }

    @Test
    void sendsEip1559TransactionWithFeesFromTheNode() {
        Receipt r = alice.send(TxRequest.builder().to(bob).value(13).build());
        assertSent(r, 2);
        TransactionInfo tx = client.getTransactionByHash(r.transactionHash()).orElseThrow();
        BigInteger base = client.getBlockByNumber(BlockTag.number(r.blockNumber() - 1), false).orElseThrow()
                .header().baseFeePerGas();
        assertThat(tx.maxPriorityFeePerGas()).isEqualTo(client.maxPriorityFeePerGas());
        assertThat(tx.maxFeePerGas()).isGreaterThanOrEqualTo(base.add(tx.maxPriorityFeePerGas()));
        assertThat(r.effectiveGasPrice()).isLessThanOrEqualTo(tx.maxFeePerGas());

        Receipt fixed = alice.send(TxRequest.builder().to(bob).value(1).gasLimit(30_000)
                .maxPriorityFeePerGas(GWEI).maxFeePerGas(GWEI.multiply(BigInteger.valueOf(50))).build());
        TransactionInfo fixedTx = client.getTransactionByHash(fixed.transactionHash()).orElseThrow();
        assertThat(fixedTx.gas()).isEqualTo(30_000);
        assertThat(fixedTx.maxFeePerGas()).isEqualTo(GWEI.multiply(BigInteger.valueOf(50)));
    }

    @Test
    void sendsEip7702DelegationWithAnEstimatedGasLimit() {
        PrivateKey authority = key(2);
        SigningClient sponsor = new SigningClient(client, key(3));
        Address delegate = Address.of("0x00000000000000000000000000000000000b2a7e");
        long authorityNonce = client.getTransactionCount(authority.address(), BlockTag.PENDING);
        var authorization = new Authorization(client.chainId(), delegate, authorityNonce).sign(authority);

        Receipt r = sponsor.send(TxRequest.builder().to(authority.address()).authorizations(List.of(authorization))
                .build());
        assertSent(r, 4);
        assertThat(r.from()).isEqualTo(sponsor.address());
        assertThat(Hex.encode(client.getCode(authority.address())))
                .isEqualTo("0xef0100" + delegate.toHex().substring(2));
    }

    @Test
    void deploysAContract() {
        Receipt r = alice.send(TxRequest.builder()
                .data(abi.constructor().orElseThrow().encodeDeploy(bytecode, BigInteger.ONE)).build());
        assertThat(r.status()).isTrue();
        assertThat(r.to()).isNull();
        assertThat(r.contractAddress()).isNotNull();
        assertThat(client.getCode(r.contractAddress())).isNotEmpty();
    }

    @Test
    void eightThreadsSendFromOneAccountWithoutNonceGapsOrDuplicates() throws Exception {
        int threads = 8;
        int perThread = 5;
        long start = client.getTransactionCount(alice.address(), BlockTag.PENDING);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        List<Future<List<Receipt>>> futures = new ArrayList<>();
        try {
            for (int t = 0; t < threads; t++) {
                futures.add(pool.submit(() -> {
                    List<Receipt> mine = new ArrayList<>();
                    for (int i = 0; i < perThread; i++) {
                        mine.add(alice.send(TxRequest.builder().to(bob).value(1).gasLimit(21_000).build()));
                    }
                    return mine;
                }));
            }
            Set<Long> nonces = new HashSet<>();
            for (Future<List<Receipt>> f : futures) {
                for (Receipt r : f.get()) {
                    assertThat(r.status()).isTrue();
                    assertThat(nonces.add(client.getTransactionByHash(r.transactionHash()).orElseThrow().nonce()))
                            .as("duplicate nonce").isTrue();
                }
            }
            Set<Long> expected = new HashSet<>();
            for (long n = start; n < start + threads * perThread; n++) {
                expected.add(n);
            }
            assertThat(nonces).isEqualTo(expected);
            assertThat(client.getTransactionCount(alice.address(), BlockTag.LATEST)).isEqualTo(start + 40);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aRejectedSubmissionResyncsTheNonce() {
        long before = client.getTransactionCount(alice.address(), BlockTag.PENDING);
        BigInteger tooMuch = client.getBalance(alice.address()).add(BigInteger.ONE);
        assertThatThrownBy(() -> alice.send(TxRequest.builder().to(bob).value(tooMuch).gasLimit(21_000).build()))
                .isInstanceOf(RpcErrorException.class);
        Receipt next = alice.send(TxRequest.builder().to(bob).value(1).build());
        assertThat(client.getTransactionByHash(next.transactionHash()).orElseThrow().nonce()).isEqualTo(before);
    }

    @Test
    void aStaleNonceFailsOnceThenTheManagerResyncsFromTheNode() {
        alice.send(TxRequest.builder().to(bob).value(1).build()); // the manager's counter is now seeded
        // another sender in the same account, outside this manager, uses the next nonce
        long taken = client.getTransactionCount(alice.address(), BlockTag.PENDING);
        SignedTransaction outside = LegacyTransaction.builder().chainId(client.chainId()).nonce(taken)
                .gasPrice(client.gasPrice()).gasLimit(21_000).to(bob).value(2).build().sign(key(0));
        client.waitForReceipt(client.sendRawTransaction(outside), Duration.ofSeconds(30));

        // the stale counter offers `taken` again: the node refuses it, and nothing is retried automatically
        assertThatThrownBy(() -> alice.send(TxRequest.builder().to(bob).value(3).gasLimit(21_000).build()))
                .isInstanceOf(RpcErrorException.class);
        assertThat(client.getTransactionCount(alice.address(), BlockTag.PENDING)).isEqualTo(taken + 1);
        // the failure dropped the counter: the next send reads the node's count and succeeds
        Receipt recovered = alice.send(TxRequest.builder().to(bob).value(4).build());
        assertThat(client.getTransactionByHash(recovered.transactionHash()).orElseThrow().nonce())
                .isEqualTo(taken + 1);
    }

    // ------------------------------------------------------------------ reverts

    @Test
    void aRevertingEstimateRaisesTheReasonAndSendsNothing() {
        Contract c = deploy(42);
        long nonce = client.getTransactionCount(alice.address(), BlockTag.PENDING);
        assertThatThrownBy(() -> c.send("failRequire")).isInstanceOfSatisfying(RevertException.class, e -> {
            assertThat(e.reason()).isInstanceOfSatisfying(RevertReason.ErrorMessage.class,
                    m -> assertThat(m.message()).isEqualTo("reason text"));
            assertThat(e.receipt()).isNull();
            assertThat(e.method()).isEqualTo("eth_estimateGas");
            assertThat(e.getMessage()).contains("reason text");
        });
        assertThat(client.getTransactionCount(alice.address(), BlockTag.PENDING)).isEqualTo(nonce);
    }

    @Test
    void aMinedRevertRaisesTheReasonFromTheReplay() {
        Contract c = deploy(42);
        TxRequest failing = TxRequest.builder().to(c.address()).data(abi.encodeCall("failCustom", BigInteger.TWO))
                .gasLimit(100_000).build();
        assertThatThrownBy(() -> alice.send(failing, abi)).isInstanceOfSatisfying(RevertException.class, e -> {
            assertThat(e.receipt()).isNotNull();
            assertThat(e.receipt().status()).isFalse();
            assertThat(e.transactionHash()).isEqualTo(e.receipt().transactionHash());
            assertThat(e.reason()).isInstanceOfSatisfying(RevertReason.CustomError.class, r -> {
                assertThat(r.error().name()).isEqualTo("Unauthorized");
                assertThat(r.arguments()).containsExactly(alice.address(), BigInteger.TWO);
            });
            assertThat(e.getMessage()).contains("Unauthorized").contains(e.transactionHash().toHex());
        });
        TxRequest failingRequire = TxRequest.builder().to(c.address()).data(abi.encodeCall("failRequire"))
                .gasLimit(100_000).build();
        assertThatThrownBy(() -> alice.send(failingRequire)).isInstanceOfSatisfying(RevertException.class,
                e -> assertThat(e.reason().toString()).isEqualTo("reverted: reason text"));
    }

    @Test
    void runningOutOfGasIsReportedFromTheReplayWithTheMinedGasLimit() {
        Contract c = deploy(42);
        TxRequest starved = TxRequest.builder().to(c.address())
                .data(abi.encodeCall("setValue", BigInteger.ONE, "x")).gasLimit(30_000).build();
        assertThatThrownBy(() -> alice.send(starved, abi)).isInstanceOfSatisfying(RevertException.class, e -> {
            assertThat(e.receipt().status()).isFalse();
            assertThat(e.receipt().gasUsed()).isEqualTo(30_000);
            assertThat(e.reason()).isInstanceOf(RevertReason.Empty.class);
            assertThat(e.getMessage()).contains("replaying it to learn why failed")
                    .contains("used its whole gas limit of 30000: probably out of gas");
        });
        assertThat(c.callSingle("getValue")).isEqualTo(BigInteger.valueOf(42));
    }

    @Test
    void revertingCallsDecodePanicsAndCustomErrors() {
        Contract c = deploy(42);
        assertThatThrownBy(() -> c.call("divide", BigInteger.ONE, BigInteger.ZERO))
                .isInstanceOfSatisfying(RevertException.class, e -> assertThat(e.reason())
                        .isInstanceOfSatisfying(RevertReason.Panic.class, p -> {
                            assertThat(p.code()).isEqualTo(0x12);
                            assertThat(p.description()).contains("division");
                        }));
        assertThatThrownBy(() -> c.call("failAssert")).isInstanceOfSatisfying(RevertException.class,
                e -> assertThat(((RevertReason.Panic) e.reason()).code()).isEqualTo(1));
        assertThatThrownBy(() -> c.call("failCustom", BigInteger.valueOf(7)))
                .isInstanceOfSatisfying(RevertException.class, e -> {
                    assertThat(e.method()).isEqualTo("eth_call");
                    assertThat(((RevertReason.CustomError) e.reason()).arguments())
                            .containsExactly(alice.address(), BigInteger.valueOf(7));
                });
        // without the ABI the custom error stays undecoded but keeps its data
        assertThatThrownBy(() -> client.call(CallRequest.to(c.address(), abi.encodeCall("failCustom", BigInteger.ONE)),
                BlockTag.LATEST)).isInstanceOfSatisfying(RevertException.class,
                        e -> assertThat(e.reason()).isInstanceOf(RevertReason.Unknown.class));
    }

    // ------------------------------------------------------------------ contracts

    @Test
    void contractDeployCallAndSendWithDecodedEvents() {
        Contract c = Contract.deploy(alice, abi, bytecode, BigInteger.valueOf(42));
        assertThat(c.callSingle("getValue")).isEqualTo(BigInteger.valueOf(42));
        assertThat(c.callSingle("getOwner")).isEqualTo(alice.address());
        assertThat(c.call("getInfo")).containsExactly(List.of(BigInteger.valueOf(42), alice.address(), "Brane", true));

        ContractReceipt sent = c.send("setValue", BigInteger.valueOf(777), "hello");
        assertThat(sent.receipt().status()).isTrue();
        DecodedEvent event = sent.events("ValueChanged").get(0);
        assertThat(sent.events()).hasSize(1);
        assertThat(event.get("caller")).isEqualTo(alice.address());
        assertThat(event.get("oldValue")).isEqualTo(BigInteger.valueOf(42));
        assertThat(event.get("newValue")).isEqualTo(BigInteger.valueOf(777));
        assertThat(event.get("note")).isEqualTo("hello");

        assertThat(c.callSingle("getValue")).isEqualTo(BigInteger.valueOf(777));
        assertThat(c.callAt(BlockTag.number(sent.receipt().blockNumber() - 1), "getValue"))
                .containsExactly(BigInteger.valueOf(42));
        assertThat(c.callSingle("getItems")).isEqualTo(
                List.of(BigInteger.ONE, BigInteger.TWO, BigInteger.valueOf(3), BigInteger.valueOf(777)));

        assertThat(c.callSingle("getValue()")).as("by full signature").isEqualTo(BigInteger.valueOf(777));
        assertThat(alice.toString()).doesNotContain(anvil.account(0).privateKey().substring(2));

        Contract readOnly = Contract.at(c.address(), abi, client);
        assertThat(readOnly.callSingle("getName")).isEqualTo("Brane");
        assertThatThrownBy(() -> readOnly.send("setValue", BigInteger.ONE, "x"))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("calls only");
    }

    // ------------------------------------------------------------------ helpers

    static Contract deploy(long initialValue) {
        return Contract.deploy(alice, abi, bytecode, BigInteger.valueOf(initialValue));
    }

    static long deploymentBlock(Contract c) {
        // the deployment is the contract creation whose receipt names this address; find its block by code presence
        long latest = client.blockNumber();
        for (long n = latest; n >= 0; n--) {
            if (client.getCode(c.address(), BlockTag.number(n)).length == 0) {
                return n + 1;
            }
        }
        throw new AssertionError("contract has code at genesis");
    }

    void assertSent(Receipt r, int type) {
        assertThat(r.status()).isTrue();
        assertThat(r.type()).isEqualTo(type);
        assertThat(client.getTransactionByHash(r.transactionHash()).orElseThrow().type()).isEqualTo(type);
    }

    static Hash word(long v) {
        return Hash.fromBytes(leftPad(BigInteger.valueOf(v).toByteArray()));
    }

    static byte[] leftPad(byte[] b) {
        byte[] out = new byte[32];
        int n = Math.min(b.length, 32);
        System.arraycopy(b, b.length - n, out, 32 - n, n);
        return out;
    }

    static PrivateKey key(int account) {
        return PrivateKey.fromHex(anvil.account(account).privateKey());
    }

    static Address randomAddress() {
        return Address.fromBytes(new SecureRandom().generateSeed(20));
    }

    static String resource(String name) throws IOException {
        try (InputStream in = ClientOnAnvilTestBase.class.getResourceAsStream(name)) {
            assertThat(in).as(name).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
