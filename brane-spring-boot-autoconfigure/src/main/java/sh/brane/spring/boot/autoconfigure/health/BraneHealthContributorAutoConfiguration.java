package sh.brane.spring.boot.autoconfigure.health;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.CompositeHealthContributor;
import org.springframework.boot.health.contributor.HealthContributor;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;

import sh.brane.client.tx.TransactionStore;
import sh.brane.spring.boot.autoconfigure.BraneAutoConfiguration;
import sh.brane.spring.boot.autoconfigure.BraneChainIdVerdicts;
import sh.brane.spring.boot.autoconfigure.BraneProperties;
import sh.brane.spring.boot.autoconfigure.BraneProviderBeans;
import sh.brane.spring.boot.autoconfigure.BraneProvidersCondition;
import sh.brane.spring.boot.autoconfigure.tx.BraneTransactionSenders;

/**
 * {@link EnableAutoConfiguration Auto-configuration} for the {@code brane} health contributor:
 * {@link BraneHealthIndicator} for the one provider of a one-chain application, or, with several providers
 * ({@code brane.chains.<name>}, or several the application declares), a composite with one such entry per chain.
 * {@code management.health.brane.enabled=false} turns it off.
 */
@AutoConfiguration(after = BraneAutoConfiguration.class,
        afterName = "sh.brane.spring.boot.autoconfigure.tx.BraneTransactionAutoConfiguration")
@ConditionalOnClass({ HealthIndicator.class, ConditionalOnEnabledHealthIndicator.class })
@Conditional(BraneProvidersCondition.class)
@ConditionalOnEnabledHealthIndicator("brane")
public final class BraneHealthContributorAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean(name = { "braneHealthIndicator", "braneHealthContributor" })
    HealthContributor braneHealthContributor(ConfigurableListableBeanFactory beans, BraneProperties properties,
            ObjectProvider<BraneChainIdVerdicts> verdicts, ObjectProvider<BraneTransactionSenders> senders,
            ObjectProvider<TransactionStore> journal) {
        List<BraneProviderBeans.Entry> entries = BraneProviderBeans.all(beans, properties);
        BraneChainIdVerdicts found = verdicts.getIfAvailable(BraneChainIdVerdicts::new);
        TransactionStore store = journal.getIfUnique();
        String journalKind = (store != null) ? BraneTransactionSenders.journalKind(store) : null;
        if (entries.size() == 1 && properties.getChains().isEmpty()) {
            return indicator(entries.get(0), found, senders).journal(journalKind);
        }
        Map<String, HealthContributor> perChain = new LinkedHashMap<>();
        entries.forEach((entry) -> perChain.put(entry.name(), indicator(entry, found, senders).journal(journalKind)));
        return CompositeHealthContributor.fromMap(perChain);
    }

    private static BraneHealthIndicator indicator(BraneProviderBeans.Entry entry, BraneChainIdVerdicts verdicts,
            ObjectProvider<BraneTransactionSenders> senders) {
        BraneHealthIndicator indicator = new BraneHealthIndicator(entry.provider(), entry.health().getTimeout(),
                entry.health().getMaxHeadAge())
            .expectChainId(entry.expectedChainId(), entry.chainIdProperty())
            .chainIdentity(() -> SenderChainIdentities.mismatch(senders.getIfAvailable(), entry.provider(),
                    entry.health().getTimeout()));
        // the starter checks the chain id of the providers it creates only (a declared one: every probe compares)
        return entry.autoConfigured() ? indicator.chainIdMismatches(() -> verdicts.mismatches(entry.name()))
                : indicator;
    }
}
