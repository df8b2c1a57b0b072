package sh.brane.client.tx;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.Supplier;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;

import sh.brane.core.blob.Blob;
import sh.brane.core.blob.BlobSidecar;
import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.tx.Eip4844Transaction;
import sh.brane.core.tx.SignedTransaction;
import sh.brane.core.types.Address;

/**
 * The journal keeps a blob transaction's network form whole, so that a restart or a replacement re-broadcasts it with
 * its blobs: six blobs (about 790 kB) in memory and on H2.
 */
class BlobJournalTest {
    private static final PrivateKey KEY = PrivateKey.fromHex(
            "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d");
    private static final Address FROM = KEY.address();

    static List<Supplier<TransactionStore>> stores() {
        return List.of(InMemoryTransactionStore::new, () -> {
            HikariConfig config = new HikariConfig();
            config.setJdbcUrl("jdbc:h2:mem:blobs-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
            config.setMaximumPoolSize(2);
            HikariDataSource ds = new HikariDataSource(config);
            JdbcTransactionStore.migrate(ds);
            return new JdbcTransactionStore(ds);
        });
    }

    @ParameterizedTest
    @MethodSource("stores")
    void aBlobTransactionIsJournalledInItsNetworkFormUnderItsCanonicalHash(Supplier<TransactionStore> make) {
        TransactionStore store = make.get();
        List<Blob> blobs = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            blobs.add(Blob.fromData(("blob " + i).repeat(1000).getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        }
        BlobSidecar sidecar = BlobSidecar.compute(blobs, BlobSidecar.Version.EIP4844);
        SignedTransaction[] signed = new SignedTransaction[1];
        JournalEntry entry = store.allocateAndRecord(1, FROM, "test", () -> 0, false, nonce -> signed[0] =
                Eip4844Transaction.builder().chainId(1).nonce(nonce).to(FROM).gasLimit(21_000)
                        .maxFeePerGas(BigInteger.TEN).maxPriorityFeePerGas(BigInteger.ONE)
                        .maxFeePerBlobGas(BigInteger.ONE).sidecar(sidecar).build().sign(KEY)).orElseThrow();

        assertThat(entry.hash()).isEqualTo(signed[0].hash());
        JournalEntry found = store.find(entry.hash()).orElseThrow();
        assertThat(found.raw()).hasSize(signed[0].encodedLength()).isEqualTo(signed[0].rawBytes());
        assertThat(found.raw().length).isGreaterThan(6 * Blob.BYTES);
        SignedTransaction back = found.decode();
        assertThat(back.hash()).isEqualTo(entry.hash());
        assertThat(((Eip4844Transaction) back.transaction()).sidecar()).contains(sidecar);
    }
}
