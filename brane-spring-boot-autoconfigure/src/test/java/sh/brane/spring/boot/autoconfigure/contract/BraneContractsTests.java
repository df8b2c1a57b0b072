package sh.brane.spring.boot.autoconfigure.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurationPackage;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import sh.brane.client.BraneClient;
import sh.brane.client.contract.ContractBindingException;
import sh.brane.client.contract.PreparedCall;
import sh.brane.core.types.Address;
import sh.brane.rpc.BraneMetrics;
import sh.brane.rpc.BraneProvider;
import sh.brane.rpc.RpcCall;
import sh.brane.rpc.Subscription;
import sh.brane.rpc.SubscriptionListener;
import sh.brane.spring.contractfixtures.app.Token;
import sh.brane.spring.contractfixtures.app.Vault;
import sh.brane.spring.contractfixtures.broken.Broken;
import sh.brane.spring.contractfixtures.chained.ChainToken;
import sh.brane.spring.contractfixtures.chained.L2Token;
import sh.brane.spring.contractfixtures.unaddressed.Unaddressed;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/** {@code @BraneContract} interfaces become beans: address from a placeholder or a property, checked at start-up. */
class BraneContractsTests {

    static final String TOKEN = "0x00000000000000000000000000000000000000a1";
    static final String VAULT = "0x00000000000000000000000000000000000000a2";

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(BraneContractsAutoConfiguration.class));

    @Test
    void interfacesInTheApplicationPackagesBecomeBeansBoundFromProperties() {
        runner.withUserConfiguration(App.class)
                .withPropertyValues("tokens.token=" + TOKEN, "brane.contracts.vault.address=" + VAULT)
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    Token token = context.getBean(Token.class);
                    assertThat(token.contractAddress()).isEqualTo(Address.of(TOKEN));
                    assertThat(token.decimals()).isEqualTo(6); // answered by the stub node
                    PreparedCall call = token.transfer(Address.of(VAULT), BigInteger.TEN);
                    assertThat(call.to()).isEqualTo(Address.of(TOKEN));
                    assertThat(context.getBean("vault", Vault.class).contractAddress()).isEqualTo(Address.of(VAULT));
                });
    }

    @Test
    void aContractWithoutAnAddressStopsStartUpNamingTheProperty() {
        runner.withUserConfiguration(Explicit.class).run(context -> assertThat(context).getFailure()
                .rootCause().hasMessageContaining("brane.contracts.unaddressed.address")
                .hasMessageContaining("Unaddressed"));
    }

    @Test
    void aMalformedAddressIsAnInvalidPropertyValue() {
        runner.withUserConfiguration(Explicit.class)
                .withPropertyValues("brane.contracts.unaddressed.address=0x1234")
                .run(context -> assertThat(context).getFailure().rootCause()
                        .isInstanceOf(InvalidConfigurationPropertyValueException.class)
                        .hasMessageContaining("brane.contracts.unaddressed.address").hasMessageContaining("0x1234"));
    }

    @Test
    void anInterfaceThatDoesNotMatchItsAbiStopsStartUpNamingTheMethod() {
        runner.withUserConfiguration(BrokenApp.class).run(context -> assertThat(context).getFailure().rootCause()
                .isInstanceOf(ContractBindingException.class).hasMessageContaining("Broken.decimals")
                .hasMessageContaining("uint8"));
    }

    @Test
    void aContractNamingAChainReadsThroughThatChainsClient() {
        runner.withUserConfiguration(Chains.class)
                .withPropertyValues("brane.chains.l2.rpc.url=http://127.0.0.1:1",
                        "brane.contracts.chainToken.chain=l2")
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    // l2's stub answers 7, the default client's 6: the annotation and the property each pick l2
                    assertThat(context.getBean(L2Token.class).decimals()).isEqualTo(7);
                    assertThat(context.getBean(ChainToken.class).decimals()).isEqualTo(7);
                });
    }

    @Test
    void withoutAChainOrClientTheContractReadsThroughTheOneClient() {
        runner.withUserConfiguration(Chains.class)
                .withPropertyValues("brane.chains.l2.rpc.url=http://127.0.0.1:1")
                .run(context -> assertThat(context.getBean(ChainToken.class).decimals()).isEqualTo(6));
    }

    @Test
    void anUnknownChainStopsStartUpNamingThePropertyAndTheConfiguredChains() {
        runner.withUserConfiguration(Chains.class)
                .withPropertyValues("brane.chains.l2.rpc.url=http://127.0.0.1:1",
                        "brane.contracts.chainToken.chain=l3")
                .run(context -> assertThat(context).getFailure().rootCause()
                        .isInstanceOf(InvalidConfigurationPropertyValueException.class)
                        .hasMessageContaining("brane.contracts.chainToken.chain").hasMessageContaining("l3")
                        .hasMessageContaining("configured under brane.chains: l2"));
    }

    @Test
    void aChainAndAClientTogetherStopStartUpNamingBoth() {
        runner.withUserConfiguration(Chains.class)
                .withPropertyValues("brane.chains.l2.rpc.url=http://127.0.0.1:1",
                        "brane.contracts.chainToken.chain=l2", "brane.contracts.chainToken.client=braneClient")
                .run(context -> assertThat(context).getFailure().rootCause()
                        .hasMessageContaining("brane.contracts.chainToken.client")
                        .hasMessageContaining("brane.contracts.chainToken.chain").hasMessageContaining("set one"));
    }

    @Configuration(proxyBeanMethods = false)
    @EnableBraneContracts(basePackageClasses = L2Token.class)
    static class Chains {
        @Bean
        @org.springframework.context.annotation.Primary
        BraneClient braneClient() {
            return new BraneClient(new StubNode(), Duration.ofMillis(50));
        }

        /** What BraneChainsRegistrar registers for brane.chains.l2. */
        @Bean
        BraneClient l2BraneClient() {
            return new BraneClient(new StubNode(7), Duration.ofMillis(50));
        }
    }

    @Configuration(proxyBeanMethods = false)
    @AutoConfigurationPackage(basePackageClasses = Token.class)
    static class App {
        @Bean
        BraneClient braneClient() {
            return new BraneClient(new StubNode(), Duration.ofMillis(50));
        }
    }

    @Configuration(proxyBeanMethods = false)
    @EnableBraneContracts(basePackageClasses = Unaddressed.class)
    @AutoConfigurationPackage(basePackageClasses = Token.class) // stands aside: @EnableBraneContracts names packages
    static class Explicit {
        @Bean
        BraneClient braneClient() {
            return new BraneClient(new StubNode(), Duration.ofMillis(50));
        }
    }

    @Configuration(proxyBeanMethods = false)
    @EnableBraneContracts(basePackageClasses = Broken.class)
    static class BrokenApp {
        @Bean
        BraneClient braneClient() {
            return new BraneClient(new StubNode(), Duration.ofMillis(50));
        }
    }

    /** Answers every eth_call with one uint (6 unless told). */
    static final class StubNode implements BraneProvider {
        private final int answer;

        StubNode() {
            this(6);
        }

        StubNode(int answer) {
            this.answer = answer;
        }

        @Override
        public CompletableFuture<JsonNode> sendAsync(String method, List<?> params) {
            return sendAsync(method, params, Duration.ofSeconds(1));
        }

        @Override
        public CompletableFuture<JsonNode> sendAsync(String method, List<?> params, Duration timeout) {
            if (method.equals("eth_call")) {
                return CompletableFuture.completedFuture(JsonNodeFactory.instance.textNode(
                        "0x" + "0".repeat(63) + Integer.toHexString(answer)));
            }
            return CompletableFuture.failedFuture(new UnsupportedOperationException(method));
        }

        @Override
        public CompletableFuture<JsonNode> sendAsyncBatch(String method, List<?> params) {
            return sendAsync(method, params);
        }

        @Override
        public List<CompletableFuture<JsonNode>> sendBatch(List<RpcCall> calls) {
            throw new UnsupportedOperationException();
        }

        @Override
        public CompletableFuture<Subscription> subscribe(List<?> params, SubscriptionListener listener) {
            throw new UnsupportedOperationException();
        }

        @Override
        public CompletableFuture<Boolean> unsubscribe(Subscription subscription) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void setMetrics(BraneMetrics metrics) {
        }

        @Override
        public int pendingRequests() {
            return 0;
        }

        @Override
        public void close() {
        }
    }
}
