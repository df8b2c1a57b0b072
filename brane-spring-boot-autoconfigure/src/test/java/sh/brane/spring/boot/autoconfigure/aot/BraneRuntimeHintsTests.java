package sh.brane.spring.boot.autoconfigure.aot;

import org.junit.jupiter.api.Test;

import org.springframework.aot.hint.MemberCategory;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.aot.hint.predicate.RuntimeHintsPredicates;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.io.support.SpringFactoriesLoader;

import sh.brane.devnet.Anvil;
import sh.brane.spring.boot.autoconfigure.devnet.BraneDevnetAutoConfiguration;

import static org.assertj.core.api.Assertions.assertThat;

/** The native-image hints are registered through aot.factories and cover what Brane loads by name. */
class BraneRuntimeHintsTests {

    private final RuntimeHints hints = new RuntimeHints();

    BraneRuntimeHintsTests() {
        SpringFactoriesLoader.forResourceLocation("META-INF/spring/aot.factories")
            .load(RuntimeHintsRegistrar.class)
            .forEach((registrar) -> registrar.registerHints(this.hints, getClass().getClassLoader()));
    }

    @Test
    void registeredInAotFactories() {
        assertThat(SpringFactoriesLoader.forResourceLocation("META-INF/spring/aot.factories")
            .load(RuntimeHintsRegistrar.class)).hasAtLeastOneElementOfType(BraneRuntimeHints.class);
    }

    @Test
    void bip39WordListIsAResource() {
        assertThat(RuntimeHintsPredicates.resource().forResource(BraneRuntimeHints.BIP39_WORD_LIST))
            .accepts(this.hints);
        // and it is where the mnemonic signer reads it
        assertThat(getClass().getClassLoader().getResource(BraneRuntimeHints.BIP39_WORD_LIST)).isNotNull();
    }

    @Test
    void disruptorFieldsAndQuickAckAreReflective() throws Exception {
        for (String holder : BraneRuntimeHints.DISRUPTOR_FIELD_HOLDERS) {
            assertThat(RuntimeHintsPredicates.reflection()
                .onType(Class.forName(holder))
                .withMemberCategory(MemberCategory.ACCESS_DECLARED_FIELDS)).as(holder).accepts(this.hints);
        }
        assertThat(RuntimeHintsPredicates.reflection()
            .onFieldAccess(Class.forName(BraneRuntimeHints.EXTENDED_SOCKET_OPTIONS).getField("TCP_QUICKACK")))
            .accepts(this.hints);
    }

    @Test
    void devnetIsSkippedDuringAotProcessing() {
        String previous = System.getProperty("spring.aot.processing");
        System.setProperty("spring.aot.processing", "true");
        try {
            new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(BraneDevnetAutoConfiguration.class))
                .withPropertyValues("brane.devnet.enabled=true", "brane.devnet.in-tests=true")
                .run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(Anvil.class));
        }
        finally {
            if (previous == null) {
                System.clearProperty("spring.aot.processing");
            }
            else {
                System.setProperty("spring.aot.processing", previous);
            }
        }
    }
}
