package sh.brane.rpc;

import static org.assertj.core.api.Assertions.assertThat;
import static sh.brane.rpc.WebSocketProviderTest.failureOf;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Endpoints that never answered rank after those that did, and a submission never finds out a dead one. */
class FallbackRankingTest {

    @RegisterExtension
    final TestResources toClose = new TestResources();

    private FallbackProviderTest.Node node(String mode) throws Exception {
        FallbackProviderTest.Node n = new FallbackProviderTest.Node();
        n.mode = mode;
        toClose.add(n);
        return n;
    }

    @Test
    void aSubmissionGoesToTheHealthyPrimaryNotToAnUntriedBackup() throws Exception {
        // the primary answers in a few milliseconds; the backup takes connections and drops them
        FallbackProviderTest.Node primary = node("slow");
        FallbackProviderTest.Node backup = node("drop");
        FallbackProvider p = FallbackProvider.create(primary.provider(), backup.provider());
        toClose.add(p);
        for (int i = 0; i < 10; i++) {
            assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69");
        }
        JsonNodeAssert.isHash(p.send("eth_sendRawTransaction", List.of("0x02")).asString());
        assertThat(backup.calls.get()).isZero();
        assertThat(primary.methods).contains("eth_sendRawTransaction");
    }

    @Test
    void anUntriedEndpointIsProbedBeforeASubmissionIsSentToIt() throws Exception {
        FallbackProviderTest.Node primary = node("ok");
        FallbackProviderTest.Node backup = node("drop");
        FallbackProvider p = FallbackProvider.builder().add(primary.provider()).add(backup.provider())
                .failureThreshold(1).probeInterval(Duration.ofHours(1)).build();
        toClose.add(p);
        assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69");
        // the primary starts refusing: one failed read takes it out (the read itself fails over to the backup,
        // which drops it: a read may go anywhere)
        primary.mode = "503";
        failureOf(p.sendAsync("eth_blockNumber", List.of()), 3000);
        assertThat(p.isHealthy(0)).isFalse();
        int backupCalls = backup.methods.size();

        // the backup has never answered: it is asked for its chain id first, fails that, and never sees the
        // transaction (whose outcome would otherwise be "may or may not have reached the node")
        Throwable e = failureOf(p.sendAsync("eth_sendRawTransaction", List.of("0x02")), 3000);
        assertThat(backup.methods.subList(backupCalls, backup.methods.size())).containsOnly("eth_chainId");
        assertThat(backup.methods).doesNotContain("eth_sendRawTransaction");
        assertThat(e).isInstanceOf(BraneRpcException.class);
    }

    @Test
    void anEndpointOnAnotherChainNeverTakesASubmissionNorReturnsToRotation() throws Exception {
        FallbackProviderTest.Node primary = node("ok");
        FallbackProviderTest.Node backup = node("otherchain");
        FallbackProvider p = FallbackProvider.builder().add(primary.provider()).add(backup.provider())
                .failureThreshold(1).probeInterval(Duration.ofMillis(50)).expectedChainId(31337).build();
        toClose.add(p);
        assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69");
        // the backup answers, but for chain 1: the prober takes it out instead of learning its latency
        long probed = System.nanoTime() + 5_000_000_000L;
        while (p.isHealthy(1) && System.nanoTime() < probed) {
            Thread.sleep(20);
        }
        assertThat(p.isHealthy(1)).isFalse();
        // with the primary out, a submission probes the backup, finds the wrong chain and is never sent
        primary.mode = "503";
        failureOf(p.sendAsync("eth_blockNumber", List.of()), 3000);
        Throwable e = failureOf(p.sendAsync("eth_sendRawTransaction", List.of("0x02")), 3000);
        assertThat(e).isInstanceOf(ConnectionLostException.class).hasMessageContaining("was not sent");
        assertThat(backup.methods).doesNotContain("eth_sendRawTransaction");
        // the primary comes back on its chain: probed, back in rotation, and it takes the submission
        primary.mode = "ok";
        long until = System.nanoTime() + 5_000_000_000L;
        while (!p.isHealthy(0) && System.nanoTime() < until) {
            Thread.sleep(20);
        }
        assertThat(p.isHealthy(0)).isTrue();
        JsonNodeAssert.isHash(p.send("eth_sendRawTransaction", List.of("0x02")).asString());
        assertThat(primary.methods).contains("eth_sendRawTransaction");
        // a primary that comes back serving another chain stays out
        primary.mode = "503";
        failureOf(p.sendAsync("eth_blockNumber", List.of()), 3000);
        primary.mode = "otherchain";
        Thread.sleep(300);
        assertThat(p.isHealthy(0)).isFalse();
    }

    @Test
    void anUntriedEndpointThatAnswersTheProbeTakesTheSubmission() throws Exception {
        FallbackProviderTest.Node primary = node("ok");
        FallbackProviderTest.Node backup = node("ok");
        FallbackProvider p = FallbackProvider.builder().add(primary.provider()).add(backup.provider())
                .failureThreshold(1).probeInterval(Duration.ofHours(1)).build();
        toClose.add(p);
        assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69");
        // the primary refuses the submission with a 503 (provably not taken), so it moves to the backup, which
        // has never answered: probed first, it answers, and then takes the submission
        primary.mode = "503";
        JsonNodeAssert.isHash(p.send("eth_sendRawTransaction", List.of("0x02")).asString());
        assertThat(backup.methods).containsExactly("eth_chainId", "eth_sendRawTransaction");
        assertThat(p.isHealthy(0)).isFalse();
    }

    @Test
    void theFirstSubmissionToAFreshFallbackGoesStraightToThePrimary() throws Exception {
        FallbackProviderTest.Node primary = node("ok");
        FallbackProviderTest.Node backup = node("ok");
        FallbackProvider p = FallbackProvider.create(primary.provider(), backup.provider());
        toClose.add(p);
        JsonNodeAssert.isHash(p.send("eth_sendRawTransaction", List.of("0x02")).asString());
        assertThat(primary.methods).containsExactly("eth_sendRawTransaction");
        assertThat(backup.calls.get()).isZero();
    }

    private static final class JsonNodeAssert {
        static void isHash(String s) {
            assertThat(s).matches("0x[0-9a-f]{64}");
        }
    }
}
