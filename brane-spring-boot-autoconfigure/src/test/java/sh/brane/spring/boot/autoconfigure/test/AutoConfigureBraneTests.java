package sh.brane.spring.boot.autoconfigure.test;

import java.math.BigInteger;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.context.annotation.ImportCandidates;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.util.ClassUtils;
import org.springframework.context.annotation.Configuration;

import sh.brane.client.BraneClient;
import sh.brane.client.BlockTag;
import sh.brane.core.types.Address;
import sh.brane.core.types.Wei;
import sh.brane.devnet.Anvil;
import sh.brane.devnet.test.AutoConfigureBrane;
import sh.brane.rpc.BraneProvider;
import sh.brane.spring.boot.autoconfigure.devnet.DevNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * {@link AutoConfigureBrane} brings Brane's auto-configuration into a context that has none (as a test slice is),
 * and the devnet gives a typed {@link DevNode}: mining, snapshots, impersonation, balances, time.
 */
class AutoConfigureBraneTests {

    private static final Address STRANGER = Address.of("0x000000000000000000000000000000000000bEEF");

    @Configuration(proxyBeanMethods = false)
    @AutoConfigureBrane
    static class SliceConfiguration {

    }

    /**
     * The annotation's list (in brane-devnet, names as text: brane-devnet cannot depend on this module) names every
     * auto-configuration this module registers, and each of its required entries exists: a renamed class fails here,
     * not in a user's test slice.
     */
    @Test
    void theAnnotationListsEveryBraneAutoConfiguration() {
        ClassLoader loader = getClass().getClassLoader();
        List<String> registered = ImportCandidates.load(AutoConfiguration.class, loader)
            .getCandidates()
            .stream()
            .filter((name) -> name.startsWith("sh.brane."))
            .toList();
        List<String> listed = ImportCandidates.load(AutoConfigureBrane.class, loader).getCandidates();
        assertThat(registered).isNotEmpty();
        assertThat(listed).containsAll(registered);
        assertThat(listed.stream().filter((name) -> !name.startsWith("optional:")))
            .allSatisfy((name) -> assertThat(ClassUtils.isPresent(name, loader)).as(name).isTrue());
    }

    @Test
    void withoutTheAnnotationNoBrane() {
        new ApplicationContextRunner().withPropertyValues("brane.devnet.enabled=true")
            .run((context) -> assertThat(context).doesNotHaveBean(BraneProvider.class));
    }

    @Test
    void theAnnotationBringsTheClientAndADevNode() {
        new ApplicationContextRunner().withUserConfiguration(SliceConfiguration.class)
            .withPropertyValues("brane.devnet.in-tests=true")
            .run((context) -> {
                assertThat(context).hasSingleBean(Anvil.class).hasSingleBean(BraneClient.class);
                DevNode node = context.getBean(DevNode.class);
                BraneProvider provider = context.getBean(BraneProvider.class);
                long before = blockNumber(provider);
                node.mine(3);
                assertThat(blockNumber(provider)).isEqualTo(before + 3);

                DevNode.Snapshot snapshot = node.snapshot();
                node.setBalance(STRANGER, Wei.ofEther(7));
                assertThat(balance(provider)).isEqualTo(Wei.ofEther(7).toBigInteger());
                node.revert(snapshot);
                assertThat(balance(provider)).isZero();
                assertThatIllegalStateException().isThrownBy(() -> node.revert(snapshot));

                long time = timestamp(provider);
                node.increaseTime(Duration.ofHours(1));
                node.mine();
                assertThat(timestamp(provider)).isGreaterThanOrEqualTo(time + 3600);

                node.setBalance(STRANGER, Wei.ofEther(1));
                node.impersonate(STRANGER);
                String hash = provider.send("eth_sendTransaction", List.of(java.util.Map.of("from",
                        STRANGER.toHex(), "to", "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", "value", "0x1")))
                    .asString();
                assertThat(hash).startsWith("0x").hasSize(66);
                // Anvil answers with the hash before its miner has put the transaction in a block (a CI run read
                // the balance in between): wait for the receipt
                awaitReceipt(provider, hash);
                node.stopImpersonating(STRANGER);
                assertThat(context.getBean(BraneClient.class).getBalance(STRANGER, BlockTag.LATEST))
                    .isLessThan(Wei.ofEther(1).toBigInteger());
            });
    }

    private static void awaitReceipt(BraneProvider provider, String hash) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (provider.send("eth_getTransactionReceipt", List.of(hash)).isNull()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no receipt for " + hash + " within 10 s");
            }
            Thread.sleep(10);
        }
    }

    private static long blockNumber(BraneProvider provider) {
        return Long.decode(provider.send("eth_blockNumber", List.of()).asString());
    }

    private static BigInteger balance(BraneProvider provider) {
        return new BigInteger(provider.send("eth_getBalance", List.of(STRANGER.toHex(), "latest")).asString()
            .substring(2), 16);
    }

    private static long timestamp(BraneProvider provider) {
        return Long.decode(provider.send("eth_getBlockByNumber", List.of("latest", false)).get("timestamp")
            .asString());
    }
}
