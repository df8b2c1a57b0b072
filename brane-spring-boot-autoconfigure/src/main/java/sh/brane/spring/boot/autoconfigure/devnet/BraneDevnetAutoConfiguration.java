package sh.brane.spring.boot.autoconfigure.devnet;

import java.time.Duration;
import java.util.stream.Collectors;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.core.env.Environment;

import sh.brane.devnet.Anvil;
import sh.brane.devnet.DevAccount;
import sh.brane.spring.boot.autoconfigure.BraneAutoConfiguration;
import sh.brane.spring.boot.autoconfigure.BraneConnectionDetails;
import sh.brane.spring.boot.autoconfigure.BraneProperties;

/**
 * {@link EnableAutoConfiguration Auto-configuration} of a development node: with {@code brane.devnet.enabled}
 * a local Anvil starts before the provider, the provider connects to it (through a
 * {@link BraneConnectionDetails} bean, so it wins over {@code brane.rpc.url}), and it stops with the context.
 * Needs {@code sh.brane:brane-devnet}, a development-time dependency left out of packaged jars; skipped in a test
 * unless it asks ({@code brane.devnet.in-tests}, or {@code @AutoConfigureBrane(devnet = true)}), during AOT
 * processing and in AOT-processed (native) applications.
 */
@AutoConfiguration(before = BraneAutoConfiguration.class)
@ConditionalOnClass(Anvil.class)
@Conditional({ DevnetRequestedCondition.class, NotAotCondition.class })
@EnableConfigurationProperties(BraneProperties.class)
public final class BraneDevnetAutoConfiguration {

    private static final Logger logger = LoggerFactory.getLogger(BraneDevnetAutoConfiguration.class);

    // a node from elsewhere (e.g. @ServiceConnection) wins: then no local process is started
    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean({ Anvil.class, BraneConnectionDetails.class })
    Anvil braneDevnetAnvil(BraneProperties properties) {
        BraneProperties.Devnet devnet = properties.getDevnet();
        Long expected = properties.getRpc().getExpectedChainId();
        if (expected != null && expected != devnet.getChainId()) {
            // knowable from configuration alone: fail start-up before starting a node, not after reaching it
            throw new InvalidConfigurationPropertyValueException("brane.devnet.chain-id", devnet.getChainId(),
                    "the devnet's chain differs from brane.rpc.expected-chain-id (" + expected + "): set "
                            + "brane.devnet.chain-id to " + expected + ", or brane.rpc.expected-chain-id to "
                            + devnet.getChainId());
        }
        Anvil.Builder builder = Anvil.builder().chainId(devnet.getChainId()).accounts(devnet.getAccounts());
        java.time.Duration blockTime = devnet.getBlockTime();
        if (blockTime.isNegative() || blockTime.toNanos() % 1_000_000_000L != 0) {
            throw new InvalidConfigurationPropertyValueException("brane.devnet.block-time", blockTime,
                    "must be zero (a block per transaction) or a whole number of seconds, e.g. 1s or 2");
        }
        if (!blockTime.isZero()) {
            builder.blockTime(Math.toIntExact(blockTime.toSeconds()));
        }
        // Stopped by Spring Boot's shutdown hook after the context (and so the provider) is closed, not by a JVM
        // hook of its own running alongside it: a clean stop then logs no "connection lost".
        Anvil anvil = builder.stopOnJvmExit(false).start();
        SpringApplication.getShutdownHandlers().add(anvil::close);
        // addresses only: the keys are well known, but a log is no place for any key
        logger.info("Brane devnet: Anvil {} on {} (chain {}), dev accounts: {}", anvil.binary(),
                devnet.isWebsocket() ? anvil.wsUrl() : anvil.httpUrl(), anvil.chainId(),
                anvil.accounts().stream().map(DevAccount::address).collect(Collectors.joining(", ")));
        return anvil;
    }

    /** The devnet's provider, bound to a local process started just before: its handshake is awaited. */
    @Bean
    @ConditionalOnMissingBean(BraneConnectionDetails.class)
    static DevnetFirstConnection braneDevnetFirstConnection(Environment environment) {
        Duration timeout = Binder.get(environment)
            .bind("brane.rpc.ws.connect-timeout", Duration.class)
            .orElse(Duration.ofSeconds(10));
        return new DevnetFirstConnection(timeout);
    }

    @Bean
    @ConditionalOnMissingBean(BraneConnectionDetails.class)
    @ConditionalOnBean(Anvil.class)
    DevnetBraneConnectionDetails braneConnectionDetails(Anvil anvil, BraneProperties properties) {
        return new DevnetBraneConnectionDetails(anvil, properties.getDevnet().isWebsocket());
    }
}
