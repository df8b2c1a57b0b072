package sh.brane.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import sh.brane.client.tx.CeilingExceededException;
import sh.brane.client.tx.ChainIdGuard;
import sh.brane.client.tx.IdempotencyKey;
import sh.brane.client.tx.IdempotencyKeyConflictException;
import sh.brane.client.tx.InMemoryTransactionStore;
import sh.brane.client.tx.SendLimits;
import sh.brane.client.tx.TransactionSender;
import sh.brane.core.blob.Blob;
import sh.brane.core.blob.BlobSidecar;
import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.tx.Eip4844Transaction;
import sh.brane.core.types.Hash;
import sh.brane.devnet.Anvil;
import sh.brane.rpc.HttpProvider;
import sh.brane.signer.LocalSigner;
import sh.brane.testnode.ScriptedNode;

/**
 * The money path's guards on blob transactions, on a real Anvil: the blob-fee ceiling refuses a fee the node quoted
 * (and a speed-up's doubled one) before signing; an idempotency key names the blobs too; and the sidecar form a
 * request leaves open is the node's fork's.
 */
class BlobGuardsOnAnvilTest {
    private static final List<Blob> BLOBS = List.of(Blob.fromData("guarded".getBytes(StandardCharsets.UTF_8)));

    /** One node (mining on evm_mine) for the guard tests, an account each: a node's first blob costs it seconds. */
    private static Anvil anvil;
    private static HttpProvider provider;
    private static BraneClient client;

    @BeforeAll
    static void start() {
        anvil = Anvil.builder().hardfork("prague").noMining().accounts(3).start();
        provider = HttpProvider.create(anvil.httpUrl());
        client = new BraneClient(provider, Duration.ofMillis(20));
    }

    @AfterAll
    static void stop() {
        if (client != null) {
            client.close();
        }
        if (provider != null) {
            provider.close();
        }
        if (anvil != null) {
            anvil.close();
        }
    }

    private static SigningClient signing(BraneClient client, PrivateKey key, SendLimits limits) {
        return new SigningClient(new TransactionSender(client, new LocalSigner("blob-guards", key),
                ChainIdGuard.pinned(Anvil.DEFAULT_CHAIN_ID), limits, new InMemoryTransactionStore()));
    }

    /** Anvil's blob base fee stays at its 1-wei floor here, so the default quote is 2 wei: over a 1-wei ceiling. */
    @Test
    void aQuotedBlobFeeOverTheCeilingIsRefusedBeforeSigning() {
        PrivateKey key = PrivateKey.fromHex(anvil.account(0).privateKey());
        SigningClient signing = signing(client, key, SendLimits.NONE.withMaxFeePerBlobGas(BigInteger.ONE));
        TxRequest request = TxRequest.builder().to(key.address()).blobs(BLOBS).build();

        assertThatThrownBy(() -> signing.submit(request))
                .isInstanceOfSatisfying(CeilingExceededException.class, e -> {
                    assertThat(e.ceiling()).isEqualTo(CeilingExceededException.Ceiling.MAX_FEE_PER_BLOB_GAS);
                    assertThat(e.limit()).isEqualTo(BigInteger.ONE);
                    assertThat(e.actual()).isEqualTo(BigInteger.TWO);
                })
                .hasMessageContaining("max-fee-per-blob-gas is 1 but the transaction asks for 2");
        assertThat(client.getTransactionCount(key.address(), BlockTag.PENDING)).as("nothing signed, nothing sent")
                .isZero();

        Hash atCeiling = signing.submit(TxRequest.builder().to(key.address()).blobs(BLOBS).gasLimit(21_000)
                .maxFeePerBlobGas(BigInteger.ONE).build());
        provider.send("evm_mine", List.of());
        assertThat(client.waitForReceipt(atCeiling, Duration.ofSeconds(10)).blobGasUsed())
                .as("a fee at the ceiling goes").isEqualTo(131_072);
    }

    @Test
    void aSpeedUpWhoseDoubledBlobFeeIsOverTheCeilingIsRefused() {
        PrivateKey key = PrivateKey.fromHex(anvil.account(1).privateKey());
        BigInteger ceiling = BigInteger.valueOf(3);
        SigningClient signing = signing(client, key, SendLimits.NONE.withMaxFeePerBlobGas(ceiling));
        Hash pending = signing.submit(TxRequest.builder().to(key.address()).blobs(BLOBS).gasLimit(21_000)
                .maxFeePerBlobGas(ceiling).build());

        assertThatThrownBy(() -> signing.sender().speedUp(pending))
                .isInstanceOfSatisfying(CeilingExceededException.class, e -> {
                    assertThat(e.ceiling()).isEqualTo(CeilingExceededException.Ceiling.MAX_FEE_PER_BLOB_GAS);
                    assertThat(e.actual()).isEqualTo(BigInteger.valueOf(6));
                });
        assertThat(signing.sender().store().find(pending)).as("the original stands").isPresent();
    }

    @Test
    void anIdempotencyKeyNamesTheBlobsButNotTheirFeeOrForm() {
        PrivateKey key = PrivateKey.fromHex(anvil.account(2).privateKey());
        SigningClient signing = signing(client, key, SendLimits.NONE);
        IdempotencyKey order = IdempotencyKey.of("rollup-batch-17");
        TxRequest.Builder batch = TxRequest.builder().to(key.address()).gasLimit(21_000);
        Hash first = signing.submit(batch.blobs(BLOBS).build(), null, order);

        Blob other = Blob.fromData("another batch".getBytes(StandardCharsets.UTF_8));
        assertThatThrownBy(() -> signing.submit(TxRequest.builder().to(key.address()).blobs(List.of(other))
                .build(), null, order)).isInstanceOf(IdempotencyKeyConflictException.class)
                .hasMessageContaining("blobs");
        assertThatThrownBy(() -> signing.submit(TxRequest.builder().to(key.address()).blobs(List.of(BLOBS.get(0),
                other)).build(), null, order)).as("one blob more").isInstanceOf(
                        IdempotencyKeyConflictException.class);
        assertThatThrownBy(() -> signing.submit(TxRequest.builder().to(key.address()).build(), null, order))
                .as("the same payment without its blobs").isInstanceOf(IdempotencyKeyConflictException.class);

        BlobSidecar cellProofs = BlobSidecar.compute(BLOBS, BlobSidecar.Version.EIP7594);
        assertThat(signing.submit(TxRequest.builder().to(key.address()).sidecar(cellProofs)
                .maxFeePerBlobGas(BigInteger.valueOf(99)).build(), null, order))
                .as("same blobs, another blob fee and sidecar form: the same payment").isEqualTo(first);
        assertThat(client.getTransactionCount(key.address(), BlockTag.PENDING)).as("one transaction only")
                .isEqualTo(1);
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource({"cancun, EIP4844", "prague, EIP4844", "osaka, EIP7594"})
    void theSidecarFormFollowsTheNodesFork(String hardfork, BlobSidecar.Version expected) {
        try (Anvil anvil = Anvil.builder().hardfork(hardfork).accounts(1).start();
                HttpProvider provider = HttpProvider.create(anvil.httpUrl());
                BraneClient client = new BraneClient(provider, Duration.ofMillis(20))) {
            PrivateKey key = PrivateKey.fromHex(anvil.account(0).privateKey());
            SigningClient signing = new SigningClient(client, key);
            Receipt receipt = signing.send(TxRequest.builder().to(key.address()).blobs(BLOBS).build());
            assertThat(journalledForm(signing, receipt.transactionHash())).isEqualTo(expected);
        }
    }

    @Test
    void aNodeWithoutEthConfigGetsBlobProofsAndANamedFormIsKept() throws Exception {
        try (Anvil anvil = Anvil.builder().hardfork("osaka").accounts(1).start();
                ScriptedNode node = ScriptedNode.forwardingTo(anvil.httpUrl()).withoutMethod("eth_config");
                HttpProvider provider = HttpProvider.create(node.url());
                BraneClient client = new BraneClient(provider, Duration.ofMillis(20))) {
            PrivateKey key = PrivateKey.fromHex(anvil.account(0).privateKey());
            SigningClient signing = new SigningClient(client, key);
            Receipt fallback = signing.send(TxRequest.builder().to(key.address()).blobs(BLOBS).build());
            assertThat(journalledForm(signing, fallback.transactionHash())).isEqualTo(BlobSidecar.Version.EIP4844);

            Receipt named = signing.send(TxRequest.builder().to(key.address()).blobs(BLOBS)
                    .sidecarVersion(BlobSidecar.Version.EIP7594).build());
            assertThat(journalledForm(signing, named.transactionHash())).isEqualTo(BlobSidecar.Version.EIP7594);
        }
    }

    private static BlobSidecar.Version journalledForm(SigningClient signing, Hash hash) {
        Eip4844Transaction tx = (Eip4844Transaction) signing.sender().store().find(hash).orElseThrow().decode()
                .transaction();
        return tx.sidecar().orElseThrow().version();
    }
}
