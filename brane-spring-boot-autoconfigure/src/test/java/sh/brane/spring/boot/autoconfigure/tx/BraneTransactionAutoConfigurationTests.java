package sh.brane.spring.boot.autoconfigure.tx;

import java.math.BigInteger;
import java.sql.Connection;
import java.sql.ResultSet;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;

import javax.sql.DataSource;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationListener;

import sh.brane.client.BlockTag;
import sh.brane.client.BraneClient;
import sh.brane.client.SigningClient;
import sh.brane.client.TxRequest;
import sh.brane.client.tx.InMemoryTransactionStore;
import sh.brane.client.tx.JournalEntry;
import sh.brane.client.tx.JdbcTransactionStore;
import sh.brane.client.tx.SendLimits;
import sh.brane.client.tx.TransactionSender;
import sh.brane.client.tx.TransactionStore;
import sh.brane.client.tx.TxState;
import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.tx.Eip1559Transaction;
import sh.brane.core.types.Address;
import sh.brane.devnet.Anvil;
import sh.brane.rpc.HttpProvider;
import sh.brane.signer.LocalSigner;
import sh.brane.spring.boot.autoconfigure.BraneAutoConfiguration;
import sh.brane.spring.boot.autoconfigure.metrics.BraneMetricsAutoConfiguration;

import static org.assertj.core.api.Assertions.assertThat;

class BraneTransactionAutoConfigurationTests {

    static Anvil anvil;

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(BraneAutoConfiguration.class, BraneMetricsAutoConfiguration.class,
                BraneTransactionAutoConfiguration.class))
        .withBean(MeterRegistry.class, SimpleMeterRegistry::new);

    @BeforeAll
    static void startAnvil() {
        anvil = Anvil.start();
    }

    @AfterAll
    static void stopAnvil() {
        anvil.close();
    }

    static DataSource h2() {
        JdbcDataSource ds = new JdbcDataSource();
        ds.setURL("jdbc:h2:mem:brane-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
        return ds;
    }

    @Test
    void withoutADataSourceTheJournalIsInMemory() {
        this.runner.run((context) -> assertThat(context).getBean(TransactionStore.class)
            .isInstanceOf(InMemoryTransactionStore.class));
    }

    @Test
    void withTheApplicationsDataSourceAndStoreJdbcTheJournalIsInItsDatabaseWithItsSchema() {
        this.runner.withBean(DataSource.class, BraneTransactionAutoConfigurationTests::h2)
            .withPropertyValues("brane.tx.store=jdbc")
            .run((context) -> {
            assertThat(context).getBean(TransactionStore.class).isInstanceOf(JdbcTransactionStore.class);
            try (Connection c = context.getBean(DataSource.class).getConnection();
                    ResultSet rs = c.createStatement().executeQuery("SELECT COUNT(*) FROM brane_tx_journal")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getLong(1)).isZero();
            }
        });
    }

    @Test
    void aJdbcStoreWithoutADataSourceFailsNamingTheProperty() {
        this.runner.withPropertyValues("brane.tx.store=JDBC").run((context) -> assertThat(context)
            .getFailure()
            .rootCause()
            .hasMessageContaining("brane.tx.store")
            .hasMessageContaining("brane.tx.store=memory"));
    }

    @Test
    void badConfirmationsFailNamingTheProperty() {
        this.runner.withPropertyValues("brane.tx.confirmations=0").run((context) -> assertThat(context)
            .getFailure()
            .rootCause()
            .hasMessageContaining("brane.tx.confirmations"));
    }

    @Test
    void aBroadcastWindowOutOfRangeFailsNamingThePropertyAndTheRange() {
        this.runner.withPropertyValues("brane.tx.broadcast-window=0").run((context) -> assertThat(context)
            .getFailure()
            .rootCause()
            .hasMessageContaining("brane.tx.broadcast-window")
            .hasMessageContaining("1..1024"));
    }

    @Test
    void theBroadcastWindowReachesTheSenders() {
        PrivateKey key = PrivateKey.fromHex(anvil.account(7).privateKey());
        try (HttpProvider provider = HttpProvider.create(anvil.httpUrl());
                BraneClient client = new BraneClient(provider)) {
            this.runner.withPropertyValues("brane.tx.broadcast-window=16").run((context) -> {
                assertThat(context).hasNotFailed();
                BraneTransactionSenders senders = context.getBean(BraneTransactionSenders.class);
                assertThat(senders.sender(client, new LocalSigner("w", key), 31337, SendLimits.NONE)
                    .broadcastWindow()).isEqualTo(16);
            });
        }
    }

    @Test
    void aRetentionBelowOneMillisecondFailsNamingTheProperty() {
        this.runner.withPropertyValues("brane.tx.retention=0s").run((context) -> assertThat(context)
            .getFailure()
            .rootCause()
            .hasMessageContaining("brane.tx.retention")
            .hasMessageContaining("30d"));
    }

    @Test
    void theRetentionBoundsTheInMemoryJournal() {
        this.runner.withPropertyValues("brane.tx.retention=10m").run((context) -> assertThat(context)
            .getBean(TransactionStore.class)
            .isInstanceOf(InMemoryTransactionStore.class)
            .hasFieldOrPropertyWithValue("retention", java.time.Duration.ofMinutes(10)));
    }

    @Test
    void aTransferIsJournalledTrackedPublishedMeteredAndListed() {
        List<BraneTransactionEvent> events = new CopyOnWriteArrayList<>();
        this.runner.withBean(DataSource.class, BraneTransactionAutoConfigurationTests::h2)
            .withBean("recorder", ApplicationListener.class,
                    () -> (ApplicationListener<BraneTransactionEvent>) events::add)
            .withPropertyValues("brane.rpc.url=" + anvil.httpUrl(),
                    "brane.signer.private-key=" + anvil.account(5).privateKey(), "brane.rpc.expected-chain-id=31337",
                    "brane.tx.confirmations=1", "brane.tx.poll-interval=50ms", "brane.tx.store=jdbc",
                    "management.endpoints.web.exposure.include=brane")
            .run((context) -> {
                assertThat(context).hasNotFailed();
                SigningClient signing = context.getBean(SigningClient.class);
                Address to = Address.of(anvil.account(6).address());
                var receipt = signing.send(TxRequest.builder().to(to).value(BigInteger.ONE).build());
                assertThat(receipt.status()).isTrue();
                long deadline = System.nanoTime() + 20_000_000_000L;
                while (events.stream().noneMatch((e) -> e.getChange().state() == TxState.CONFIRMED)
                        && System.nanoTime() < deadline) {
                    Thread.sleep(20);
                }
                assertThat(events).extracting((e) -> e.getChange().state())
                    .containsSubsequence(TxState.SENT, TxState.CONFIRMED);
                assertThat(events.get(0).getChange().entry().hash()).isEqualTo(receipt.transactionHash());

                MeterRegistry registry = context.getBean(MeterRegistry.class);
                assertThat(registry.get("brane.tx.transitions")
                    .tag("state", "CONFIRMED")
                    .tag("signer", "default")
                    .tag("chain", "default")
                    .counter()
                    .count()).isEqualTo(1.0);

                BraneTransactionsEndpoint.BraneTransactions listed = context.getBean(BraneTransactionsEndpoint.class)
                    .transactions();
                assertThat(listed.journal()).isEqualTo("durable");
                assertThat(listed.signers()).containsKey("default");
                assertThat(listed.signers().get("default").unconfirmed()).isZero();
                assertThat(listed.signers().get("default").journalGenesis()).as("the genesis the journal is bound to")
                    .isEqualTo(context.getBean(BraneClient.class)
                        .getBlockByNumber(BlockTag.number(0), false)
                        .orElseThrow()
                        .hash()
                        .toHex());
                assertThat(listed.signers().get("default").account())
                    .isEqualToIgnoringCase(anvil.account(5).address());
                assertThat(listed.toString()).doesNotContain(anvil.account(5).privateKey().substring(2));
            });
    }

    @Test
    void aTransactionTheNodeHoldsButNeverMinesIsPublishedAndMeteredAsStranded() {
        List<BraneTransactionStrandedEvent> stranded = new CopyOnWriteArrayList<>();
        this.runner.withBean(DataSource.class, BraneTransactionAutoConfigurationTests::h2)
            .withBean("strandedRecorder", ApplicationListener.class,
                    () -> (ApplicationListener<BraneTransactionStrandedEvent>) stranded::add)
            .withPropertyValues("brane.rpc.url=" + anvil.httpUrl(),
                    "brane.signer.private-key=" + anvil.account(8).privateKey(), "brane.rpc.expected-chain-id=31337",
                    "brane.tx.confirmations=1", "brane.tx.poll-interval=50ms", "brane.tx.resend-after=1s",
                    "brane.tx.store=jdbc")
            .run((context) -> {
                assertThat(context).hasNotFailed();
                TransactionSender sender = context.getBean(SigningClient.class).sender();
                BraneClient node = context.getBean(BraneClient.class);
                String account = sender.address().toHex();
                long next = node.getTransactionCount(sender.address(), BlockTag.LATEST);
                // the journal one nonce ahead of the node, whose pool queues the transfer until nonce `next` is
                // used; then the chain's nonce moves past `next` without a transaction, so nothing releases it
                sender.store().resetTo(31337, sender.address(), next + 1);
                JournalEntry queued = sender.send((nonce) -> Eip1559Transaction.builder().chainId(31337).nonce(nonce)
                    .to(Address.of(anvil.account(6).address())).value(3).gasLimit(21_000)
                    .maxFeePerGas(BigInteger.valueOf(20_000_000_000L)).maxPriorityFeePerGas(BigInteger.ONE).build());
                node.provider().send("anvil_setNonce", List.of(account, "0x" + Long.toHexString(next + 1)));

                long deadline = System.nanoTime() + 20_000_000_000L;
                while (stranded.isEmpty() && System.nanoTime() < deadline) {
                    Thread.sleep(20);
                }
                assertThat(stranded).singleElement()
                    .satisfies((e) -> assertThat(e.getEntry().hash()).isEqualTo(queued.hash()));
                assertThat(context.getBean(MeterRegistry.class)
                    .get("brane.tx.stranded")
                    .tag("signer", "default")
                    .tag("chain", "default")
                    .counter()
                    .count()).isEqualTo(1.0);

                // flushed from the node's pool, the transfer is sent again from the journal and mined
                node.provider().send("anvil_removePoolTransactions", List.of(account));
                while (sender.store().find(queued.hash()).orElseThrow().state() != TxState.CONFIRMED
                        && System.nanoTime() < deadline) {
                    Thread.sleep(20);
                }
                assertThat(sender.store().find(queued.hash()).orElseThrow().state()).isEqualTo(TxState.CONFIRMED);
            });
    }
}
