package sh.brane.readme;

import java.math.BigInteger;
import java.net.http.HttpClient;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.bind.handler.NoUnboundElementsBindHandler;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.env.EnumerablePropertySource;
import org.springframework.core.env.PropertySource;
import org.springframework.core.io.ClassPathResource;
import org.springframework.stereotype.Service;

import sh.brane.client.BraneClient;
import sh.brane.client.BlockTag;
import sh.brane.client.Receipt;
import sh.brane.client.SigningClient;
import sh.brane.client.TxRequest;
import sh.brane.core.types.Address;
import sh.brane.rpc.BraneProvider;
import sh.brane.rpc.HttpProvider;
import sh.brane.rpc.TransportType;
import sh.brane.spring.boot.autoconfigure.DecoratedBraneProvider;
import sh.brane.spring.boot.autoconfigure.BraneAutoConfiguration;
import sh.brane.spring.boot.autoconfigure.BraneProperties;
import sh.brane.spring.boot.autoconfigure.HttpConfigCustomizer;
import sh.brane.spring.boot.autoconfigure.devnet.BraneDevnetAutoConfiguration;

import static org.assertj.core.api.Assertions.assertThat;

/** The examples of docs/spring-boot.md and of the README's front page, kept true. */
class SpringBootReadmeExamplesTest {

    // docs/spring-boot.md "Use it", and the README's "Twenty lines"
    @Service
    static class PaymentService {

        private final BraneClient client;

        private final SigningClient wallet;

        PaymentService(BraneClient client, SigningClient wallet) {
            this.client = client;
            this.wallet = wallet;
        }

        BigInteger balanceOf(Address account) {
            return this.client.getBalance(account, BlockTag.LATEST);
        }

        Receipt pay(Address to, BigInteger wei) {
            return this.wallet.send(TxRequest.builder().to(to).value(wei).build());
        }
    }

    // docs/spring-boot.md "Customizers"
    @org.springframework.context.annotation.Configuration(proxyBeanMethods = false)
    static class Http2Configuration {

        @org.springframework.context.annotation.Bean
        HttpConfigCustomizer http2() {
            return builder -> builder.version(HttpClient.Version.HTTP_2);
        }
    }

    @Test
    void http2CustomizerApplies() {
        new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(BraneAutoConfiguration.class))
            .withUserConfiguration(Http2Configuration.class)
            .withPropertyValues("brane.rpc.url=https://node.example")
            .run((context) -> assertThat(((HttpProvider) DecoratedBraneProvider.unwrap(context.getBean(BraneProvider.class))).config().version())
                .isEqualTo(HttpClient.Version.HTTP_2));
    }

    @Test
    void paymentServiceOnTheDevnet() {
        new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(BraneDevnetAutoConfiguration.class, BraneAutoConfiguration.class))
            .withBean(PaymentService.class)
            .withPropertyValues("brane.devnet.in-tests=true",
                    "brane.signer.mnemonic=test test test test test test test test test test test junk")
            .run((context) -> {
                PaymentService payments = context.getBean(PaymentService.class);
                Address bob = Address.of("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
                BigInteger before = payments.balanceOf(bob);
                Receipt receipt = payments.pay(bob, BigInteger.TEN.pow(18));
                assertThat(receipt.status()).isTrue();
                assertThat(payments.balanceOf(bob)).isEqualTo(before.add(BigInteger.TEN.pow(18)));
            });
    }

    @Test
    void applicationYmlExampleBindsEveryKey() throws Exception {
        List<PropertySource<?>> sources = new YamlPropertySourceLoader().load("readme",
                new ClassPathResource("readme/application.yml"));
        Set<String> keys = new TreeSet<>();
        for (PropertySource<?> source : sources) {
            keys.addAll(List.of(((EnumerablePropertySource<?>) source).getPropertyNames()));
        }
        assertThat(keys).hasSizeGreaterThan(30);
        org.springframework.mock.env.MockEnvironment environment = new org.springframework.mock.env.MockEnvironment()
            .withProperty("NODE_API_KEY", "k")
            .withProperty("SIGNER_KEY", "0x01");
        sources.forEach(environment.getPropertySources()::addFirst);
        // fails on any key that matches no property: the example has no typos
        BraneProperties properties = new Binder(ConfigurationPropertySources.get(environment),
                new org.springframework.boot.context.properties.bind.PropertySourcesPlaceholdersResolver(environment))
            .bind("brane", Bindable.of(BraneProperties.class), new NoUnboundElementsBindHandler(org.springframework.boot.context.properties.bind.BindHandler.DEFAULT))
            .get();
        assertThat(properties.getRpc().getUrl()).isEqualTo("wss://eth-mainnet.example.com/v2/k");
        assertThat(properties.getRpc().getExpectedChainId()).isEqualTo(1L);
        assertThat(properties.getRpc().getWs().getMaxFrameSize().toMegabytes()).isEqualTo(16);
        assertThat(properties.getRpc().getWs().getTransport()).isEqualTo(TransportType.AUTO);
        assertThat(properties.getSigner().getPrivateKey()).isEqualTo("0x01");
        assertThat(properties.getHealth().getMaxHeadAge()).hasMinutes(1);
    }

    /** The documents show the code this class compiles: a change to one without the other fails here. */
    @org.junit.jupiter.api.Test
    void theDocumentsShowThePaymentServiceCompiledHere() throws Exception {
        String readme = java.nio.file.Files.readString(java.nio.file.Path.of("../README.md"));
        String starter = java.nio.file.Files.readString(java.nio.file.Path.of("../docs/spring-boot.md"));
        for (String doc : List.of(readme, starter)) {
            assertThat(doc).contains("PaymentService(BraneClient client, SigningClient wallet) {",
                    "return wallet.send(TxRequest.builder().to(to).value(wei).build());");
        }
        assertThat(starter).contains("return client.getBalance(account, BlockTag.LATEST);",
                "builder -> builder.version(HttpClient.Version.HTTP_2)");
    }
}
