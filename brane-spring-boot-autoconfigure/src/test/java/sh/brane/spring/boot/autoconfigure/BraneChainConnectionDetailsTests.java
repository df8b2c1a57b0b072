package sh.brane.spring.boot.autoconfigure;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import sh.brane.client.BraneClient;
import sh.brane.devnet.Anvil;
import sh.brane.rpc.BraneProvider;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A chain of brane.chains served by {@link BraneChainConnectionDetails} (as a dev service labelled with the chain
 * gives them) against a real Anvil: the details win over the chain's rpc.url, a chain needs no rpc.url then, the
 * chain of brane.rpc keeps its properties, and a label naming an unconfigured chain, or two for one chain, fail
 * start-up naming the label and the configured chains.
 */
class BraneChainConnectionDetailsTests {

    private static final long L2_CHAIN_ID = 1337;

    /** Nothing listens there: a chain that reached it would not answer its chain id. */
    private static final String UNUSED_URL = "http://127.0.0.1:9";

    static Anvil l2;

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(BraneAutoConfiguration.class));

    @BeforeAll
    static void startNode() {
        l2 = Anvil.builder().chainId(L2_CHAIN_ID).start();
    }

    @AfterAll
    static void stopNode() {
        l2.close();
    }

    @Test
    void theDetailsDriveTheirChainInsteadOfItsUrl() {
        this.runner.withBean("l2Node", BraneChainConnectionDetails.class, () -> new Node("l2", l2.httpUrl()))
            .withPropertyValues("brane.chains.l2.rpc.url=" + UNUSED_URL,
                    "brane.chains.l2.rpc.expected-chain-id=" + L2_CHAIN_ID)
            .run((context) -> {
                assertThat(context).hasNotFailed();
                assertThat(context.getBean("l2BraneClient", BraneClient.class).chainId()).isEqualTo(L2_CHAIN_ID);
            });
    }

    @Test
    void aChainServedByDetailsNeedsNoUrlAndTheShorthandKeepsItsProperties() {
        this.runner.withBean("l2Node", BraneChainConnectionDetails.class, () -> new Node("l2", l2.wsUrl()))
            .withPropertyValues("brane.rpc.url=" + UNUSED_URL, "brane.chains.l2.rpc.expected-chain-id=" + L2_CHAIN_ID)
            .run((context) -> {
                assertThat(context).hasNotFailed();
                assertThat(context.getBean(BraneConnectionDetails.class).getUrl()).isEqualTo(UNUSED_URL);
                BraneClient chain = context.getBean("l2BraneClient", BraneClient.class);
                BraneStartupWithoutNodeTests.awaitConnected(context.getBean("l2BraneProvider", BraneProvider.class));
                assertThat(chain.chainId()).isEqualTo(L2_CHAIN_ID);
            });
    }

    @Test
    void aLabelNamingAnUnconfiguredChainFailsNamingTheLabelAndTheChains() {
        this.runner.withBean("l3Node", BraneChainConnectionDetails.class, () -> new Node("l3", l2.httpUrl()))
            .withPropertyValues("brane.chains.l1.rpc.url=" + UNUSED_URL, "brane.chains.l2.rpc.url=" + UNUSED_URL)
            .run((context) -> assertThat(context).getFailure()
                .rootCause()
                .hasMessageContaining("'l3Node'")
                .hasMessageContaining("sh.brane.chain=l3")
                .hasMessageContaining("configured chains: [l1, l2]"));
    }

    @Test
    void aLabelFailsAlsoWhenNoChainIsConfigured() {
        this.runner.withBean("l2Node", BraneChainConnectionDetails.class, () -> new Node("l2", l2.httpUrl()))
            .withPropertyValues("brane.rpc.url=" + l2.httpUrl())
            .run((context) -> assertThat(context).getFailure()
                .rootCause()
                .hasMessageContaining("sh.brane.chain=l2")
                .hasMessageContaining("configured chains: none"));
    }

    @Test
    void twoForOneChainFail() {
        this.runner.withBean("first", BraneChainConnectionDetails.class, () -> new Node("l2", l2.httpUrl()))
            .withBean("second", BraneChainConnectionDetails.class, () -> new Node("l2", l2.wsUrl()))
            .withPropertyValues("brane.chains.l2.rpc.expected-chain-id=" + L2_CHAIN_ID)
            .run((context) -> assertThat(context).getFailure()
                .rootCause()
                .hasMessageContaining("'second'")
                .hasMessageContaining("'first'")
                .hasMessageContaining("both name the chain 'l2'"));
    }

    @Test
    void aChainWithoutUrlThatNoDetailsServeStillFailsNamingItsProperty() {
        this.runner.withBean("l2Node", BraneChainConnectionDetails.class, () -> new Node("l2", l2.httpUrl()))
            .withPropertyValues("brane.chains.l2.rpc.expected-chain-id=" + L2_CHAIN_ID,
                    "brane.chains.l1.rpc.expected-chain-id=31337")
            .run((context) -> assertThat(context).getFailure()
                .rootCause()
                .isInstanceOf(InvalidConfigurationPropertyValueException.class)
                .hasMessageContaining("brane.chains.l1.rpc.url")
                .hasMessageContaining("sh.brane.chain=l1"));
    }

    private record Node(String chain, String url) implements BraneChainConnectionDetails {

        @Override
        public String getChain() {
            return this.chain;
        }

        @Override
        public String getUrl() {
            return this.url;
        }
    }
}
