package sh.brane.spring.boot.autoconfigure;

import java.time.Duration;
import java.util.Map;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.health.contributor.CompositeHealthContributor;
import org.springframework.boot.health.contributor.HealthContributor;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.MapPropertySource;

import sh.brane.client.BraneClient;
import sh.brane.client.SigningClient;
import sh.brane.core.types.Wei;
import sh.brane.rpc.BraneProvider;
import sh.brane.rpc.HttpConfig;
import sh.brane.rpc.HttpProvider;
import sh.brane.signer.ChainPinnedSigner;
import sh.brane.signer.Signer;
import sh.brane.signer.SignerCeilings;
import sh.brane.spring.boot.autoconfigure.health.BraneHealthContributorAutoConfiguration;
import sh.brane.spring.boot.autoconfigure.health.BraneHealthIndicator;
import sh.brane.spring.boot.autoconfigure.metrics.BraneMetricsAutoConfiguration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code brane.chains.<name>.*} without a node (HTTP providers connect per request, so nothing is reached): the beans
 * per chain and their qualifiers, each chain's own settings, the shorthand beside chains, providers the application
 * declares, and every configuration error naming its property.
 */
class BraneChainsTests {

    private static final String KEY = BraneAutoConfigurationTests.DEV_KEY_0;

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(BraneAutoConfiguration.class, BraneMetricsAutoConfiguration.class,
                BraneHealthContributorAutoConfiguration.class))
        .withBean(MeterRegistry.class, SimpleMeterRegistry::new);

    @Test
    void eachChainGetsAProviderAndAClientQualifiedByItsName() {
        this.runner
            .withPropertyValues("brane.chains.l1.rpc.url=http://localhost:1/a",
                    "brane.chains.base.rpc.url=http://localhost:2/b")
            .withUserConfiguration(ChainUser.class)
            .run((context) -> {
                assertThat(context).hasNotFailed()
                    .hasBean("l1BraneProvider")
                    .hasBean("baseBraneProvider")
                    .hasBean("l1BraneClient")
                    .hasBean("baseBraneClient")
                    .hasSingleBean(BraneProviderLifecycle.class);
                assertThat(context.getBeansOfType(BraneProvider.class)).hasSize(2);
                // two chains and no shorthand: no unique unqualified client (name the chain)
                assertThat(context.getBeanProvider(BraneClient.class).getIfUnique()).isNull();
                assertThat(context.getBeanProvider(BraneProvider.class).getIfUnique()).isNull();
                ChainUser user = context.getBean(ChainUser.class);
                assertThat(user.l1.provider()).isSameAs(context.getBean("l1BraneProvider"));
                assertThat(user.base.provider()).isSameAs(context.getBean("baseBraneProvider"));
                // the endpoint is named after its chain, and each reaches its own URL
                assertThat(config(context, "l1BraneProvider").name()).isEqualTo("l1");
                assertThat(config(context, "l1BraneProvider").uri().toString()).isEqualTo("http://localhost:1/a");
                assertThat(config(context, "baseBraneProvider").uri().toString()).isEqualTo("http://localhost:2/b");
            });
    }

    @Test
    void aSingleChainWithoutTheShorthandIsTheOneClientForPlainInjectionPoints() {
        this.runner.withPropertyValues("brane.chains.base.rpc.url=http://localhost:2")
            .run((context) -> assertThat(context.getBeanProvider(BraneClient.class).getIfAvailable())
                .isSameAs(context.getBean("baseBraneClient")));
    }

    @Test
    void eachChainHasItsOwnRpcClientAndHealthSettings() {
        this.runner
            .withPropertyValues("brane.chains.l1.rpc.url=http://localhost:1", "brane.chains.l1.rpc.name=infura",
                    "brane.chains.l1.rpc.request-timeout=7s", "brane.chains.l1.rpc.http.max-retries=1",
                    "brane.chains.l1.client.poll-interval=2s", "brane.chains.l1.health.timeout=3s",
                    "brane.chains.base.rpc.url=http://localhost:2", "brane.rpc.request-timeout=9s")
            .run((context) -> {
                assertThat(context).hasNotFailed();
                HttpConfig l1 = config(context, "l1BraneProvider");
                assertThat(l1.name()).isEqualTo("infura");
                assertThat(l1.requestTimeout()).isEqualTo(Duration.ofSeconds(7));
                assertThat(l1.maxRetries()).isEqualTo(1);
                HttpConfig base = config(context, "baseBraneProvider");
                // nothing is inherited from the shorthand: a chain's unset values are the defaults
                assertThat(base.requestTimeout()).isEqualTo(Duration.ofSeconds(30));
                assertThat(base.maxRetries()).isEqualTo(3);
                assertThat(context.getBean(BraneProperties.class).getChains().get("l1").getClient().getPollInterval())
                    .isEqualTo(Duration.ofSeconds(2));
            });
    }

    @Test
    void healthHasOneEntryPerChainAndMetersAreTaggedByChain() {
        this.runner
            .withPropertyValues("brane.chains.l1.rpc.url=http://localhost:1",
                    "brane.chains.l1.rpc.expected-chain-id=1", "brane.chains.l1.rpc.http.max-retries=0",
                    "brane.chains.base.rpc.url=http://localhost:2")
            .run((context) -> {
                assertThat(context).hasNotFailed().hasBean("braneHealthContributor");
                CompositeHealthContributor health = context.getBean("braneHealthContributor",
                        CompositeHealthContributor.class);
                assertThat(health.stream().map((e) -> e.name())).containsExactlyInAnyOrder("l1", "base");
                assertThat(health.getContributor("l1")).isInstanceOf(BraneHealthIndicator.class);
                MeterRegistry registry = context.getBean(MeterRegistry.class);
                assertThat(registry.get("brane.rpc.requests.pending").tag("chain", "l1").tag("endpoint", "l1").gauge())
                    .isNotNull();
                assertThat(registry.get("brane.rpc.requests.pending").tag("chain", "base").gauge()).isNotNull();
            });
    }

    @Test
    void theShorthandStaysBesideChainsAndKeepsThePlainInjectionPoints() {
        this.runner
            .withPropertyValues("brane.rpc.url=http://localhost:1", "brane.chains.base.rpc.url=http://localhost:2")
            .run((context) -> {
                assertThat(context).hasNotFailed();
                // the chain's beans are no default candidates: BraneProvider and BraneClient stay unambiguous
                assertThat(context.getBean(BraneProvider.class)).isSameAs(context.getBean("braneProvider"));
                assertThat(context.getBean(BraneClient.class)).isSameAs(context.getBean("braneClient"));
                CompositeHealthContributor health = context.getBean("braneHealthContributor",
                        CompositeHealthContributor.class);
                assertThat(health.stream().map((e) -> e.name())).containsExactlyInAnyOrder("default", "base");
                MeterRegistry registry = context.getBean(MeterRegistry.class);
                assertThat(registry.get("brane.rpc.requests.pending").tag("chain", "default").gauge()).isNotNull();
            });
    }

    @Test
    void namedSignersOfTheShorthandStayOnTheShorthandsClient() {
        this.runner
            .withPropertyValues("brane.rpc.url=http://localhost:1", "brane.rpc.expected-chain-id=1",
                    "brane.rpc.http.max-retries=0", "brane.signers.ops.private-key=" + KEY,
                    "brane.chains.base.rpc.url=http://localhost:2")
            .run((context) -> {
                assertThat(context).hasNotFailed();
                assertThat(context.getBean("opsSigningClient", SigningClient.class).client())
                    .isSameAs(context.getBean("braneClient"));
            });
    }

    @Test
    void namedSignersOfTheShorthandGetNoChainsClient() {
        this.runner
            .withPropertyValues("brane.rpc.expected-chain-id=1", "brane.signers.ops.private-key=" + KEY,
                    "brane.chains.base.rpc.url=http://localhost:2")
            .run((context) -> assertThat(context).hasNotFailed().hasBean("opsSigner")
                .doesNotHaveBean("opsSigningClient"));
    }

    @Test
    void withoutChainsTheHealthContributorIsTheOneIndicatorAsBefore() {
        this.runner.withPropertyValues("brane.rpc.url=http://localhost:1")
            .run((context) -> assertThat(context).getBean("braneHealthContributor", HealthContributor.class)
                .isInstanceOf(BraneHealthIndicator.class));
    }

    @Test
    void aSignerOnAChainIsPinnedToThatChainWithItsCeilingsAndItsClient() {
        this.runner
            .withPropertyValues("brane.chains.base.rpc.url=http://localhost:2",
                    "brane.chains.base.rpc.expected-chain-id=8453", "brane.chains.base.rpc.http.max-retries=0",
                    "brane.chains.base.signers.treasury.private-key=" + KEY,
                    "brane.chains.base.signers.treasury.max-fee-per-gas=2gwei",
                    "brane.chains.l1.rpc.url=http://localhost:1")
            .withUserConfiguration(SignerUser.class)
            .run((context) -> {
                assertThat(context).hasNotFailed()
                    .hasBean("base.treasurySigner")
                    .hasBean("base.treasurySignerCeilings")
                    .hasBean("base.treasurySigningClient");
                SignerUser user = context.getBean(SignerUser.class);
                assertThat(user.signer).isInstanceOf(ChainPinnedSigner.class);
                assertThat(((ChainPinnedSigner) user.signer).chainId()).isEqualTo(8453);
                assertThat(user.signer.name()).isEqualTo("base.treasury");
                assertThat(user.ceilings.maxFeePerGas()).isEqualTo(Wei.parse("2gwei"));
                assertThat(user.wallet).isNotNull();
            });
    }

    @Test
    void providersTheApplicationDeclaresGetHealthMetricsAndTheShutdownDrain() {
        this.runner.withUserConfiguration(DeclaredProviders.class).run((context) -> {
            assertThat(context).hasNotFailed().hasSingleBean(BraneProviderLifecycle.class);
            CompositeHealthContributor health = context.getBean("braneHealthContributor",
                    CompositeHealthContributor.class);
            assertThat(health.stream().map((e) -> e.name())).containsExactlyInAnyOrder("mainnet", "polygon");
            MeterRegistry registry = context.getBean(MeterRegistry.class);
            assertThat(registry.get("brane.rpc.requests.pending").tag("chain", "mainnet").tag("endpoint", "m").gauge())
                .isNotNull();
            assertThat(registry.get("brane.rpc.requests.pending").tag("chain", "polygon").gauge()).isNotNull();
        });
    }

    @Test
    void aClientTheApplicationDeclaresOverAProviderThatIsNoBeanGetsHealthMetricsAndTheDrain() {
        this.runner.withPropertyValues("brane.chains.base.rpc.url=http://localhost:2")
            .withUserConfiguration(DeclaredClient.class)
            .run((context) -> {
                assertThat(context).hasNotFailed();
                CompositeHealthContributor health = context.getBean("braneHealthContributor",
                        CompositeHealthContributor.class);
                assertThat(health.stream().map((e) -> e.name())).containsExactlyInAnyOrder("base", "arbitrum");
                MeterRegistry registry = context.getBean(MeterRegistry.class);
                assertThat(registry.get("brane.rpc.requests.pending").tag("chain", "arbitrum").tag("endpoint", "arb")
                    .gauge()).isNotNull();
                BraneProvider inside = context.getBean("arbitrum", BraneClient.class).provider();
                assertThat(BraneProviderBeans.all(context.getBeanFactory(), context.getBean(BraneProperties.class)))
                    .extracting(BraneProviderBeans.Entry::provider)
                    .contains(inside, context.getBean("baseBraneProvider", BraneProvider.class));
            });
    }

    @Test
    void aChainsEndpointsMakeAFallbackProviderWithTheirNames() {
        this.runner
            .withPropertyValues("brane.chains.base.rpc.endpoints[0].name=base-a",
                    "brane.chains.base.rpc.endpoints[0].url=http://localhost:1",
                    "brane.chains.base.rpc.endpoints[1].name=base-b",
                    "brane.chains.base.rpc.endpoints[1].url=http://localhost:2")
            .run((context) -> {
                assertThat(context).hasNotFailed();
                BraneProvider provider = context.getBean("baseBraneProvider", BraneProvider.class);
                assertThat(provider.status()).extracting((status) -> status.name())
                    .containsExactly("base-a", "base-b");
                assertThat(context.getBean(MeterRegistry.class)
                    .get("brane.rpc.requests.pending")
                    .tag("chain", "base")
                    .tag("endpoint", "base-b")
                    .gauge()).isNotNull();
            });
    }

    @Test
    void aChainsMissingSslBundleFailsNamingItsProperty() {
        this.runner
            .withPropertyValues("brane.chains.base.rpc.url=https://localhost:1",
                    "brane.chains.base.rpc.ssl.bundle=node-ca")
            .run((context) -> assertFailure(context, "brane.chains.base.rpc.ssl.bundle", "node-ca"));
    }

    @Test
    void aChainWithoutANodeFailsNamingItsUrl() {
        this.runner.withPropertyValues("brane.chains.base.rpc.expected-chain-id=8453")
            .run((context) -> assertFailure(context, "brane.chains.base.rpc.url", "has no node"));
    }

    @Test
    void aChainWithUrlAndEndpointsFailsNamingItsUrl() {
        this.runner
            .withPropertyValues("brane.chains.base.rpc.url=http://localhost:1",
                    "brane.chains.base.rpc.endpoints[0].name=a", "brane.chains.base.rpc.endpoints[0].url=http://b:1")
            .run((context) -> assertFailure(context, "brane.chains.base.rpc.url", "not both"));
    }

    @Test
    void twoChainsOfOneNameFail() {
        // as from YAML (two keys of one map): TestPropertyValues would refuse the upper-case name itself
        this.runner
            .withInitializer((context) -> context.getEnvironment()
                .getPropertySources()
                .addFirst(new MapPropertySource("chains", Map.of("brane.chains[Base].rpc.url", "http://localhost:1",
                        "brane.chains[base].rpc.url", "http://localhost:2"))))
            .run((context) -> assertFailure(context, "brane.chains[", "same name"));
    }

    @Test
    void aChainNamedDefaultBesideTheShorthandFails() {
        this.runner
            .withPropertyValues("brane.rpc.url=http://localhost:1", "brane.chains.default.rpc.url=http://localhost:2")
            .run((context) -> assertFailure(context, "brane.chains.default", "one-chain shorthand"));
    }

    @Test
    void aChainNameThatCannotNameBeansFails() {
        this.runner.withPropertyValues("brane.chains[l2_x].rpc.url=http://localhost:1")
            .run((context) -> assertFailure(context, "brane.chains[l2_x]", "1 to 64 lower-case letters"));
    }

    @Test
    void aSignerOnAChainWithoutItsChainIdFailsNamingTheChainsExpectedChainId() {
        this.runner
            .withPropertyValues("brane.chains.base.rpc.url=http://localhost:1", "brane.rpc.expected-chain-id=1",
                    "brane.chains.base.signers.treasury.private-key=" + KEY)
            .run((context) -> assertFailure(context, "brane.chains.base.rpc.expected-chain-id",
                    "brane.chains.base.signers.treasury"));
    }

    @Test
    void aChainsBadValueFailsNamingTheChainsProperty() {
        this.runner
            .withPropertyValues("brane.chains.base.rpc.url=ws://localhost:1",
                    "brane.chains.base.rpc.ws.ring-buffer-size=1000")
            .run((context) -> assertFailure(context, "brane.chains.base.rpc.ws.ring-buffer-size", "power of two"));
    }

    @Test
    void aChainsBadCeilingFailsNamingItsProperty() {
        this.runner
            .withPropertyValues("brane.chains.base.rpc.url=http://localhost:1",
                    "brane.chains.base.rpc.expected-chain-id=8453", "brane.chains.base.rpc.http.max-retries=0",
                    "brane.chains.base.signers.treasury.private-key=" + KEY,
                    "brane.chains.base.signers.treasury.max-gas-limit=100")
            .run((context) -> assertFailure(context, "brane.chains.base.signers.treasury.max-gas-limit", "21000"));
    }

    private static void assertFailure(AssertableApplicationContext context, String property, String reason) {
        assertThat(context).hasFailed();
        Throwable failure = context.getStartupFailure();
        while (failure != null && !(failure instanceof InvalidConfigurationPropertyValueException)) {
            failure = failure.getCause();
        }
        assertThat(failure).as("an InvalidConfigurationPropertyValueException in " + context.getStartupFailure())
            .isNotNull();
        InvalidConfigurationPropertyValueException invalid = (InvalidConfigurationPropertyValueException) failure;
        assertThat(invalid.getName()).startsWith(property);
        assertThat(invalid.getMessage()).contains(reason);
    }

    private static HttpConfig config(AssertableApplicationContext context, String bean) {
        return (((HttpProvider) DecoratedBraneProvider.unwrap(context.getBean(bean, BraneProvider.class)))).config();
    }

    @Configuration(proxyBeanMethods = false)
    static class ChainUser {

        final BraneClient l1;

        final BraneClient base;

        ChainUser(@Qualifier("l1") BraneClient l1, @Qualifier("base") BraneClient base) {
            this.l1 = l1;
            this.base = base;
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class SignerUser {

        final Signer signer;

        final SignerCeilings ceilings;

        final SigningClient wallet;

        SignerUser(@Qualifier("base.treasury") Signer signer, @Qualifier("base.treasury") SignerCeilings ceilings,
                @Qualifier("base.treasury") SigningClient wallet) {
            this.signer = signer;
            this.ceilings = ceilings;
            this.wallet = wallet;
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class DeclaredClient {

        @Bean(destroyMethod = "close")
        BraneClient arbitrum() {
            return new BraneClient(HttpProvider.create(HttpConfig.builder("http://localhost:3").name("arb").build()));
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class DeclaredProviders {

        @Bean(destroyMethod = "close")
        BraneProvider mainnet() {
            return HttpProvider.create(HttpConfig.builder("http://localhost:1").name("m").build());
        }

        @Bean(destroyMethod = "close")
        BraneProvider polygon() {
            return HttpProvider.create(HttpConfig.builder("http://localhost:2").name("p").build());
        }
    }

}
