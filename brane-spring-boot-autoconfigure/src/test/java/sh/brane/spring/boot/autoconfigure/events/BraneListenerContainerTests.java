package sh.brane.spring.boot.autoconfigure.events;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationListener;

import sh.brane.client.BraneClient;
import sh.brane.client.SigningClient;
import sh.brane.client.TxRequest;
import sh.brane.client.events.CheckpointStore;
import sh.brane.client.events.StreamedLog;
import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.types.Address;
import sh.brane.devnet.Anvil;
import sh.brane.primitives.Hex;
import sh.brane.rpc.HttpProvider;
import sh.brane.spring.boot.autoconfigure.BraneAutoConfiguration;
import sh.brane.spring.eventfixtures.Emitter;
import sh.brane.spring.eventfixtures.ScriptedDeposits;

/**
 * The listener containers against a real Anvil: retries with back-off, the recoverer, pause and resume through the
 * registry, a stop in the middle of a batch, start-up checks of the retry properties, observations, virtual threads.
 */
class BraneListenerContainerTests {
    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(BraneAutoConfiguration.class, BraneEventsAutoConfiguration.class));

    static Anvil anvil;
    static HttpProvider provider;
    static BraneClient client;
    static SigningClient sender;
    static int emitters;

    @BeforeAll
    static void startAnvil() {
        anvil = Anvil.start();
        provider = HttpProvider.create(anvil.httpUrl());
        client = new BraneClient(provider, Duration.ofMillis(20));
        sender = new SigningClient(client, PrivateKey.fromHex(anvil.account(1).privateKey()));
    }

    @AfterAll
    static void stopAnvil() {
        client.close();
        provider.close();
        anvil.close();
    }

    /** A fresh emitter (so each test reads only its own transfers) and the properties that point the listener at it. */
    private static String[] emitter(String... more) {
        String address = String.format("0x%040x", 0xf00 + ++emitters);
        provider.send("anvil_setCode", List.of(address, Emitter.RUNTIME));
        List<String> props = new ArrayList<>(List.of("brane.rpc.url=" + anvil.httpUrl(), "emitter.address=" + address,
                "scripted.from-block=" + (client.blockNumber() + 1)));
        props.addAll(List.of(more));
        return props.toArray(String[]::new);
    }

    private static long send(String emitterAddress, long amount) {
        Address to = Address.of(anvil.account(2).address());
        byte[] data = Hex.decode("0x" + "0".repeat(24) + to.toHex().substring(2) + String.format("%064x", amount));
        sender.send(TxRequest.builder().to(Address.of(emitterAddress)).data(data).build());
        return client.blockNumber();
    }

    private static String emitterOf(AssertableApplicationContext context) {
        return context.getEnvironment().getProperty("emitter.address");
    }

    private static long checkpoint(AssertableApplicationContext context) {
        return context.getBean(CheckpointStore.class).load("scripted").map(c -> c.blockNumber()).orElse(-1L);
    }

    private static void probeCheckpoints(AssertableApplicationContext context) {
        context.getBean(ScriptedDeposits.class).checkpoint = () -> checkpoint(context);
    }

    /** Waits while {@code pending} holds, 20 s at most; the assertions after it say what was missing. */
    private static void waitUpTo20sWhile(Callable<Boolean> pending) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (pending.call() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
    }

    @Test
    void aListenerThatFailsTwiceIsCalledAgainAfterEachBackOffAndTheCheckpointWaitsForItsSuccess() throws Exception {
        List<Observation.Context> observed = new CopyOnWriteArrayList<>();
        ObservationRegistry observations = ObservationRegistry.create();
        observations.observationConfig().observationHandler(new ObservationHandler<>() {
            @Override
            public boolean supportsContext(Observation.Context context) {
                return true;
            }

            @Override
            public void onStop(Observation.Context context) {
                observed.add(context);
            }
        });
        runner.withBean(ScriptedDeposits.class).withBean(ObservationRegistry.class, () -> observations)
                .withPropertyValues(emitter("brane.events.listener.retry.initial-interval=200ms",
                        "brane.events.listener.retry.multiplier=2", "brane.events.listener.retry.max-attempts=5"))
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    probeCheckpoints(context);
                    ScriptedDeposits listener = context.getBean(ScriptedDeposits.class);
                    listener.failures.put(21L, 2);
                    long block = send(emitterOf(context), 21);
                    waitUpTo20sWhile(() -> listener.applied.isEmpty());
                    assertThat(listener.applied).containsExactly(21L);
                    List<ScriptedDeposits.Call> calls = listener.callsOf(21);
                    assertThat(calls).extracting(ScriptedDeposits.Call::failed).containsExactly(true, true, false);
                    assertThat(calls).allSatisfy(c -> assertThat(c.blockNumber()).isEqualTo(block));
                    assertThat(TimeUnit.NANOSECONDS.toMillis(calls.get(1).nanos() - calls.get(0).nanos()))
                            .as("the first back-off").isGreaterThanOrEqualTo(200);
                    assertThat(TimeUnit.NANOSECONDS.toMillis(calls.get(2).nanos() - calls.get(1).nanos()))
                            .as("the second, doubled").isGreaterThanOrEqualTo(400);
                    assertThat(calls).as("the checkpoint stays before the block while the listener fails")
                            .allSatisfy(c -> assertThat(c.checkpoint()).isLessThan(block));
                    waitUpTo20sWhile(() -> checkpoint(context) < block);
                    assertThat(checkpoint(context)).isGreaterThanOrEqualTo(block);
                    assertThat(observed).filteredOn(o -> o.getName().equals("brane.events.delivery")).hasSize(3)
                            .allSatisfy(o -> assertThat(o.getLowCardinalityKeyValue("listener").getValue())
                                    .isEqualTo("scripted"))
                            .filteredOn(o -> o.getError() != null).hasSize(2);
                });
    }

    @Test
    void aBackOffLongerThanTheLeaseKeepsTheStreamsLease() throws Exception {
        runner.withBean(ScriptedDeposits.class)
                .withPropertyValues(emitter("brane.events.lease-ttl=300ms",
                        "brane.events.listener.retry.initial-interval=1500ms", "brane.events.listener.retry.max-attempts=2"))
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    ScriptedDeposits listener = context.getBean(ScriptedDeposits.class);
                    listener.failures.put(25L, 1);
                    send(emitterOf(context), 25);
                    waitUpTo20sWhile(() -> listener.calls.isEmpty());
                    Thread.sleep(900); // three lease lifetimes into the back-off
                    CheckpointStore store = context.getBean(CheckpointStore.class);
                    assertThat(store.tryAcquire("scripted", "another-instance", Duration.ofMillis(300)))
                            .as("the lease is still this instance's").isFalse();
                    waitUpTo20sWhile(() -> listener.applied.isEmpty());
                    assertThat(listener.applied).containsExactly(25L);
                    assertThat(listener.callsOf(25)).hasSize(2);
                });
    }

    @Test
    void aListenerThatAlwaysFailsIsRecoveredOnceAndTheStreamGoesOn() throws Exception {
        record Recovered(String id, StreamedLog<?> log, Exception cause, int attempts) {
        }
        List<Recovered> recovered = new CopyOnWriteArrayList<>();
        BraneLogRecoverer recoverer = (id, log, cause, attempts) -> recovered.add(
                new Recovered(id, log, cause, attempts));
        runner.withBean(ScriptedDeposits.class).withBean(BraneLogRecoverer.class, () -> recoverer)
                .withPropertyValues(emitter("brane.events.listener.retry.initial-interval=50ms",
                        "brane.events.listener.retry.max-attempts=3"))
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    probeCheckpoints(context);
                    ScriptedDeposits listener = context.getBean(ScriptedDeposits.class);
                    listener.failures.put(31L, -1);
                    long failing = send(emitterOf(context), 31);
                    long next = send(emitterOf(context), 32);
                    waitUpTo20sWhile(() -> listener.applied.isEmpty());
                    assertThat(listener.applied).containsExactly(32L);
                    assertThat(listener.callsOf(31)).hasSize(3)
                            .allSatisfy(c -> assertThat(c.checkpoint()).isLessThan(failing));
                    assertThat(recovered).singleElement().satisfies(r -> {
                        assertThat(r.id()).isEqualTo("scripted");
                        assertThat(r.log().blockNumber()).isEqualTo(failing);
                        assertThat(r.cause()).hasMessage("scripted failure of amount 31");
                        assertThat(r.attempts()).isEqualTo(3);
                    });
                    waitUpTo20sWhile(() -> checkpoint(context) < next);
                    assertThat(checkpoint(context)).isGreaterThanOrEqualTo(next);
                    Thread.sleep(200);
                    assertThat(listener.callsOf(31)).as("not delivered again past the checkpoint").hasSize(3);
                });
    }

    @Test
    void theDefaultRecovererPublishesAnEventAndSkipsTheLog() {
        List<BraneListenerFailedEvent> events = new CopyOnWriteArrayList<>();
        runner.withBean(ScriptedDeposits.class)
                .withBean("failures", ApplicationListener.class,
                        () -> (ApplicationListener<BraneListenerFailedEvent>) events::add)
                .withPropertyValues(emitter("brane.events.listener.retry.initial-interval=10ms",
                        "brane.events.listener.retry.max-attempts=2"))
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    ScriptedDeposits listener = context.getBean(ScriptedDeposits.class);
                    listener.failures.put(35L, -1);
                    long block = send(emitterOf(context), 35);
                    waitUpTo20sWhile(() -> events.isEmpty());
                    assertThat(events).singleElement().satisfies(e -> {
                        assertThat(e.listenerId()).isEqualTo("scripted");
                        assertThat(e.log().blockNumber()).isEqualTo(block);
                        assertThat(e.attempts()).isEqualTo(2);
                    });
                    waitUpTo20sWhile(() -> checkpoint(context) < block);
                    assertThat(checkpoint(context)).isGreaterThanOrEqualTo(block);
                });
    }

    @Test
    void aListenerPausedThroughTheRegistryDeliversNothingUntilResumedOnAVirtualThread() throws Exception {
        runner.withBean(ScriptedDeposits.class)
                .withPropertyValues(emitter("spring.threads.virtual.enabled=true"))
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    ScriptedDeposits listener = context.getBean(ScriptedDeposits.class);
                    BraneListenerContainer container = context.getBean(BraneEventListenerContainer.class)
                            .listenerContainer("scripted");
                    waitUpTo20sWhile(() -> container.stream().position().isEmpty());
                    container.pause();
                    assertThat(container.isPaused()).isTrue();
                    long block = send(emitterOf(context), 41);
                    Thread.sleep(500); // 25 polls
                    assertThat(listener.calls).isEmpty();
                    assertThat(checkpoint(context)).isLessThan(block);
                    assertThat(container.stream().isConsuming()).as("the lease is kept while paused").isTrue();
                    container.resume();
                    waitUpTo20sWhile(() -> listener.applied.isEmpty());
                    assertThat(listener.applied).containsExactly(41L);
                    assertThat(listener.calls).allSatisfy(c -> assertThat(c.virtualThread()).isTrue());
                });
    }

    @Test
    void aContainerStoppedMidBatchResumesFromItsCheckpointWithoutLossOrDuplicatesBeforeIt() throws Exception {
        runner.withBean(ScriptedDeposits.class)
                .withPropertyValues(emitter("scripted.auto-startup=false"))
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    ScriptedDeposits listener = context.getBean(ScriptedDeposits.class);
                    BraneListenerContainer container = context.getBean(BraneEventListenerContainer.class)
                            .listenerContainer("scripted");
                    assertThat(container.isRunning()).as("autoStartup = false on the annotation").isFalse();
                    List<Long> sent = new ArrayList<>();
                    for (long amount = 51; amount <= 58; amount++) {
                        send(emitterOf(context), amount);
                        sent.add(amount);
                    }
                    listener.millisPerCall = 100;
                    container.start();
                    waitUpTo20sWhile(() -> listener.applied.size() < 3);
                    container.stop();
                    assertThat(container.isRunning()).isFalse();
                    long stoppedAt = checkpoint(context);
                    int deliveredBeforeStop = listener.applied.size();
                    assertThat(deliveredBeforeStop).as("stopped in the middle of the batch").isLessThan(sent.size());
                    Thread.sleep(200);
                    assertThat(listener.applied).as("nothing after the stop").hasSize(deliveredBeforeStop);

                    listener.millisPerCall = 0;
                    container.start();
                    waitUpTo20sWhile(() -> !new HashSet<>(listener.applied).containsAll(sent));
                    assertThat(new HashSet<>(listener.applied)).as("no log lost").containsAll(sent);
                    Map<Long, Long> deliveries = new java.util.TreeMap<>();
                    Set<Long> blocksAtOrBeforeCheckpoint = new HashSet<>();
                    for (ScriptedDeposits.Call c : listener.calls) {
                        deliveries.merge(c.amount(), 1L, Long::sum);
                        if (c.blockNumber() <= stoppedAt) {
                            blocksAtOrBeforeCheckpoint.add(c.amount());
                        }
                    }
                    assertThat(blocksAtOrBeforeCheckpoint).as("logs up to the checkpoint").isNotEmpty()
                            .allSatisfy(amount -> assertThat(deliveries.get(amount)).as("amount %d", amount)
                                    .isEqualTo(1L));
                    assertThat(deliveries.values()).allSatisfy(n -> assertThat(n).isLessThanOrEqualTo(2L));
                    assertThat(listener.applied).endsWith(58L);
                });
    }

    @Test
    void badRetryValuesStopStartUpNamingTheProperty() {
        runner.withBean(ScriptedDeposits.class).withPropertyValues(emitter("brane.events.listener.retry.max-attempts=-1"))
                .run(context -> assertThat(context).getFailure().rootCause()
                        .isInstanceOf(InvalidConfigurationPropertyValueException.class)
                        .hasMessageContaining("brane.events.listener.retry.max-attempts").hasMessageContaining("-1"));
        runner.withBean(ScriptedDeposits.class).withPropertyValues(emitter("brane.events.listener.retry.multiplier=0.5"))
                .run(context -> assertThat(context).getFailure().rootCause()
                        .hasMessageContaining("brane.events.listener.retry.multiplier"));
        runner.withBean(ScriptedDeposits.class)
                .withPropertyValues(emitter("brane.events.listener.retry.initial-interval=10s",
                        "brane.events.listener.retry.max-interval=1s"))
                .run(context -> assertThat(context).getFailure().rootCause()
                        .hasMessageContaining("brane.events.listener.retry.max-interval"));
        runner.withBean(ScriptedDeposits.class).withPropertyValues(emitter("scripted.auto-startup=sometimes"))
                .run(context -> assertThat(context).getFailure().rootCause()
                        .hasMessageContaining("autoStartup").hasMessageContaining("sometimes"));
    }
}
