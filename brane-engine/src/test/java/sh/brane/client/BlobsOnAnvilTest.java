package sh.brane.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import sh.brane.core.blob.Blob;
import sh.brane.core.blob.BlobSidecar;
import sh.brane.core.blob.KzgCommitment;
import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.tx.Eip4844Transaction;
import sh.brane.core.tx.SignedTransaction;
import sh.brane.core.tx.TransactionType;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.devnet.Anvil;
import sh.brane.rpc.HttpProvider;

/**
 * Blob transactions sent through {@link SigningClient} (and so through the journal) to a real Anvil in each fork that
 * takes them, and read back: the node's transaction carries our versioned hashes, its receipt the blob gas. Anvil
 * 1.7.1 takes both sidecar forms in each of these forks (tried), so these tests cannot show a node refusing the form
 * of another fork; they pair each fork with the form its specification names.
 */
class BlobsOnAnvilTest {
    private static final long GAS_PER_BLOB = 131_072;

    @ParameterizedTest(name = "{0} with {1} sidecar")
    @CsvSource({"cancun, EIP4844", "prague, EIP4844", "osaka, EIP7594"})
    void sendsBlobsAndReadsThemBack(String hardfork, BlobSidecar.Version version) {
        try (Anvil anvil = Anvil.builder().hardfork(hardfork).accounts(2).start();
                HttpProvider provider = HttpProvider.create(anvil.httpUrl());
                BraneClient client = new BraneClient(provider, Duration.ofMillis(20))) {
            SigningClient signing = new SigningClient(client, PrivateKey.fromHex(anvil.account(0).privateKey()));
            List<Blob> blobs = List.of(Blob.fromData("first blob".getBytes(StandardCharsets.UTF_8)),
                    Blob.fromData("second blob".getBytes(StandardCharsets.UTF_8)));
            Address inbox = Address.fromBytes(new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17,
                    18, 19, 20});
            TxRequest request = TxRequest.builder().to(inbox).blobs(blobs).sidecarVersion(version).build();
            assertThat(request.type()).isEqualTo(TransactionType.EIP4844);

            Receipt receipt = signing.send(request);

            List<Hash> ours = blobs.stream().map(b -> sh.brane.core.blob.Kzg.commitment(b))
                    .map(KzgCommitment::versionedHash).toList();
            TransactionInfo mined = client.getTransactionByHash(receipt.transactionHash()).orElseThrow();
            assertThat(mined.type()).isEqualTo(3);
            assertThat(mined.blobVersionedHashes()).isEqualTo(ours);
            assertThat(mined.maxFeePerBlobGas()).isPositive();
            assertThat(receipt.blobGasUsed()).isEqualTo(2 * GAS_PER_BLOB);
            assertThat(receipt.blobGasPrice()).isPositive();

            // the journal kept the network form, blobs and all, under the canonical hash
            var entry = signing.sender().store().find(receipt.transactionHash()).orElseThrow();
            SignedTransaction journalled = entry.decode();
            assertThat(journalled.hash()).isEqualTo(receipt.transactionHash());
            BlobSidecar kept = ((Eip4844Transaction) journalled.transaction()).sidecar().orElseThrow();
            assertThat(kept.version()).isEqualTo(version);
            assertThat(kept.blobs()).isEqualTo(blobs);
        }
    }

    /** A pending blob transaction sped up from the journal: the replacement carries the same blobs, every fee doubled. */
    @org.junit.jupiter.api.Test
    void aPendingBlobTransactionIsSpedUpWithItsBlobs() {
        try (Anvil anvil = Anvil.builder().hardfork("prague").noMining().accounts(1).start();
                HttpProvider provider = HttpProvider.create(anvil.httpUrl());
                BraneClient client = new BraneClient(provider, Duration.ofMillis(20))) {
            PrivateKey key = PrivateKey.fromHex(anvil.account(0).privateKey());
            SigningClient signing = new SigningClient(client, key);
            List<Blob> blobs = List.of(Blob.fromData("pending".getBytes(StandardCharsets.UTF_8)));
            Hash first = signing.submit(TxRequest.builder().to(key.address()).value(1).blobs(blobs).gasLimit(21_000)
                    .build());
            Eip4844Transaction original = (Eip4844Transaction) signing.sender().store().find(first).orElseThrow()
                    .decode().transaction();

            var faster = signing.sender().speedUp(first);
            provider.send("evm_mine", List.of());

            Receipt receipt = client.waitForReceipt(faster.hash(), Duration.ofSeconds(10));
            assertThat(receipt.blobGasUsed()).isEqualTo(GAS_PER_BLOB);
            Eip4844Transaction replacement = (Eip4844Transaction) faster.decode().transaction();
            assertThat(replacement.sidecar()).isEqualTo(original.sidecar());
            assertThat(replacement.maxFeePerBlobGas()).isEqualTo(original.maxFeePerBlobGas().shiftLeft(1));
            assertThat(replacement.maxFeePerGas()).isGreaterThanOrEqualTo(original.maxFeePerGas().shiftLeft(1));
            assertThat(client.getTransactionReceipt(first)).isEmpty();
        }
    }

    @ParameterizedTest
    @CsvSource({"prague"})
    void aBadSidecarIsRefusedBeforeAnythingIsSigned(String hardfork) {
        try (Anvil anvil = Anvil.builder().hardfork(hardfork).accounts(1).start();
                HttpProvider provider = HttpProvider.create(anvil.httpUrl());
                BraneClient client = new BraneClient(provider, Duration.ofMillis(20))) {
            PrivateKey key = PrivateKey.fromHex(anvil.account(0).privateKey());
            SigningClient signing = new SigningClient(client, key);
            Blob blob = Blob.fromData(new byte[] {1});
            BlobSidecar good = BlobSidecar.compute(List.of(blob), BlobSidecar.Version.EIP4844);
            BlobSidecar forged = BlobSidecar.of(BlobSidecar.Version.EIP4844,
                    List.of(Blob.fromData(new byte[] {2})), good.commitments(), good.proofs());
            TxRequest request = TxRequest.builder().to(key.address()).sidecar(forged)
                    .maxFeePerBlobGas(BigInteger.TEN).build();
            assertThatThrownBy(() -> signing.submit(request))
                    .isInstanceOf(sh.brane.core.blob.InvalidBlobException.class).hasMessageContaining("blob 0");
            assertThat(client.getTransactionCount(key.address(), BlockTag.PENDING)).isZero();
        }
    }
}
