package sh.brane.spring.boot.autoconfigure.events;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.sql.Connection;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.List;
import java.util.UUID;

import javax.sql.DataSource;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;

import sh.brane.client.BraneClient;
import sh.brane.client.SigningClient;
import sh.brane.client.TxRequest;
import sh.brane.client.events.CheckpointStore;
import sh.brane.client.events.InMemoryCheckpointStore;
import sh.brane.client.events.JdbcCheckpointStore;
import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.types.Address;
import sh.brane.devnet.Anvil;
import sh.brane.primitives.Hex;
import sh.brane.rpc.HttpProvider;
import sh.brane.spring.boot.autoconfigure.BraneAutoConfiguration;
import sh.brane.spring.boot.autoconfigure.contract.BraneContractsAutoConfiguration;
import sh.brane.spring.boot.autoconfigure.contract.EnableBraneContracts;
import sh.brane.spring.eventfixtures.BadSignature;
import sh.brane.spring.eventfixtures.ChainDeposits;
import sh.brane.spring.eventfixtures.Deposits;
import sh.brane.spring.eventfixtures.Emitter;
import sh.brane.spring.eventfixtures.L2Deposits;

/** {@code @BraneEventListener} methods fed by log streams, with checkpoints in the application's database. */
class BraneEventsAutoConfigurationTests {
    static final String EMITTER = "0x00000000000000000000000000000000000000e1";
    /** Another emitter, so the listeners reading from block 0 in other tests do not see this one's transfers. */
    static final String CHAIN_EMITTER = "0x00000000000000000000000000000000000000e2";
    /** The emitter of the annotation's chain test. */
    static final String L2_EMITTER = "0x00000000000000000000000000000000000000e3";
    /** The emitter of the contract's chain test. */
    static final String CONTRACT_CHAIN_EMITTER = "0x00000000000000000000000000000000000000e4";

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(BraneAutoConfiguration.class,
                    BraneContractsAutoConfiguration.class, BraneEventsAutoConfiguration.class));

    static Anvil anvil;

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

    /** The calldata of Emitter's transfer to {@code to} of {@code amount}. */
    private static byte[] transfer(Address to, long amount) {
        return Hex.decode("0x" + "0".repeat(24) + to.toHex().substring(2) + String.format("%064x", amount));
    }

    /** Waits while {@code pending} holds, 20 s at most; the assertions after it say what was missing. */
    private static void waitUpTo20sWhile(java.util.concurrent.Callable<Boolean> pending) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (pending.call() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
    }

    @Test
    void withoutADataSourceCheckpointsAreInMemory() {
        runner.run(context -> assertThat(context).getBean(CheckpointStore.class)
                .isInstanceOf(InMemoryCheckpointStore.class));
    }

    @Test
    void withTheApplicationsDataSourceCheckpointsAreInItsDatabase() {
        runner.withBean(DataSource.class, BraneEventsAutoConfigurationTests::h2).withPropertyValues("brane.events.store=jdbc").run(context -> {
            assertThat(context).getBean(CheckpointStore.class).isInstanceOf(JdbcCheckpointStore.class);
            try (Connection c = context.getBean(DataSource.class).getConnection();
                    ResultSet rs = c.createStatement().executeQuery("SELECT COUNT(*) FROM brane_event_checkpoint")) {
                assertThat(rs.next()).isTrue();
            }
        });
    }

    @Test
    void aJdbcStoreWithoutADataSourceFailsNamingTheProperty() {
        // the store is made when a listener needs it
        runner.withBean(Deposits.class).withPropertyValues("brane.events.store=JDBC").run(context -> assertThat(context).getFailure()
                .rootCause().hasMessageContaining("brane.events.store").hasMessageContaining("brane.events.store=memory"));
    }

    @Test
    void aListenerMethodWithAWrongSignatureStopsStartUpNamingIt() {
        runner.withBean(BadSignature.class).run(context -> assertThat(context).getFailure().rootCause()
                .hasMessageContaining("BadSignature.onTransfer").hasMessageContaining("StreamedLog"));
    }

    @Test
    void badStreamSettingsStopStartUpNamingTheProperty() {
        runner.withBean(Deposits.class).withPropertyValues("brane.events.confirmations=0")
                .run(context -> assertThat(context).getFailure().rootCause()
                        .isInstanceOf(InvalidConfigurationPropertyValueException.class)
                        .hasMessageContaining("brane.events.confirmations"));
        runner.withBean(Deposits.class).withPropertyValues("brane.events.streams.deposits.from-block=soon")
                .run(context -> assertThat(context).getFailure().rootCause()
                        .hasMessageContaining("brane.events.streams.deposits.from-block").hasMessageContaining("soon"));
    }

    @Test
    void aListenerReceivesTheContractsEventsAndItsCheckpointIsInTheDatabase() throws Exception {
        try (HttpProvider provider = HttpProvider.create(anvil.httpUrl());
                BraneClient client = new BraneClient(provider, Duration.ofMillis(20))) {
            provider.send("anvil_setCode", List.of(EMITTER, Emitter.RUNTIME));
            SigningClient sender = new SigningClient(client, PrivateKey.fromHex(anvil.account(1).privateKey()));
            Address to = Address.of(anvil.account(2).address());
            runner.withUserConfiguration(Contracts.class).withBean(Deposits.class)
                    .withBean(DataSource.class, BraneEventsAutoConfigurationTests::h2)
                    .withPropertyValues("brane.rpc.url=" + anvil.httpUrl(), "emitter.address=" + EMITTER,
                            "brane.events.streams.deposits.from-block=0", "brane.events.store=jdbc",
                            "brane.events.streams.deposits.confirmations=1")
                    .run(context -> {
                        assertThat(context).hasNotFailed();
                        BraneEventListenerContainer container = context.getBean(BraneEventListenerContainer.class);
                        assertThat(container.streamIds()).containsExactly("deposits");
                        for (int amount = 1; amount <= 3; amount++) {
                            sender.send(TxRequest.builder().to(Address.of(EMITTER))
                                    .data(transfer(to, amount)).build());
                        }
                        Deposits deposits = context.getBean(Deposits.class);
                        waitUpTo20sWhile(() -> deposits.applied.size() < 3);
                        assertThat(deposits.applied).containsExactly(
                                new Emitter.Transfer(sender.address(), to, BigInteger.ONE),
                                new Emitter.Transfer(sender.address(), to, BigInteger.TWO),
                                new Emitter.Transfer(sender.address(), to, BigInteger.valueOf(3)));
                        long lastBlock = deposits.logs.get(2).blockNumber();
                        waitUpTo20sWhile(() -> checkpoint(context.getBean(DataSource.class)) < lastBlock);
                        DataSource database = context.getBean(DataSource.class);
                        assertThat(checkpoint(database)).isGreaterThanOrEqualTo(lastBlock);
                        assertThat(owner(database)).as("the lease is held while it runs").isNotNull();
                        context.close();
                        assertThat(container.isRunning()).isFalse();
                        assertThat(container.streams()).isEmpty();
                        assertThat(owner(database)).as("lease given up on shutdown").isNull();
                    });
        }
    }

    @Test
    void aListenerOnANamedChainReadsThroughThatChainsClientAndReportsMeters() throws Exception {
        try (HttpProvider provider = HttpProvider.create(anvil.httpUrl());
                BraneClient client = new BraneClient(provider, Duration.ofMillis(20))) {
            provider.send("anvil_setCode", List.of(CHAIN_EMITTER, Emitter.RUNTIME));
            SigningClient sender = new SigningClient(client, PrivateKey.fromHex(anvil.account(1).privateKey()));
            Address to = Address.of(anvil.account(2).address());
            // no brane.rpc shorthand: the only node that answers is l2's (l1 is a closed port)
            runner.withBean(ChainDeposits.class).withBean(MeterRegistry.class, SimpleMeterRegistry::new)
                    .withPropertyValues("brane.chains.l1.rpc.url=http://127.0.0.1:1",
                            "brane.chains.l2.rpc.url=" + anvil.httpUrl(), "emitter.address=" + CHAIN_EMITTER,
                            "brane.events.streams.chain-deposits.chain=l2")
                    .run(context -> {
                        assertThat(context).hasNotFailed();
                        long start = client.blockNumber();
                        sender.send(TxRequest.builder().to(Address.of(CHAIN_EMITTER)).data(transfer(to, 7)).build());
                        ChainDeposits deposits = context.getBean(ChainDeposits.class);
                        waitUpTo20sWhile(() -> deposits.applied.isEmpty());
                        assertThat(deposits.applied).containsExactly(
                                new Emitter.Transfer(sender.address(), to, BigInteger.valueOf(7)));
                        MeterRegistry meters = context.getBean(MeterRegistry.class);
                        assertThat(meters.get("brane.events.logs.delivered").tag("stream", "chain-deposits")
                                .tag("chain", "l2").functionCounter().count()).isEqualTo(1.0);
                        assertThat(meters.get("brane.events.logs.removed").tag("chain", "l2").functionCounter()
                                .count()).isZero();
                        assertThat(meters.get("brane.events.reorgs").tag("chain", "l2").functionCounter().count())
                                .isZero();
                        assertThat(meters.get("brane.events.decode.failures").tag("chain", "l2").functionCounter()
                                .count()).isZero();
                        waitUpTo20sWhile(() -> meters.get("brane.events.checkpoint.block").gauge().value() <= start);
                        assertThat(meters.get("brane.events.checkpoint.block").tag("stream", "chain-deposits").gauge()
                                .value()).isGreaterThan(start);
                        assertThat(meters.get("brane.events.head.lag").tag("chain", "l2").gauge().value())
                                .isGreaterThanOrEqualTo(0.0);
                        context.close();
                        assertThat(meters.find("brane.events.logs.delivered").meters()).as("removed on stop")
                                .isEmpty();
                    });
        }
    }

    @Test
    void theAnnotationsChainAttributeReadsThroughThatChainsClient() throws Exception {
        try (HttpProvider provider = HttpProvider.create(anvil.httpUrl());
                BraneClient client = new BraneClient(provider, Duration.ofMillis(20))) {
            provider.send("anvil_setCode", List.of(L2_EMITTER, Emitter.RUNTIME));
            SigningClient sender = new SigningClient(client, PrivateKey.fromHex(anvil.account(3).privateKey()));
            Address to = Address.of(anvil.account(2).address());
            // l1 is a closed port and no brane.events.streams property names a chain: only chain = "l2" can deliver
            runner.withBean(L2Deposits.class).withBean(MeterRegistry.class, SimpleMeterRegistry::new)
                    .withPropertyValues("brane.chains.l1.rpc.url=http://127.0.0.1:1",
                            "brane.chains.l2.rpc.url=" + anvil.httpUrl(), "emitter.address=" + L2_EMITTER)
                    .run(context -> {
                        assertThat(context).hasNotFailed();
                        sender.send(TxRequest.builder().to(Address.of(L2_EMITTER)).data(transfer(to, 9)).build());
                        L2Deposits deposits = context.getBean(L2Deposits.class);
                        waitUpTo20sWhile(() -> deposits.applied.isEmpty());
                        assertThat(deposits.applied).containsExactly(
                                new Emitter.Transfer(sender.address(), to, BigInteger.valueOf(9)));
                        assertThat(context.getBean(MeterRegistry.class).get("brane.events.logs.delivered")
                                .tag("stream", "l2-deposits").tag("chain", "l2").functionCounter().count())
                                .isEqualTo(1.0);
                    });
            // the annotation's chain must be configured too
            runner.withBean(L2Deposits.class)
                    .withPropertyValues("brane.chains.l1.rpc.url=http://127.0.0.1:1", "emitter.address=" + L2_EMITTER)
                    .run(context -> assertThat(context).getFailure().rootCause()
                            .isInstanceOf(InvalidConfigurationPropertyValueException.class)
                            .hasMessageContaining("brane.events.streams.l2-deposits.chain").hasMessageContaining("l1"));
        }
    }

    @Test
    void aListenerWithoutAChainReadsTheChainItsContractIsBoundOn() throws Exception {
        try (HttpProvider provider = HttpProvider.create(anvil.httpUrl());
                BraneClient client = new BraneClient(provider, Duration.ofMillis(20))) {
            provider.send("anvil_setCode", List.of(CONTRACT_CHAIN_EMITTER, Emitter.RUNTIME));
            SigningClient sender = new SigningClient(client, PrivateKey.fromHex(anvil.account(4).privateKey()));
            Address to = Address.of(anvil.account(2).address());
            long start = client.blockNumber();
            // l1 is a closed port and there is no brane.rpc shorthand: only the contract's chain, l2, can deliver
            runner.withUserConfiguration(Contracts.class).withBean(Deposits.class)
                    .withPropertyValues("brane.chains.l1.rpc.url=http://127.0.0.1:1",
                            "brane.chains.l2.rpc.url=" + anvil.httpUrl(), "emitter.address=" + CONTRACT_CHAIN_EMITTER,
                            "brane.contracts.emitter.chain=l2", "brane.events.streams.deposits.from-block=" + start,
                            "brane.events.streams.deposits.confirmations=1")
                    .run(context -> {
                        assertThat(context).hasNotFailed();
                        sender.send(TxRequest.builder().to(Address.of(CONTRACT_CHAIN_EMITTER)).data(transfer(to, 11))
                                .build());
                        Deposits deposits = context.getBean(Deposits.class);
                        waitUpTo20sWhile(() -> deposits.applied.isEmpty());
                        assertThat(deposits.applied).containsExactly(
                                new Emitter.Transfer(sender.address(), to, BigInteger.valueOf(11)));
                    });
            // naming another chain than the contract's stops start-up, naming both
            runner.withUserConfiguration(Contracts.class).withBean(Deposits.class)
                    .withPropertyValues("brane.chains.l1.rpc.url=http://127.0.0.1:1",
                            "brane.chains.l2.rpc.url=" + anvil.httpUrl(), "emitter.address=" + CONTRACT_CHAIN_EMITTER,
                            "brane.contracts.emitter.chain=l2", "brane.events.streams.deposits.chain=l1")
                    .run(context -> assertThat(context).getFailure().rootCause()
                            .hasMessageContaining("reads chain 'l1'").hasMessageContaining("bound to chain 'l2'")
                            .hasMessageContaining("brane.events.streams.deposits.chain"));
        }
    }

    @Test
    void aListenerOnAChainThatIsNotConfiguredStopsStartUpNamingThePropertyAndTheChains() {
        runner.withBean(ChainDeposits.class)
                .withPropertyValues("brane.chains.l1.rpc.url=http://127.0.0.1:1",
                        "brane.chains.l2.rpc.url=http://127.0.0.1:2", "emitter.address=" + EMITTER,
                        "brane.events.streams.chain-deposits.chain=l3")
                .run(context -> assertThat(context).getFailure().rootCause()
                        .isInstanceOf(InvalidConfigurationPropertyValueException.class)
                        .hasMessageContaining("brane.events.streams.chain-deposits.chain").hasMessageContaining("l3")
                        .hasMessageContaining("l1, l2"));
        // no chain named, and no one default client among several chains: the message lists them
        runner.withBean(ChainDeposits.class)
                .withPropertyValues("brane.chains.l1.rpc.url=http://127.0.0.1:1",
                        "brane.chains.l2.rpc.url=http://127.0.0.1:2", "emitter.address=" + EMITTER)
                .run(context -> assertThat(context).getFailure().rootCause()
                        .hasMessageContaining("brane.events.streams.chain-deposits.chain")
                        .hasMessageContaining("[l1, l2]"));
    }

    private static long checkpoint(DataSource ds) throws Exception {
        try (Connection c = ds.getConnection(); ResultSet rs = c.createStatement()
                .executeQuery("SELECT block_number FROM brane_event_checkpoint WHERE stream = 'deposits'")) {
            return rs.next() ? rs.getLong(1) : -1;
        }
    }

    private static String owner(DataSource ds) throws Exception {
        try (Connection c = ds.getConnection(); ResultSet rs = c.createStatement()
                .executeQuery("SELECT owner FROM brane_event_checkpoint WHERE stream = 'deposits'")) {
            assertThat(rs.next()).isTrue();
            return rs.getString(1);
        }
    }

    @Configuration(proxyBeanMethods = false)
    @EnableBraneContracts(basePackageClasses = Emitter.class)
    static class Contracts {
    }
}
