package sh.brane.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import sh.brane.client.tx.JournalEntry;
import sh.brane.client.tx.TransactionRefusedException;
import sh.brane.client.tx.TxState;
import sh.brane.core.blob.Blob;
import sh.brane.core.blob.BlobSidecar;
import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.tx.Eip4844Transaction;
import sh.brane.core.tx.SignedTransaction;
import sh.brane.core.types.Hash;
import sh.brane.devnet.Anvil;
import sh.brane.rpc.HttpProvider;
import sh.brane.testnode.ScriptedNode;
import tools.jackson.databind.JsonNode;

/**
 * The blob sidecar form against the node's fork, on a real Anvil 1.7.1: what its {@code eth_config} answers and the
 * form the client picks from it, a blob transaction to an Osaka node sent with the picked form (cell proofs) and read
 * back, and a sidecar of the other fork's form forced with {@code .sidecarVersion(..)}.
 *
 * <p>Anvil 1.7.1 verifies the proofs of either form (a wrong proof is refused, "invalid KZG proof") but takes both
 * forms in every fork: it never refuses a form. Geth does ({@code core/txpool/validation.go}: "unexpected sidecar
 * version, want: 1, got: 0"), so the refusal is played by a scripted node in front of Anvil that applies geth's rule
 * with geth's text, and a canary here fails the day Anvil starts refusing the form itself.
 */
class BlobSidecarFormOnAnvilTest {
    private static final List<Blob> BLOBS = List.of(Blob.fromData("one batch".getBytes(StandardCharsets.UTF_8)));
    private static final String P256VERIFY_ADDRESS = "0x0000000000000000000000000000000000000100";

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource({"cancun, EIP4844", "prague, EIP4844", "osaka, EIP7594"})
    void theNodesEthConfigNamesTheForm(String hardfork, BlobSidecar.Version expected) {
        try (Anvil anvil = Anvil.builder().hardfork(hardfork).accounts(1).start();
                HttpProvider provider = HttpProvider.create(anvil.httpUrl())) {
            JsonNode config = provider.send("eth_config", List.of());
            JsonNode precompiles = config.path("current").path("precompiles");
            assertThat(precompiles.path("KZG_POINT_EVALUATION").asString("")).as("every blob fork's precompile")
                    .isEqualTo("0x000000000000000000000000000000000000000a");
            if (expected == BlobSidecar.Version.EIP7594) {
                assertThat(precompiles.path(BlobFilling.OSAKA_PRECOMPILE).asString("")).isEqualTo(P256VERIFY_ADDRESS);
            } else {
                assertThat(precompiles.has(BlobFilling.OSAKA_PRECOMPILE)).isFalse();
            }
            assertThat(BlobFilling.versionOf(config)).isEqualTo(expected);
        }
    }

    @Test
    void anOsakaNodeGetsCellProofsUnaskedAndTheBlobsAreReadBack() {
        try (Anvil anvil = Anvil.builder().hardfork("osaka").accounts(1).start();
                HttpProvider provider = HttpProvider.create(anvil.httpUrl());
                BraneClient client = new BraneClient(provider, Duration.ofMillis(20))) {
            PrivateKey key = PrivateKey.fromHex(anvil.account(0).privateKey());
            SigningClient signing = new SigningClient(client, key);

            Receipt receipt = signing.send(TxRequest.builder().to(key.address()).blobs(BLOBS).build());

            SignedTransaction journalled = signing.sender().store().find(receipt.transactionHash()).orElseThrow()
                    .decode();
            BlobSidecar sent = ((Eip4844Transaction) journalled.transaction()).sidecar().orElseThrow();
            assertThat(sent.version()).isEqualTo(BlobSidecar.Version.EIP7594);
            assertThat(sent.proofs()).hasSize(128);
            assertThat(sent.version().wrapperVersion()).isEqualTo(1);
            assertThat(receipt.isSuccess()).isTrue();
            assertThat(receipt.blobGasUsed()).isEqualTo(131_072);
            TransactionInfo mined = client.getTransactionByHash(receipt.transactionHash()).orElseThrow();
            assertThat(mined.blobVersionedHashes()).isEqualTo(sent.versionedHashes());
            assertThat(mined.toSignedTransaction().canonicalBytes()).as("the node holds what was signed")
                    .isEqualTo(journalled.canonicalBytes());
        }
    }

    /** The canary: Anvil 1.7.1 takes the other fork's form. If this fails, Anvil refuses it now: test that directly. */
    @ParameterizedTest(name = "{0} takes {1}")
    @CsvSource({"osaka, EIP4844", "prague, EIP7594"})
    void anvilTakesTheOtherForksForm(String hardfork, BlobSidecar.Version other) {
        try (Anvil anvil = Anvil.builder().hardfork(hardfork).accounts(1).start();
                HttpProvider provider = HttpProvider.create(anvil.httpUrl());
                BraneClient client = new BraneClient(provider, Duration.ofMillis(20))) {
            PrivateKey key = PrivateKey.fromHex(anvil.account(0).privateKey());
            SigningClient signing = new SigningClient(client, key);
            Receipt receipt = signing.send(TxRequest.builder().to(key.address()).blobs(BLOBS).sidecarVersion(other)
                    .build());
            assertThat(receipt.isSuccess()).isTrue();
            assertThat(form(signing.sender().store().find(receipt.transactionHash()).orElseThrow())).isEqualTo(other);
        }
    }

    /**
     * A node that takes only its fork's form (geth's rule and text) refuses the form forced on it: the caller gets a
     * typed refusal that says the transaction was not admitted, its journal entry is REJECTED, nothing is pooled, and
     * the nonce is free. The same payment sent again in the node's form signs to the same transaction (the sidecar
     * is not part of its hash), takes the refused entry's place in the journal and is mined once.
     */
    @ParameterizedTest(name = "{0} refuses {2}")
    @CsvSource({"osaka, EIP7594, EIP4844", "prague, EIP4844, EIP7594"})
    void aNodeThatRefusesTheOtherFormLosesNothing(String hardfork, BlobSidecar.Version own,
            BlobSidecar.Version other) throws Exception {
        String gethText = "unexpected sidecar version, want: " + own.wrapperVersion() + ", got: "
                + other.wrapperVersion();
        try (Anvil anvil = Anvil.builder().hardfork(hardfork).accounts(1).start();
                ScriptedNode node = ScriptedNode.forwardingTo(anvil.httpUrl())
                        .refuseSendsWhere(raw -> sidecarForm(raw) == other, gethText);
                HttpProvider provider = HttpProvider.create(node.url());
                BraneClient client = new BraneClient(provider, Duration.ofMillis(20))) {
            PrivateKey key = PrivateKey.fromHex(anvil.account(0).privateKey());
            SigningClient signing = new SigningClient(client, key);
            TxRequest.Builder payment = TxRequest.builder().to(key.address()).value(7).blobs(BLOBS).gasLimit(21_000)
                    .maxFeePerGas(BigInteger.valueOf(10_000_000_000L)).maxPriorityFeePerGas(BigInteger.ONE)
                    .maxFeePerBlobGas(BigInteger.valueOf(1_000));

            AtomicReference<Hash> refused = new AtomicReference<>();
            assertThatThrownBy(() -> signing.submit(payment.sidecarVersion(other).build()))
                    .isInstanceOfSatisfying(TransactionRefusedException.class, e -> {
                        assertThat(e.refusal()).isEqualTo(TransactionRefusedException.Refusal.INVALID);
                        assertThat(e.refusal().provesNotPooled()).isTrue();
                        assertThat(e.nonce()).isZero();
                        refused.set(e.hash());
                    })
                    .hasMessageContaining(gethText);
            Hash hash = refused.get();
            JournalEntry entry = signing.sender().store().find(hash).orElseThrow();
            assertThat(entry.state()).isEqualTo(TxState.REJECTED);
            assertThat(form(entry)).isEqualTo(other);
            assertThat(client.getTransactionByHash(hash)).as("nothing pooled").isEmpty();
            assertThat(client.getTransactionCount(key.address(), BlockTag.PENDING)).isZero();

            Receipt receipt = signing.send(payment.sidecarVersion(null).build());
            assertThat(receipt.transactionHash()).as("the same transaction, in the node's form").isEqualTo(hash);
            assertThat(receipt.isSuccess()).isTrue();
            JournalEntry accepted = signing.sender().store().find(hash).orElseThrow();
            assertThat(accepted.state()).isNotEqualTo(TxState.REJECTED);
            assertThat(accepted.nonce()).isZero();
            assertThat(form(accepted)).isEqualTo(own);
            assertThat(node.sendsSeen()).isEqualTo(2);
            assertThat(client.getTransactionCount(key.address(), BlockTag.LATEST)).isEqualTo(1);
        }
    }

    private static BlobSidecar.Version form(JournalEntry entry) {
        return ((Eip4844Transaction) entry.decode().transaction()).sidecar().orElseThrow().version();
    }

    /** The form of a submitted network form, or null for a transaction without a sidecar. */
    private static BlobSidecar.Version sidecarForm(byte[] raw) {
        return SignedTransaction.decode(raw).transaction() instanceof Eip4844Transaction blob
                ? blob.sidecar().map(BlobSidecar::version).orElse(null) : null;
    }
}
