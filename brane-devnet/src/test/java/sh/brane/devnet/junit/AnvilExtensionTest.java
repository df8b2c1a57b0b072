package sh.brane.devnet.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import sh.brane.devnet.Anvil;
import sh.brane.devnet.Rpc;

@WithAnvil
class AnvilExtensionTest {

    static Anvil staticNode;
    Anvil instanceNode;

    static Anvil fromBeforeAll;

    @BeforeAll
    static void beforeAll(Anvil anvil) {
        fromBeforeAll = anvil;
    }

    @Test
    void injectsOneRunningNodeIntoFieldsAndParameters(Anvil anvil) {
        assertThat(anvil.isRunning()).isTrue();
        assertThat(staticNode).isSameAs(anvil);
        assertThat(instanceNode).isSameAs(anvil);
        assertThat(fromBeforeAll).isSameAs(anvil);
        assertThat(Rpc.result(anvil.httpUrl(), "eth_chainId", "[]")).isEqualTo("0x7a69");
    }

    @Test
    void theNodeIsPerClassNotPerMethod(Anvil anvil) {
        assertThat(anvil).isSameAs(staticNode);
    }

    // ---- classes run through the JUnit launcher below (surefire skips nested classes by default) ----

    static final List<Long> PIDS = new CopyOnWriteArrayList<>();
    static final List<Anvil> NODES = new CopyOnWriteArrayList<>();

    private static volatile boolean launching;

    /** The nested classes run only when launched by the tests below, not when surefire discovers them. */
    static boolean launching() {
        return launching;
    }

    @WithAnvil
    @EnabledIf("sh.brane.devnet.junit.AnvilExtensionTest#launching")
    static class PerClassA {
        @Test
        void record(Anvil anvil) {
            PIDS.add(anvil.pid());
            NODES.add(anvil);
        }
    }

    @WithAnvil
    @EnabledIf("sh.brane.devnet.junit.AnvilExtensionTest#launching")
    static class PerClassB {
        @Test
        void record(Anvil anvil) {
            PIDS.add(anvil.pid());
            NODES.add(anvil);
        }
    }

    @WithAnvil(shared = true, chainId = 4242)
    @EnabledIf("sh.brane.devnet.junit.AnvilExtensionTest#launching")
    static class SharedA {
        @Test
        void record(Anvil anvil) {
            assertThat(Rpc.result(anvil.httpUrl(), "eth_chainId", "[]")).isEqualTo("0x1092");
            PIDS.add(anvil.pid());
            NODES.add(anvil);
        }

        @Test
        void recordAgain(Anvil anvil) {
            PIDS.add(anvil.pid());
            NODES.add(anvil);
        }
    }

    @WithAnvil(shared = true, chainId = 4242)
    @EnabledIf("sh.brane.devnet.junit.AnvilExtensionTest#launching")
    static class SharedB {
        @Test
        void record(Anvil anvil) {
            PIDS.add(anvil.pid());
            NODES.add(anvil);
        }
    }

    @EnabledIf("sh.brane.devnet.junit.AnvilExtensionTest#launching")
    static class NotAnnotated {
        @Test
        void wantsANode(Anvil anvil) {
            NODES.add(anvil);
        }
    }

    @Test
    void perClassNodesAreDistinctAndStoppedAfterTheirClass() {
        TestExecutionSummary summary = run(PerClassA.class, PerClassB.class);
        assertThat(summary.getTestsSucceededCount()).isEqualTo(2);
        assertThat(PIDS).hasSize(2).doesNotHaveDuplicates();
        assertThat(NODES).allSatisfy(n -> assertThat(n.isRunning()).isFalse());
        assertThat(PIDS).allSatisfy(pid ->
                assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).isFalse());
    }

    @Test
    void sharedNodeServesEveryClassOfTheRunAndStopsAtItsEnd() {
        TestExecutionSummary summary = run(SharedA.class, SharedB.class);
        assertThat(summary.getTestsSucceededCount()).isEqualTo(3);
        assertThat(PIDS).hasSize(3).containsOnly(PIDS.get(0));
        assertThat(NODES.get(0).isRunning()).isFalse();
        assertThat(ProcessHandle.of(PIDS.get(0)).map(ProcessHandle::isAlive).orElse(false)).isFalse();
    }

    @Test
    void aParameterWithoutWithAnvilFailsClearly() {
        TestExecutionSummary summary = run(NotAnnotated.class);
        assertThat(summary.getTestsFailedCount()).isEqualTo(1);
        assertThat(summary.getFailures().get(0).getException())
                .hasMessageContaining("No ParameterResolver registered for parameter");
        assertThat(NODES).isEmpty();
    }

    private static TestExecutionSummary run(Class<?>... classes) {
        PIDS.clear();
        NODES.clear();
        Launcher launcher = LauncherFactory.create();
        SummaryGeneratingListener listener = new SummaryGeneratingListener();
        var request = LauncherDiscoveryRequestBuilder.request();
        for (Class<?> c : classes) {
            request.selectors(selectClass(c));
        }
        launching = true;
        try {
            launcher.execute(request.build(), listener);
        } finally {
            launching = false;
        }
        return listener.getSummary();
    }
}
