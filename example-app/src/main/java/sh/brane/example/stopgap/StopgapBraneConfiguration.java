package sh.brane.example.stopgap;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import sh.brane.core.crypto.Keystore;
import sh.brane.core.crypto.PrivateKey;
import sh.brane.devnet.Anvil;
import sh.brane.example.chain.ConnectionState;
import sh.brane.example.chain.Quantities;
import sh.brane.example.signer.Signer;
import sh.brane.rpc.BraneProvider;
import sh.brane.rpc.HttpConfig;
import sh.brane.rpc.HttpProvider;
import sh.brane.rpc.WebSocketConfig;
import sh.brane.rpc.WebSocketProvider;

@Configuration(proxyBeanMethods = false)
class StopgapBraneConfiguration {

    @Bean(destroyMethod = "close")
    @ConditionalOnProperty(name = "brane.devnet.enabled", havingValue = "true")
    Anvil braneDevnet(@Value("${brane.devnet.block-time:1}") int blockTime) {
        return Anvil.builder().blockTime(blockTime).start();
    }

    @Bean(destroyMethod = "close")
    BraneProvider braneProvider(ObjectProvider<Anvil> devnet, @Value("${brane.rpc.url:}") String url,
                                MeterRegistry registry) {
        Anvil anvil = devnet.getIfAvailable();
        String target = anvil != null ? anvil.wsUrl() : url;
        if (target == null || target.isBlank()) {
            throw new IllegalStateException("set brane.rpc.url (env BRANE_RPC_URL) or brane.devnet.enabled=true");
        }
        BraneProvider provider;
        String transport;
        if (target.startsWith("http")) {
            provider = HttpProvider.create(HttpConfig.builder(target).name("default").build());
            transport = "http";
        } else {
            provider = WebSocketProvider.create(WebSocketConfig.builder(target).name("default")
                    .reconnectMaxBackoff(Duration.ofSeconds(2)).build());
            transport = "ws";
        }
        provider.setMetrics(new StopgapMicrometerMetrics(registry, provider, "default", transport));
        return provider;
    }

    @Bean
    Signer braneSigner(ObjectProvider<Anvil> devnet,
                       @Value("${brane.signer.private-key:}") String privateKey,
                       @Value("${brane.signer.keystore:}") String keystore,
                       @Value("${brane.signer.password:}") String password) throws IOException {
        if (!privateKey.isBlank()) {
            return new Signer(PrivateKey.fromHex(privateKey.strip()));
        }
        if (!keystore.isBlank()) {
            return new Signer(Keystore.decrypt(Files.readString(Path.of(keystore)), password.toCharArray()));
        }
        Anvil anvil = devnet.getIfAvailable();
        if (anvil != null) {
            return new Signer(PrivateKey.fromHex(anvil.account(0).privateKey()));
        }
        throw new IllegalStateException(
                "no signer: set brane.signer.private-key (env BRANE_SIGNER_PRIVATE_KEY) or brane.signer.keystore"
                        + " and brane.signer.password");
    }

    @Bean
    HealthIndicator braneHealthIndicator(BraneProvider provider) {
        return () -> {
            try {
                long chainId = Quantities.longValue(
                        provider.sendAsync("eth_chainId", List.of(), Duration.ofSeconds(2)).join());
                return Health.up().withDetail("chainId", chainId)
                        .withDetail("connection", ConnectionState.of(provider)).build();
            } catch (RuntimeException e) {
                return Health.down().withDetail("connection", ConnectionState.of(provider))
                        .withDetail("error", String.valueOf(e.getCause() != null ? e.getCause().getMessage() : e.getMessage()))
                        .build();
            }
        };
    }
}
