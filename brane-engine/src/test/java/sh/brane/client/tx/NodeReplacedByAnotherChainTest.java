package sh.brane.client.tx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.math.BigInteger;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Supplier;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import sh.brane.client.BlockTag;
import sh.brane.client.BraneClient;
import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.types.Address;
import sh.brane.devnet.Anvil;
import sh.brane.rpc.BraneRpcException;
import sh.brane.rpc.HttpProvider;
import sh.brane.rpc.WebSocketConfig;
import sh.brane.rpc.WebSocketProvider;

/**
 * The node under a running sender is replaced by another chain on the same port: a fresh chain with the same chain id
 * and the same funded accounts (so the journal's signed transfers are valid there and would pay again), or a chain
 * with another chain id. Nothing is re-sent there, nothing new is signed, and the error is typed (not a transport
 * failure to retry).
 */
class NodeReplacedByAnotherChainTest {

    static final BigInteger GWEI = BigInteger.TEN.pow(9);
    static final Address CAROL = Address.of("0x00000000000000000000000000000000000ca401");

    static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    static JournalEntry pay(TransactionSender s) {
        return s.send(n -> TransactionLifecycleTestBase.transfer(n, CAROL, 1_000, GWEI.multiply(BigInteger.TEN)));
    }

    /** The first answer that is not a transport failure (the client's kept-alive connection died with the node). */
    static Throwable firstVerdict(Runnable call) {
        for (int attempt = 0; attempt < 3; attempt++) {
            try {
                call.run();
                return null;
            } catch (BraneRpcException transport) {
                // the old node's connection; asked again on a new one
            } catch (RuntimeException e) {
                return e;
            }
        }
        throw new AssertionError("the node never answered");
    }

    @Test
    void aFreshChainWithTheSameChainIdGetsNothingReSentAndNothingSigned() throws Exception {
        replacedBy(port -> Anvil.builder().port(port).noMining().extraArgs("--timestamp", "1700000000"),
                JournalChainMismatchException.class, "genesis block");
    }

    @Test
    void aChainWithAnotherChainIdGetsNothingReSentAndNothingSigned() throws Exception {
        replacedBy(port -> Anvil.builder().port(port).noMining().chainId(137).extraArgs("--timestamp", "1750000000"),
                ChainIdMismatchException.class, "chain id 137");
    }

    /**
     * A WebSocket that reconnected to a replaced node between two signatures reads "connected" before and after; its
     * connection epoch moved, so the next signature asks the node again even though the verdict is young (here the
     * maximum age is an hour: only the epoch can tell).
     */
    @Test
    void aReconnectionBetweenTwoSignaturesIsSeenWithinTheVerdictsMaximumAge() throws Exception {
        int port = freePort();
        Anvil first = Anvil.builder().port(port).noMining().extraArgs("--timestamp", "1750000000").start();
        try (WebSocketProvider provider = WebSocketProvider.create(WebSocketConfig.builder(first.wsUrl())
                .reconnectInitialBackoff(Duration.ofMillis(20)).reconnectMaxBackoff(Duration.ofMillis(100))
                .reconnectMaxAttempts(1000).build());
                BraneClient client = new BraneClient(provider, Duration.ofMillis(20))) {
            PrivateKey key = PrivateKey.fromHex(first.account(1).privateKey());
            TransactionLifecycleTestBase.CountingSigner signer = new TransactionLifecycleTestBase.CountingSigner(key);
            TransactionSender sender = new TransactionSender(client, signer, ChainIdGuard.pinned(Anvil.DEFAULT_CHAIN_ID),
                    SendLimits.NONE, new InMemoryTransactionStore());
            sender.chainIdentity().setMaxAge(Duration.ofHours(1));
            pay(sender);
            long epoch = provider.status().get(0).connectionEpoch();
            first.close();

            try (Anvil second = Anvil.builder().port(port).noMining().extraArgs("--timestamp", "1700000000")
                    .start()) {
                TransactionLifecycleTestBase.await("the WebSocket reconnected", Duration.ofSeconds(20),
                        () -> provider.status().get(0).connected()
                                && provider.status().get(0).connectionEpoch() > epoch);
                assertThatThrownBy(() -> pay(sender)).isInstanceOf(JournalChainMismatchException.class)
                        .hasMessageContaining("nothing was signed");
                assertThat(signer.signatures.get()).as("nothing signed for the other chain").isEqualTo(1);
            }
        }
    }

    /**
     * A development node restarted from its own state file is the same chain: Anvil writes the genesis block and the
     * mined blocks to {@code --state} on exit and reads them back, so the identity holds and signing goes on.
     */
    @Test
    void aNodeRestartedFromItsOwnStateFileIsTheSameChain(@TempDir Path dir) throws Exception {
        int port = freePort();
        String state = dir.resolve("anvil-state.json").toString();
        Anvil first = Anvil.builder().port(port).extraArgs("--state", state).start();
        try (HttpProvider provider = HttpProvider.create(first.httpUrl());
                BraneClient client = new BraneClient(provider, Duration.ofMillis(20))) {
            PrivateKey key = PrivateKey.fromHex(first.account(1).privateKey());
            TransactionLifecycleTestBase.CountingSigner signer = new TransactionLifecycleTestBase.CountingSigner(key);
            TransactionSender sender = new TransactionSender(client, signer, ChainIdGuard.pinned(Anvil.DEFAULT_CHAIN_ID),
                    SendLimits.NONE, new InMemoryTransactionStore());
            JournalEntry before = pay(sender);
            TransactionLifecycleTestBase.await("the first transfer mined", Duration.ofSeconds(20),
                    () -> client.getTransactionReceipt(before.hash()).isPresent());
            first.close();

            try (Anvil second = Anvil.builder().port(port).extraArgs("--state", state).start()) {
                Thread.sleep(sender.chainIdentity().maxAge().toMillis() + 100);
                assertThat(firstVerdict(() -> pay(sender))).as("the restarted node is the journal's chain").isNull();
                assertThat(signer.signatures.get()).isEqualTo(2);
                assertThat(sender.chainIdentity().mismatch()).isEmpty();
                assertThat(client.getTransactionReceipt(before.hash())).as("its history came back with it").isPresent();
            }
        }
    }

    private void replacedBy(java.util.function.IntFunction<Anvil.Builder> replacement,
            Class<? extends ChainIdentityException> expected, String named) throws Exception {
        int port = freePort();
        Anvil first = Anvil.builder().port(port).noMining().extraArgs("--timestamp", "1750000000").start();
        try (HttpProvider provider = HttpProvider.create(first.httpUrl());
                BraneClient client = new BraneClient(provider, Duration.ofMillis(20))) {
            PrivateKey key = PrivateKey.fromHex(first.account(1).privateKey());
            TransactionLifecycleTestBase.CountingSigner signer = new TransactionLifecycleTestBase.CountingSigner(key);
            TransactionSender sender = new TransactionSender(client, signer, ChainIdGuard.pinned(Anvil.DEFAULT_CHAIN_ID),
                    SendLimits.NONE, new InMemoryTransactionStore());
            TransactionTracker tracker = sender.tracker(1, Duration.ofHours(1), Duration.ZERO);
            JournalEntry a = pay(sender);
            JournalEntry b = pay(sender);
            assertThat(signer.signatures.get()).isEqualTo(2);
            first.close();

            try (Anvil second = replacement.apply(port).start()) {
                Supplier<Long> pendingThere = () -> client.getTransactionCount(key.address(), BlockTag.PENDING);
                // past the verdict's maximum age: the next signature asks the node again
                Thread.sleep(sender.chainIdentity().maxAge().toMillis() + 100);
                assertThat(firstVerdict(() -> pay(sender))).isInstanceOf(expected).hasMessageContaining(named)
                        .hasMessageContaining("nothing was signed");
                assertThat(signer.signatures.get()).as("nothing signed for the other chain").isEqualTo(2);
                assertThatThrownBy(() -> sender.speedUp(a.hash())).isInstanceOf(expected);

                assertThat(firstVerdict(tracker::poll)).as("the tracker's pass stops before any re-send")
                        .isInstanceOf(expected);
                assertThat(pendingThere.get()).as("the old transfers were not re-sent to the other chain").isZero();
                assertThat(client.getTransactionByHash(a.hash())).isEmpty();
                assertThat(client.getTransactionByHash(b.hash())).isEmpty();
                assertThat(sender.chainIdentity().mismatch()).get().isInstanceOf(expected);
                assertThat(sender.store().find(a.hash()).orElseThrow().state()).isEqualTo(TxState.SENT);
            }
        }
    }
}
