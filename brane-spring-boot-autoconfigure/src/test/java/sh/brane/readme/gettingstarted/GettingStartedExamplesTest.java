package sh.brane.readme.gettingstarted;

import java.math.BigInteger;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;

import sh.brane.client.SigningClient;
import sh.brane.client.TxRequest;
import sh.brane.core.types.Address;
import sh.brane.primitives.Hex;
import sh.brane.devnet.Anvil;
import sh.brane.spring.boot.autoconfigure.BraneAutoConfiguration;
import sh.brane.spring.boot.autoconfigure.contract.BraneContractsAutoConfiguration;
import sh.brane.spring.boot.autoconfigure.contract.EnableBraneContracts;
import sh.brane.spring.boot.autoconfigure.events.BraneEventsAutoConfiguration;
import sh.brane.spring.boot.autoconfigure.tx.BraneTransactionAutoConfiguration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/getting-started.md kept true: its three classes (this package) read, send, bind the contract and receive its
 * event against a local Anvil, with the page's properties (the devnet replaced by the test's own Anvil, whose
 * confirmations default of 1 the page states).
 */
class GettingStartedExamplesTest {

    private static final String TOKEN = "0x00000000000000000000000000000000000e1e00";

    /** Emits Transfer(msg.sender, to, value) for calldata to ‖ value (the events tests' emitter). */
    private static final String EMITTER_RUNTIME = "0x602035600052600035337f"
            + "ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef" + "60206000a300";

    static Anvil anvil;

    @BeforeAll
    static void start() {
        anvil = Anvil.start();
    }

    @AfterAll
    static void stop() {
        anvil.close();
    }

    @Configuration(proxyBeanMethods = false)
    @EnableBraneContracts(basePackageClasses = Token.class)
    static class App {
    }

    @Test
    void readsSendsBindsAndListens() throws Exception {
        new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(BraneAutoConfiguration.class,
                    BraneTransactionAutoConfiguration.class, BraneContractsAutoConfiguration.class,
                    BraneEventsAutoConfiguration.class))
            .withUserConfiguration(App.class)
            .withBean(Payments.class)
            .withBean(Deposits.class)
            .withPropertyValues("brane.rpc.url=" + anvil.wsUrl(), "brane.rpc.expected-chain-id=31337",
                    "brane.signer.private-key=" + anvil.account(9).privateKey(), "token.address=" + TOKEN,
                    "brane.tx.confirmations=1", "brane.events.confirmations=1", "brane.events.poll-interval=50ms")
            .run((context) -> {
                assertThat(context).hasNotFailed();
                context.getBean(sh.brane.rpc.BraneProvider.class).send("anvil_setCode", List.of(TOKEN, EMITTER_RUNTIME));
                Payments payments = context.getBean(Payments.class);
                assertThat(payments.status()).startsWith("chain 31337, block ");
                Address to = Address.of(anvil.account(8).address());
                BigInteger before = payments.balanceOf(to);
                assertThat(payments.pay(to, BigInteger.TEN).status()).isTrue();
                assertThat(payments.balanceOf(to)).isEqualTo(before.add(BigInteger.TEN));

                context.getBean(SigningClient.class)
                    .send(TxRequest.builder().to(Address.of(TOKEN)).data(Hex.decode("0x" + "0".repeat(24)
                            + to.toHex().substring(2) + String.format("%064x", 7))).build());
                Deposits deposits = context.getBean(Deposits.class);
                long deadline = System.nanoTime() + 20_000_000_000L;
                while (deposits.received.isEmpty() && System.nanoTime() < deadline) {
                    Thread.sleep(20);
                }
                assertThat(deposits.received).singleElement()
                    .satisfies((transfer) -> assertThat(transfer.to()).isEqualTo(to))
                    .satisfies((transfer) -> assertThat(transfer.value()).isEqualTo(BigInteger.valueOf(7)));
            });
    }
}
