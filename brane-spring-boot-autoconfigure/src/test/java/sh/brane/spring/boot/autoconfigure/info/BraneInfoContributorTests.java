package sh.brane.spring.boot.autoconfigure.info;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import org.springframework.boot.actuate.info.Info;
import org.springframework.boot.actuate.info.InfoContributor;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import sh.brane.spring.boot.autoconfigure.BraneAutoConfiguration;
import sh.brane.spring.boot.autoconfigure.tx.BraneTransactionAutoConfiguration;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code /actuator/info}'s brane entry: chains, endpoints' names, signer addresses, journal; never a URL or a key. */
@SuppressWarnings("unchecked")
class BraneInfoContributorTests {

    private static final String KEY = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";

    private final ApplicationContextRunner runner = new ApplicationContextRunner().withConfiguration(AutoConfigurations
        .of(BraneAutoConfiguration.class, BraneTransactionAutoConfiguration.class,
                BraneInfoContributorAutoConfiguration.class));

    @Test
    void chainsEndpointsAndSignersWithoutSecrets() {
        this.runner
            .withPropertyValues("brane.rpc.url=http://127.0.0.1:9/v1/secret-api-key", "brane.rpc.name=primary",
                    "brane.rpc.expected-chain-id=31337", "brane.signer.private-key=" + KEY)
            .run((context) -> {
                assertThat(context).hasNotFailed();
                Info.Builder builder = new Info.Builder();
                context.getBean(InfoContributor.class).contribute(builder);
                Map<String, Object> brane = (Map<String, Object>) builder.build().getDetails().get("brane");
                assertThat(brane).containsEntry("journal", "memory");
                Map<String, Object> chain = (Map<String, Object>) ((Map<String, Object>) brane.get("chains"))
                    .get("default");
                assertThat(chain).containsEntry("chainId", 31337L)
                    .containsEntry("endpoints", List.of(Map.of("name", "primary", "transport", "http")));
                assertThat((Map<String, String>) brane.get("signers"))
                    .containsValue("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
                String all = brane.toString();
                assertThat(all).doesNotContain("secret-api-key").doesNotContain("127.0.0.1")
                    .doesNotContain(KEY.substring(2, 20));
            });
    }

    @Test
    void offWithManagementInfoBraneEnabledFalse() {
        this.runner.withPropertyValues("brane.rpc.url=http://127.0.0.1:9", "management.info.brane.enabled=false")
            .run((context) -> assertThat(context).doesNotHaveBean(BraneInfoContributor.class));
    }
}
