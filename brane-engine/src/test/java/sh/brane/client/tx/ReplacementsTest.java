package sh.brane.client.tx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.List;

import org.junit.jupiter.api.Test;

import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.tx.Authorization;
import sh.brane.core.tx.Eip1559Transaction;
import sh.brane.core.tx.Eip4844Transaction;
import sh.brane.core.tx.Eip7702Transaction;
import sh.brane.core.tx.LegacyTransaction;
import sh.brane.core.tx.SignedAuthorization;
import sh.brane.core.tx.Transaction;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;

class ReplacementsTest {
    private static final Address SELF = Address.of("0x00000000000000000000000000000000000a11ce");
    private static final Address TO = Address.of("0x00000000000000000000000000000000000b0b01");

    @Test
    void aSetCodeTransactionIsSpedUpWithItsAuthorizationsAndCancelledByATransfer() {
        SignedAuthorization auth = signedAuthorization();
        Eip7702Transaction tx = Eip7702Transaction.builder().chainId(1).nonce(7).to(TO).value(5).gasLimit(80_000)
                .maxFeePerGas(100).maxPriorityFeePerGas(10).authorizationList(List.of(auth)).build();
        ReplacementFees fees = ReplacementFees.of(tx).bumped(10);

        Eip7702Transaction faster = (Eip7702Transaction) Replacements.withFees(tx, fees, SELF, false);
        assertThat(faster.authorizationList()).containsExactly(auth);
        assertThat(faster.maxFeePerGas()).isEqualTo(BigInteger.valueOf(110));
        assertThat(faster.maxPriorityFeePerGas()).isEqualTo(BigInteger.valueOf(11));
        assertThat(faster.nonce()).isEqualTo(7);

        Transaction cancel = Replacements.withFees(tx, fees, SELF, true);
        assertThat(cancel).isInstanceOf(Eip1559Transaction.class);
        assertThat(Replacements.isCancel(cancel, SELF)).isTrue();
        assertThat(cancel.nonce()).isEqualTo(7);
    }

    @Test
    void aBlobTransactionNeedsADoubledFeeAndIsNotReplacedFromTheJournal() {
        Eip4844Transaction blob = Eip4844Transaction.builder().chainId(1).nonce(3).to(TO).gasLimit(21_000)
                .maxFeePerGas(100).maxPriorityFeePerGas(10).maxFeePerBlobGas(5)
                .blobVersionedHashes(List.of(Hash.of("0x01" + "00".repeat(31)))).build();
        assertThat(ReplacementFees.minimumBumpPercent(blob)).isEqualTo(100);
        assertThatThrownBy(() -> Replacements.withFees(blob, ReplacementFees.of(blob).bumped(100), SELF, false))
                .hasMessageContaining("blob transaction at nonce 3").hasMessageContaining("100%");
    }

    @Test
    void aBlobTransactionWithItsSidecarIsReplacedByOneWithTheSameBlobsAndEveryFeeDoubled() {
        var sidecar = sh.brane.core.blob.BlobSidecar.compute(List.of(sh.brane.core.blob.Blob.fromData(new byte[] {7})),
                sh.brane.core.blob.BlobSidecar.Version.EIP4844);
        Eip4844Transaction blob = Eip4844Transaction.builder().chainId(1).nonce(3).to(TO).value(5).gasLimit(50_000)
                .maxFeePerGas(100).maxPriorityFeePerGas(10).maxFeePerBlobGas(5).sidecar(sidecar).build();
        ReplacementFees doubled = ReplacementFees.of(blob).bumped(ReplacementFees.minimumBumpPercent(blob));

        Eip4844Transaction faster = (Eip4844Transaction) Replacements.withFees(blob, doubled, SELF, false);
        assertThat(faster.sidecar()).contains(sidecar);
        assertThat(faster.maxFeePerGas()).isEqualTo(BigInteger.valueOf(200));
        assertThat(faster.maxPriorityFeePerGas()).isEqualTo(BigInteger.valueOf(20));
        assertThat(faster.maxFeePerBlobGas()).isEqualTo(BigInteger.TEN);
        assertThat(faster.to()).isEqualTo(TO);
        assertThat(faster.value()).isEqualTo(BigInteger.valueOf(5));

        // a cancel keeps the blobs too: the blob pool takes nothing but a blob transaction at this nonce
        Eip4844Transaction cancel = (Eip4844Transaction) Replacements.withFees(blob, doubled, SELF, true);
        assertThat(cancel.sidecar()).contains(sidecar);
        assertThat(cancel.to()).isEqualTo(SELF);
        assertThat(Replacements.isCancel(cancel, SELF)).isTrue();
        assertThat(cancel.maxFeePerBlobGas()).isEqualTo(BigInteger.TEN);
    }

    @Test
    void aLegacyGasPriceIsBothFeeFields() {
        LegacyTransaction tx = LegacyTransaction.builder().chainId(1).nonce(0).to(TO).gasLimit(21_000).gasPrice(99)
                .build();
        ReplacementFees fees = ReplacementFees.of(tx);
        assertThat(fees.maxFeePerGas()).isEqualTo(fees.maxPriorityFeePerGas()).isEqualTo(BigInteger.valueOf(99));
        LegacyTransaction faster = (LegacyTransaction) Replacements.withFees(tx, fees.bumped(10), SELF, false);
        assertThat(faster.gasPrice()).isEqualTo(BigInteger.valueOf(109)); // 108.9 rounded up
    }

    @Test
    void theCeilingsCapBothFieldsAndTheTipNeverExceedsTheFee() {
        ReplacementFees fees = new ReplacementFees(BigInteger.valueOf(500), BigInteger.valueOf(400));
        SendLimits limits = new SendLimits(BigInteger.valueOf(300), BigInteger.valueOf(1_000), 21_000, null);
        assertThat(fees.cappedBy(limits)).isEqualTo(new ReplacementFees(BigInteger.valueOf(300),
                BigInteger.valueOf(300)));
    }

    private static SignedAuthorization signedAuthorization() {
        PrivateKey key = PrivateKey.fromHex("0x" + "11".repeat(32));
        return new Authorization(1, TO, 8).sign(key);
    }
}
