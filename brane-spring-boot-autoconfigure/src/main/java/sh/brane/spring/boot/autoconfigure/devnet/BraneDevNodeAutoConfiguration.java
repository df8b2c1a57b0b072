package sh.brane.spring.boot.autoconfigure.devnet;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.context.annotation.Bean;

import sh.brane.devnet.Anvil;
import sh.brane.rpc.BraneProvider;
import sh.brane.spring.boot.autoconfigure.BraneAutoConfiguration;

/** A {@link DevNode} bean over the provider when the devnet runs. */
@AutoConfiguration(after = { BraneDevnetAutoConfiguration.class, BraneAutoConfiguration.class })
@ConditionalOnClass(Anvil.class)
@ConditionalOnBean(Anvil.class)
@ConditionalOnSingleCandidate(BraneProvider.class)
public final class BraneDevNodeAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean
    DevNode braneDevNode(BraneProvider provider) {
        return new DevNode(provider);
    }
}
