package sh.brane.readme.typedclient;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import sh.brane.client.CallFrame;
import sh.brane.client.SimulatedBlock;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.devnet.Anvil;
import sh.brane.primitives.Hex;
import sh.brane.rpc.BraneProvider;
import sh.brane.spring.boot.autoconfigure.BraneAutoConfiguration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/typed-client.md kept true: each snippet ({@link ChainReader}) against a local Anvil through the starter's
 * {@code BraneClient} bean, with a contract that emits a Transfer and one that returns 42.
 */
class TypedClientExamplesTest {

    private static final Address TOKEN = Address.of("0x00000000000000000000000000000000000e1e01");

    private static final Address ANSWER = Address.of("0x00000000000000000000000000000000000e1e02");

    /** Emits Transfer(msg.sender, to, value) for calldata to ‖ value (the events tests' emitter). */
    private static final String EMITTER_RUNTIME = "0x602035600052600035337f"
            + "ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef" + "60206000a300";

    /** Returns the word 42 whatever it is called with. */
    private static final String ANSWER_RUNTIME = "0x602a60005260206000f3";

    static Anvil anvil;

    @BeforeAll
    static void start() {
        anvil = Anvil.start();
    }

    @AfterAll
    static void stop() {
        anvil.close();
    }

    @Test
    void everySnippetOfThePageRuns() {
        new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(BraneAutoConfiguration.class))
            .withBean(ChainReader.class)
            .withPropertyValues("brane.rpc.url=" + anvil.httpUrl())
            .run((context) -> {
                BraneProvider provider = context.getBean(BraneProvider.class);
                provider.send("anvil_setCode", List.of(TOKEN.toHex(), EMITTER_RUNTIME));
                provider.send("anvil_setCode", List.of(ANSWER.toHex(), ANSWER_RUNTIME));
                String payer = anvil.account(0).address();
                byte[] transfer = Hex.decode("0x" + "0".repeat(24) + anvil.account(1).address().substring(2)
                        + String.format("%064x", 7));
                Hash sent = Hash.of(provider.send("eth_sendTransaction",
                        List.of(Map.of("from", payer, "to", TOKEN.toHex(), "data", Hex.encode(transfer)))).asString());

                ChainReader reader = context.getBean(ChainReader.class);
                assertThat(reader.whereAmI()).startsWith("chain 31337 at block ");
                assertThat(reader.balances(Address.of(payer))).as("the payer paid gas").isNegative();
                assertThat(reader.latestBlock()).hasValueSatisfying(
                        (block) -> assertThat(block.transactionHashes()).contains(sent));
                assertThat(reader.succeeded(sent)).isTrue();
                assertThat(reader.transfersOf(TOKEN, 0)).singleElement()
                    .satisfies((log) -> assertThat(log.transactionHash()).isEqualTo(sent));
                assertThat(reader.read(ANSWER, new byte[0])).hasSize(32).endsWith((byte) 42);
                assertThat(reader.accessList(TOKEN, transfer).gasUsed()).isPositive();
                List<SimulatedBlock> simulated = reader.simulate(TOKEN, transfer, transfer);
                assertThat(simulated).singleElement().satisfies((block) -> assertThat(block.calls()).hasSize(2)
                    .allSatisfy((call) -> {
                        assertThat(call.success()).isTrue();
                        assertThat(call.logs()).hasSize(1);
                    }));
                CallFrame frame = reader.trace(sent);
                assertThat(frame.type()).isEqualTo("CALL");
                assertThat(frame.to()).isEqualTo(TOKEN);
            });
    }
}
