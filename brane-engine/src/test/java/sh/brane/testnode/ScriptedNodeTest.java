package sh.brane.testnode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;

import sh.brane.client.BlockTag;
import sh.brane.client.BraneClient;
import sh.brane.client.tx.RefusalTexts;
import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.tx.Eip1559Transaction;
import sh.brane.core.tx.SignedTransaction;
import sh.brane.core.types.Hash;
import sh.brane.devnet.Anvil;
import sh.brane.devnet.junit.WithAnvil;
import sh.brane.rpc.HttpConfig;
import sh.brane.rpc.HttpProvider;
import sh.brane.rpc.RpcErrorException;

/** What the scripted node does when told to, against the real Anvil it forwards to. */
@WithAnvil(args = "--no-mining", accounts = 3)
class ScriptedNodeTest {
    static Anvil anvil;

    private static SignedTransaction transfer(PrivateKey key, long nonce) {
        return Eip1559Transaction.builder().chainId(Anvil.DEFAULT_CHAIN_ID).nonce(nonce).to(key.address()).value(1)
                .gasLimit(21_000).maxFeePerGas(BigInteger.valueOf(20_000_000_000L))
                .maxPriorityFeePerGas(BigInteger.ONE).build().sign(key);
    }

    @Test
    void refusesWithAClientsTextLagsAndForgetsItsPool() throws Exception {
        PrivateKey key = PrivateKey.fromHex(anvil.account(1).privateKey());
        try (ScriptedNode node = ScriptedNode.forwardingTo(anvil.httpUrl());
                HttpProvider provider = HttpProvider.create(HttpConfig.builder(node.url())
                        .requestTimeout(Duration.ofSeconds(5)).build())) {
            BraneClient client = new BraneClient(provider, Duration.ofMillis(20));
            RefusalTexts.Text underpriced = RefusalTexts.of(RefusalTexts.GETH).stream()
                    .filter(t -> t.marker().equals("transaction underpriced")).findFirst().orElseThrow();
            node.refuseSends(1, underpriced);
            assertThatThrownBy(() -> client.sendRawTransaction(transfer(key, 0)))
                    .isInstanceOfSatisfying(RpcErrorException.class,
                            e -> assertThat(e.rpcMessage()).isEqualTo(underpriced.sample()));
            assertThat(client.getTransactionCount(key.address(), BlockTag.PENDING)).as("nothing reached Anvil")
                    .isZero();

            SignedTransaction tx = transfer(key, 0);
            client.sendRawTransaction(tx);
            node.mine();
            node.mine();
            long head = client.blockNumber();
            node.lag(2);
            assertThat(client.blockNumber()).isEqualTo(head - 2);
            assertThat(client.getTransactionCount(key.address(), BlockTag.LATEST)).as("a replica before the block")
                    .isZero();
            assertThat(client.getTransactionReceipt(tx.hash())).isEmpty();
            node.lag(0);
            assertThat(client.getTransactionReceipt(tx.hash())).isPresent();

            client.sendRawTransaction(transfer(key, 1));
            assertThat(client.getTransactionCount(key.address(), BlockTag.PENDING)).isEqualTo(2);
            node.forgetPool();
            assertThat(client.getTransactionCount(key.address(), BlockTag.PENDING)).isEqualTo(1);
            assertThat(node.sendsSeen()).isEqualTo(3);
            provider.send("eth_chainId", List.of());
        }
    }

    @Test
    void reorganisesTheLastBlocksMinesSomeAgainAndPutsTheRestBackIntoThePool() throws Exception {
        PrivateKey key = PrivateKey.fromHex(anvil.account(2).privateKey());
        try (ScriptedNode node = ScriptedNode.forwardingTo(anvil.httpUrl());
                HttpProvider provider = HttpProvider.create(HttpConfig.builder(node.url())
                        .requestTimeout(Duration.ofSeconds(5)).build())) {
            BraneClient client = new BraneClient(provider, Duration.ofMillis(20));
            long start = client.getTransactionCount(key.address(), BlockTag.LATEST);
            SignedTransaction a = transfer(key, start);
            SignedTransaction b = transfer(key, start + 1);
            SignedTransaction c = transfer(key, start + 2);
            client.sendRawTransaction(a);
            node.mine();
            client.sendRawTransaction(b);
            client.sendRawTransaction(c);
            node.mine();
            long head = client.blockNumber();
            Hash blockOfA = client.getTransactionReceipt(a.hash()).orElseThrow().blockHash();

            Reorg.Result fork = node.reorg(2, 2, 7);
            assertThat(fork.depth()).isEqualTo(2);
            assertThat(fork.kept()).hasSize(2);
            assertThat(fork.backToPool()).hasSize(1);
            assertThat(client.blockNumber()).as("the fork is as high as the branch it replaced").isEqualTo(head);
            assertThat(client.getTransactionCount(key.address(), BlockTag.PENDING)).as("nothing lost")
                    .isEqualTo(start + 3);
            // the fork mined the kept ones it could (a nonce behind a left-out one waits in the pool)
            long minedNow = client.getTransactionCount(key.address(), BlockTag.LATEST);
            assertThat(minedNow).isLessThan(start + 3);
            if (client.getTransactionReceipt(a.hash()).isPresent()) {
                assertThat(client.getTransactionReceipt(a.hash()).orElseThrow().blockHash())
                        .as("in a block of the fork").isNotEqualTo(blockOfA);
            }
            node.mine();
            assertThat(client.getTransactionCount(key.address(), BlockTag.LATEST)).as("the pool mines the rest")
                    .isEqualTo(start + 3);
        }
    }
}
