package sh.brane.spring.boot.autoconfigure.aot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import org.junit.jupiter.api.Test;
import org.springframework.aot.generate.GenerationContext;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.predicate.RuntimeHintsPredicates;
import org.springframework.beans.factory.aot.BeanFactoryInitializationAotContribution;
import org.springframework.beans.factory.aot.BeanFactoryInitializationAotProcessor;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.support.GenericApplicationContext;
import org.springframework.context.annotation.AnnotationConfigUtils;
import org.springframework.core.io.support.SpringFactoriesLoader;

import sh.brane.spring.boot.autoconfigure.contract.EnableBraneContracts;
import sh.brane.spring.eventfixtures.Deposits;
import sh.brane.spring.eventfixtures.Emitter;

/** A native image gets the JDK proxy of every @BraneContract bean, its records and ABI, and the listener methods. */
class BraneContractsAotProcessorTests {

    @Test
    void registeredInAotFactories() {
        assertThat(SpringFactoriesLoader.forResourceLocation("META-INF/spring/aot.factories")
                .load(BeanFactoryInitializationAotProcessor.class))
                .hasAtLeastOneElementOfType(BraneContractsAotProcessor.class);
    }

    @Test
    void contractProxiesRecordsAbisAndListenerMethodsAreHinted() throws Exception {
        RuntimeHints hints = new RuntimeHints();
        try (GenericApplicationContext context = new GenericApplicationContext()) {
            AnnotationConfigUtils.registerAnnotationConfigProcessors(context);
            context.registerBean(Contracts.class);
            context.registerBean(Deposits.class);
            context.refreshForAotProcessing(hints); // bean definitions only: nothing is bound or started
            BeanFactoryInitializationAotContribution contribution = new BraneContractsAotProcessor()
                    .processAheadOfTime(context.getBeanFactory());
            assertThat(contribution).isNotNull();
            GenerationContext generation = mock(GenerationContext.class);
            when(generation.getRuntimeHints()).thenReturn(hints);
            contribution.applyTo(generation, null);
        }
        assertThat(RuntimeHintsPredicates.proxies().forInterfaces(Emitter.class)).accepts(hints);
        assertThat(RuntimeHintsPredicates.reflection().onType(Emitter.Transfer.class)).accepts(hints);
        assertThat(RuntimeHintsPredicates.resource().forResource("contracts/transfer-emitter.json")).accepts(hints);
        assertThat(RuntimeHintsPredicates.reflection()
                .onMethodInvocation(Deposits.class.getDeclaredMethod("onTransfer", Emitter.Transfer.class,
                        sh.brane.client.Log.class))).accepts(hints);
    }

    @Test
    void anApplicationWithoutContractsOrListenersContributesNothing() {
        try (GenericApplicationContext context = new GenericApplicationContext()) {
            context.refreshForAotProcessing(new RuntimeHints());
            assertThat(new BraneContractsAotProcessor().processAheadOfTime(context.getBeanFactory())).isNull();
        }
    }

    @Test
    void recordsReachedOnlyThroughTypeArgumentsArraysAndComponentsAreHinted() {
        RuntimeHints hints = new RuntimeHints();
        BraneContractsAotProcessor.register(hints, Quotes.class);
        for (Class<?> record : new Class<?>[] {Quote.class, Leg.class, Fee.class, Batch.class}) {
            assertThat(RuntimeHintsPredicates.reflection().onType(record)).as(record.getSimpleName()).accepts(hints);
        }
        assertThat(RuntimeHintsPredicates.reflection().onType(String.class)).rejects(hints);
    }

    record Fee(java.math.BigInteger amount) {
    }

    record Leg(sh.brane.core.types.Address token, Fee fee) {
    }

    record Quote(java.math.BigInteger price, Leg[] legs) {
    }

    record Batch(java.math.BigInteger id) {
    }

    /** Its records are declared outside it, so only its signatures name them. */
    interface Quotes {
        java.util.concurrent.CompletableFuture<Quote> quote(java.math.BigInteger id);

        java.util.List<Quote> quotes();

        void settle(java.util.List<? extends Batch> batches);
    }

    @Configuration(proxyBeanMethods = false)
    @EnableBraneContracts(basePackageClasses = Emitter.class)
    static class Contracts {
    }
}
