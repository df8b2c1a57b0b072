package sh.brane.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.web3j.protocol.Web3j;
import org.web3j.protocol.core.DefaultBlockParameter;
import org.web3j.protocol.core.methods.request.EthFilter;
import org.web3j.protocol.core.methods.response.EthBlock;
import org.web3j.protocol.core.methods.response.EthLog;
import org.web3j.protocol.core.methods.response.TransactionReceipt;
import org.web3j.protocol.http.HttpService;
import sh.brane.core.abi.Abi;
import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.tx.AccessListEntry;
import sh.brane.core.tx.TransactionType;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.devnet.Anvil;
import sh.brane.devnet.junit.WithAnvil;
import sh.brane.primitives.Hex;
import sh.brane.rpc.HttpProvider;

/**
 * The one-pass typed answers read exactly what web3j reads from the same node: a real Anvil block holding
 * legacy, EIP-2930 and EIP-1559 transfers, a contract deployment and event-emitting calls, read through
 * {@link BraneClient} (blocking and async, streaming over HTTP) and through web3j's typed calls, field by field.
 */
@WithAnvil
class TypedAnswersDifferentialTest {
    static Anvil anvil;
    static HttpProvider provider;
    static BraneClient client;
    static Web3j web3j;
    static long blockNumber;
    static final List<Hash> submitted = new ArrayList<>();

    @BeforeAll
    static void fillOneBlock() throws IOException {
        provider = HttpProvider.create(anvil.httpUrl());
        client = new BraneClient(provider, Duration.ofMillis(50));
        web3j = Web3j.build(new HttpService(anvil.httpUrl()));
        SigningClient alice = new SigningClient(client, PrivateKey.fromHex(anvil.account(0).privateKey()));
        Address bob = Address.of(anvil.account(1).address());
        Abi abi = Abi.fromJson(resource("/contracts/BraneTest.abi"));
        byte[] bytecode = Hex.decode(resource("/contracts/BraneTest.bin").strip());
        Contract c = Contract.deploy(alice, abi, bytecode, BigInteger.valueOf(7));

        // many transactions of every kind in one block: mining stops, they queue, one block takes them all
        provider.send("evm_setAutomine", List.of(false));
        try {
            submitted.add(alice.submit(TxRequest.builder().type(TransactionType.LEGACY).to(bob).value(11)
                    .gasLimit(21_000).build()));
            submitted.add(alice.submit(TxRequest.builder().type(TransactionType.EIP2930).to(bob).value(12)
                    .accessList(List.of(new AccessListEntry(bob, List.of(Hash.ZERO)))).gasLimit(30_000).build()));
            for (int i = 0; i < 6; i++) {
                submitted.add(alice.submit(TxRequest.builder().to(bob).value(1000 + i).data(new byte[] {1, 2, (byte) i})
                        .gasLimit(30_000).build()));
            }
            byte[] setValue = abi.encodeCall("setValue", BigInteger.valueOf(99), "event data");
            for (int i = 0; i < 4; i++) {
                submitted.add(alice.submit(TxRequest.builder().to(c.address()).data(setValue).gasLimit(200_000)
                        .build()));
            }
            submitted.add(alice.submit(TxRequest.builder().data(Hex.decode(Hex.encode(bytecode)
                    + "0000000000000000000000000000000000000000000000000000000000000005")).gasLimit(2_000_000).build()));
            provider.send("evm_mine", List.of());
        } finally {
            provider.send("evm_setAutomine", List.of(true));
        }
        blockNumber = client.blockNumber();
    }

    @AfterAll
    static void close() {
        if (web3j != null) {
            web3j.shutdown();
        }
        if (client != null) {
            client.close();
        }
        if (provider != null) {
            provider.close();
        }
    }

    @Test
    void fullBlockMatchesWeb3j() throws Exception {
        Block b = client.getBlockByNumber(BlockTag.number(blockNumber), true).orElseThrow();
        EthBlock.Block w = web3j.ethGetBlockByNumber(param(), true).send().getBlock();
        assertThat(b.transactions()).hasSize(submitted.size()).hasSize(w.getTransactions().size());
        assertThat(b.hash().toHex()).isEqualTo(w.getHash());
        assertThat(b.number()).isEqualTo(w.getNumber().longValueExact());
        assertThat(b.header().parentHash().toHex()).isEqualTo(w.getParentHash());
        assertThat(b.header().timestamp()).isEqualTo(w.getTimestamp().longValueExact());
        assertThat(b.header().gasUsed()).isEqualTo(w.getGasUsed().longValueExact());
        assertThat(b.header().gasLimit()).isEqualTo(w.getGasLimit().longValueExact());
        assertThat(b.header().baseFeePerGas()).isEqualTo(w.getBaseFeePerGas());
        assertThat(b.header().miner().toHex()).isEqualTo(w.getMiner());
        assertThat(b.header().stateRoot().toHex()).isEqualTo(w.getStateRoot());
        assertThat(b.header().transactionsRoot().toHex()).isEqualTo(w.getTransactionsRoot());
        assertThat(b.header().receiptsRoot().toHex()).isEqualTo(w.getReceiptsRoot());
        assertThat(b.header().logsBloom().toHex()).isEqualTo(w.getLogsBloom());
        assertThat(b.header().extraData().toHex()).isEqualTo(w.getExtraData());
        assertThat(b.header().mixHash().toHex()).isEqualTo(w.getMixHash());
        assertThat(new BigInteger(1, b.header().nonce().toBytes())).isEqualTo(w.getNonce());
        assertThat(b.header().difficulty()).isEqualTo(w.getDifficulty());
        assertThat(b.header().sha3Uncles().toHex()).isEqualTo(w.getSha3Uncles());
        assertThat(b.header().withdrawalsRoot().toHex()).isEqualTo(w.getWithdrawalsRoot());
        assertThat(b.size()).isEqualTo(w.getSize().longValueExact());
        assertThat(b.uncles()).extracting(Hash::toHex).containsExactlyElementsOf(w.getUncles());
        assertThat(b.withdrawals()).hasSameSizeAs(w.getWithdrawals());
        assertThat(b.totalDifficulty()).isEqualTo(w.getTotalDifficultyRaw() == null ? null : w.getTotalDifficulty());
        assertThat(b.header().blobGasUsed() == null ? null : BigInteger.valueOf(b.header().blobGasUsed()))
                .isEqualTo(w.getBlobGasUsedRaw() == null ? null : w.getBlobGasUsed());
        assertThat(b.header().excessBlobGas() == null ? null : BigInteger.valueOf(b.header().excessBlobGas()))
                .isEqualTo(w.getExcessBlobGasRaw() == null ? null : w.getExcessBlobGas());
        assertThat(b.header().parentBeaconBlockRoot() == null ? null : b.header().parentBeaconBlockRoot().toHex())
                .isEqualTo(w.getParentBeaconBlockRoot());
        for (int i = 0; i < b.transactions().size(); i++) {
            TransactionInfo t = b.transactions().get(i);
            EthBlock.TransactionObject x = (EthBlock.TransactionObject) w.getTransactions().get(i).get();
            assertThat(t.hash().toHex()).as("tx %d", i).isEqualTo(x.getHash());
            assertThat(t.nonce()).isEqualTo(x.getNonce().longValueExact());
            assertThat(t.blockHash().toHex()).isEqualTo(x.getBlockHash());
            assertThat(t.blockNumber()).isEqualTo(x.getBlockNumber().longValueExact());
            assertThat(t.transactionIndex()).isEqualTo(x.getTransactionIndex().longValueExact());
            assertThat(t.from().toHex()).isEqualTo(x.getFrom());
            assertThat(t.to() == null ? null : t.to().toHex()).isEqualTo(x.getTo());
            assertThat(t.value()).isEqualTo(x.getValue());
            assertThat(t.gas()).isEqualTo(x.getGas().longValueExact());
            assertThat(t.gasPrice()).isEqualTo(x.getGasPrice());
            assertThat(t.input()).isEqualTo(Hex.decode(x.getInput()));
            assertThat(t.type()).isEqualTo(Integer.decode(x.getType()));
            if (t.type() == 2) {
                assertThat(t.maxFeePerGas()).isEqualTo(x.getMaxFeePerGas());
                assertThat(t.maxPriorityFeePerGas()).isEqualTo(x.getMaxPriorityFeePerGas());
            }
            assertThat(t.chainId()).isEqualTo(x.getChainId());
            assertThat(t.r()).isEqualTo(new BigInteger(x.getR().substring(2), 16));
            assertThat(t.s()).isEqualTo(new BigInteger(x.getS().substring(2), 16));
            assertThat(t.v()).isEqualTo(BigInteger.valueOf(x.getV()));
            assertThat(t.yParity() == null ? null : "0x" + Integer.toHexString(t.yParity())).isEqualTo(x.getyParity());
            if (x.getAccessList() == null) {
                assertThat(t.accessList()).isNull();
            } else {
                assertThat(t.accessList()).hasSameSizeAs(x.getAccessList());
                for (int k = 0; k < t.accessList().size(); k++) {
                    assertThat(t.accessList().get(k).address().toHex()).isEqualTo(x.getAccessList().get(k).getAddress());
                    assertThat(t.accessList().get(k).storageKeys()).extracting(Hash::toHex)
                            .containsExactlyElementsOf(x.getAccessList().get(k).getStorageKeys());
                }
            }
            assertThat(t.otherFields()).isEmpty();
            assertThat(t.toSignedTransaction().hash()).isEqualTo(t.hash());
        }
        assertThat(b.transactionHashes()).isEqualTo(submitted);
        // hashes only: the same block, the same hashes, no objects
        Block light = client.getBlockByNumber(BlockTag.number(blockNumber), false).orElseThrow();
        EthBlock.Block wl = web3j.ethGetBlockByNumber(param(), false).send().getBlock();
        assertThat(light.transactions()).isEmpty();
        assertThat(light.transactionHashes()).extracting(Hash::toHex)
                .containsExactlyElementsOf(wl.getTransactions().stream().map(r -> (String) r.get()).toList());
        assertThat(light.header()).isEqualTo(b.header());
    }

    @Test
    void receiptsAndLogsMatchWeb3j() throws Exception {
        List<Receipt> all = client.getBlockReceipts(BlockTag.number(blockNumber)).orElseThrow();
        List<TransactionReceipt> wAll = web3j.ethGetBlockReceipts(param()).send().getBlockReceipts().orElseThrow();
        assertThat(all).hasSize(submitted.size()).hasSize(wAll.size());
        int logs = 0;
        for (int i = 0; i < all.size(); i++) {
            Receipt r = all.get(i);
            TransactionReceipt w = wAll.get(i);
            assertThat(client.getTransactionReceipt(r.transactionHash())).contains(r);
            assertThat(r.transactionHash().toHex()).as("receipt %d", i).isEqualTo(w.getTransactionHash());
            assertThat(r.transactionIndex()).isEqualTo(w.getTransactionIndex().longValueExact());
            assertThat(r.blockHash().toHex()).isEqualTo(w.getBlockHash());
            assertThat(r.from().toHex()).isEqualTo(w.getFrom());
            assertThat(r.to() == null ? null : r.to().toHex()).isEqualTo(w.getTo());
            assertThat(r.contractAddress() == null ? null : r.contractAddress().toHex())
                    .isEqualTo(w.getContractAddress());
            assertThat(r.cumulativeGasUsed()).isEqualTo(w.getCumulativeGasUsed().longValueExact());
            assertThat(r.gasUsed()).isEqualTo(w.getGasUsed().longValueExact());
            assertThat(r.effectiveGasPrice()).isEqualTo(new BigInteger(w.getEffectiveGasPrice().substring(2), 16));
            assertThat(r.status()).isEqualTo(w.isStatusOK());
            assertThat(r.logsBloom().toHex()).isEqualTo(w.getLogsBloom());
            assertThat(r.root()).isNull();
            assertThat(r.logs()).hasSize(w.getLogs().size());
            for (int k = 0; k < r.logs().size(); k++) {
                sameLog(r.logs().get(k), w.getLogs().get(k));
            }
            logs += r.logs().size();
        }
        assertThat(logs).as("the setValue calls emitted events").isGreaterThanOrEqualTo(4);

        LogFilter filter = LogFilter.builder().fromBlock(BlockTag.number(blockNumber))
                .toBlock(BlockTag.number(blockNumber)).build();
        List<Log> got = client.getLogs(filter);
        List<EthLog.LogResult> wLogs = web3j.ethGetLogs(new EthFilter(param(), param(), List.of())).send().getLogs();
        assertThat(got).hasSize(logs).hasSize(wLogs.size());
        for (int i = 0; i < got.size(); i++) {
            sameLog(got.get(i), ((EthLog.LogObject) wLogs.get(i)).get());
        }
    }

    @Test
    void theAsyncFormReadsTheSameValues() throws Exception {
        BraneAsyncClient async = client.async();
        BlockTag tag = BlockTag.number(blockNumber);
        var block = async.getBlockByNumber(tag, true);
        var receipts = async.getBlockReceipts(tag);
        var receipt = async.getTransactionReceipt(submitted.get(0));
        var tx = async.getTransactionByHash(submitted.get(1));
        var number = async.blockNumber();
        var missing = async.getBlockByNumber(BlockTag.number(blockNumber + 1000), false);
        assertThat(block.get()).isEqualTo(client.getBlockByNumber(tag, true));
        assertThat(receipts.get()).isEqualTo(client.getBlockReceipts(tag));
        assertThat(receipt.get()).isEqualTo(client.getTransactionReceipt(submitted.get(0)));
        assertThat(tx.get()).isEqualTo(client.getTransactionByHash(submitted.get(1)));
        assertThat(number.get()).isGreaterThanOrEqualTo(blockNumber);
        assertThat(missing.get()).isEqualTo(Optional.empty());
        assertThat(async.chainId().get()).isEqualTo(31337L).isEqualTo(client.chainId());
        assertThat(async.waitForReceipt(submitted.get(2), Duration.ofSeconds(5)).get())
                .isEqualTo(client.getTransactionReceipt(submitted.get(2)).orElseThrow());
    }

    private static void sameLog(Log l, org.web3j.protocol.core.methods.response.Log w) {
        assertThat(l.address().toHex()).isEqualTo(w.getAddress());
        assertThat(l.topics()).extracting(Hash::toHex).containsExactlyElementsOf(w.getTopics());
        assertThat(l.data()).isEqualTo(Hex.decode(w.getData()));
        assertThat(l.blockNumber()).isEqualTo(w.getBlockNumber().longValueExact());
        assertThat(l.blockHash().toHex()).isEqualTo(w.getBlockHash());
        assertThat(l.transactionHash().toHex()).isEqualTo(w.getTransactionHash());
        assertThat(l.transactionIndex()).isEqualTo(w.getTransactionIndex().longValueExact());
        assertThat(l.logIndex()).isEqualTo(w.getLogIndex().longValueExact());
        assertThat(l.removed()).isEqualTo(w.isRemoved());
    }

    private static DefaultBlockParameter param() {
        return DefaultBlockParameter.valueOf(BigInteger.valueOf(blockNumber));
    }

    static String resource(String name) throws IOException {
        try (InputStream in = TypedAnswersDifferentialTest.class.getResourceAsStream(name)) {
            assertThat(in).as(name).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
