package sh.brane.spring.boot.autoconfigure.info;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.actuate.info.Info;
import org.springframework.boot.actuate.info.InfoContributor;

import sh.brane.client.tx.TransactionStore;
import sh.brane.rpc.EndpointStatus;
import sh.brane.signer.Signer;
import sh.brane.spring.boot.autoconfigure.BraneProperties;
import sh.brane.spring.boot.autoconfigure.BraneProviderBeans;
import sh.brane.spring.boot.autoconfigure.tx.BraneTransactionSenders;

/**
 * The {@code brane} entry of {@code /actuator/info}: each chain with its expected chain id and its endpoints'
 * configured names and transports (never a URL, which may hold an API key), the signers' names and addresses (never
 * key material) and the journal's kind.
 */
public class BraneInfoContributor implements InfoContributor {

    private final ConfigurableListableBeanFactory beans;

    private final BraneProperties properties;

    public BraneInfoContributor(ConfigurableListableBeanFactory beans, BraneProperties properties) {
        this.beans = beans;
        this.properties = properties;
    }

    @Override
    public void contribute(Info.Builder builder) {
        Map<String, Object> brane = new LinkedHashMap<>();
        Map<String, Object> chains = new LinkedHashMap<>();
        for (BraneProviderBeans.Entry entry : BraneProviderBeans.all(this.beans, this.properties)) {
            Map<String, Object> chain = new LinkedHashMap<>();
            if (entry.expectedChainId() != null) {
                chain.put("chainId", entry.expectedChainId());
            }
            List<Map<String, String>> endpoints = new ArrayList<>();
            for (EndpointStatus endpoint : entry.provider().status()) {
                endpoints.add(Map.of("name", endpoint.name(), "transport", endpoint.transport().tag()));
            }
            chain.put("endpoints", endpoints);
            chains.put(entry.name(), chain);
        }
        brane.put("chains", chains);
        Map<String, String> signers = new LinkedHashMap<>();
        for (Signer signer : this.beans.getBeansOfType(Signer.class, false, false).values()) {
            signers.put(signer.name(), signer.address().toChecksumString());
        }
        brane.put("signers", signers);
        this.beans.getBeanProvider(TransactionStore.class)
            .ifUnique((store) -> brane.put("journal", BraneTransactionSenders.journalKind(store)));
        builder.withDetail("brane", brane);
    }
}
