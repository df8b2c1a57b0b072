package sh.brane.client.tx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;

import sh.brane.core.tx.Eip1559Transaction;
import sh.brane.core.tx.Eip4844Transaction;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.core.types.Wei;
import sh.brane.primitives.Keccak256;
import sh.brane.signer.SignerCeilings;

/**
 * The blob parts of the guards, without a node: the blob-fee ceiling of {@link SendLimits} and the idempotency
 * fingerprint of a blob transaction.
 */
class BlobLimitsAndFingerprintTest {
    private static final Address TO = Address.of("0x" + "ab".repeat(20));
    private static final Hash BLOB_A = Hash.of("0x01" + "aa".repeat(31));
    private static final Hash BLOB_B = Hash.of("0x01" + "bb".repeat(31));
    private static final byte[] DATA = {1, 2, 3};

    private static Eip4844Transaction blobTx(long maxFeePerBlobGas, List<Hash> hashes) {
        return Eip4844Transaction.builder().chainId(1).nonce(0).gasLimit(21_000).maxFeePerGas(100)
                .maxPriorityFeePerGas(1).maxFeePerBlobGas(maxFeePerBlobGas).to(TO).value(5).data(DATA)
                .blobVersionedHashes(hashes).build();
    }

    @Test
    void theBlobFeeCeilingRefusesAboveItAndNamesItsProperty() {
        SendLimits limits = new SendLimits(BigInteger.valueOf(100), BigInteger.TEN, 30_000, null, BigInteger.TEN);
        limits.check(blobTx(10, List.of(BLOB_A)));
        assertThatThrownBy(() -> limits.check(blobTx(11, List.of(BLOB_A))))
                .isInstanceOfSatisfying(CeilingExceededException.class, e -> assertThat(e.ceiling())
                        .isEqualTo(CeilingExceededException.Ceiling.MAX_FEE_PER_BLOB_GAS))
                .hasMessage("refused before signing: max-fee-per-blob-gas is 10 but the transaction asks for 11; "
                        + "lower the request or raise the ceiling max-fee-per-blob-gas");
        // the execution fees are held as before, the blob fee beside them
        assertThatThrownBy(() -> new SendLimits(BigInteger.valueOf(99), BigInteger.TEN, 30_000, null,
                BigInteger.TEN).check(blobTx(1, List.of(BLOB_A)))).isInstanceOfSatisfying(
                        CeilingExceededException.class, e -> assertThat(e.ceiling())
                                .isEqualTo(CeilingExceededException.Ceiling.MAX_FEE_PER_GAS));
    }

    @Test
    void withoutABlobCeilingAnyBlobFeeGoes() {
        BigInteger huge = BigInteger.ONE.shiftLeft(200);
        Eip4844Transaction tx = Eip4844Transaction.builder().chainId(1).nonce(0).gasLimit(21_000).maxFeePerGas(1)
                .maxPriorityFeePerGas(1).maxFeePerBlobGas(huge).to(TO).blobVersionedHashes(List.of(BLOB_A)).build();
        new SendLimits(BigInteger.ONE, BigInteger.ONE, 21_000, null).check(tx);
        SendLimits.NONE.check(tx);
        SendLimits.of(new SignerCeilings(Wei.ofGwei(1), null, null, null)).check(tx);
        assertThatThrownBy(() -> SendLimits.of(new SignerCeilings(null, null, null, null, Wei.ofGwei(50))).check(tx))
                .hasMessageContaining("max-fee-per-blob-gas is 50000000000");
        assertThatThrownBy(() -> SendLimits.NONE.withMaxFeePerBlobGas(BigInteger.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxFeePerBlobGas ceiling");
    }

    @Test
    void aFingerprintWithoutBlobsIsTheOneKeysWereJournalledWith() {
        byte[] toHex = TO.toHex().getBytes(StandardCharsets.US_ASCII);
        byte[] preimage = new byte[toHex.length + 1 + 1 + 1 + DATA.length];
        System.arraycopy(toHex, 0, preimage, 0, toHex.length);
        preimage[toHex.length + 1] = '5';
        System.arraycopy(DATA, 0, preimage, toHex.length + 3, DATA.length);
        Hash journalled = Hash.wrap(Keccak256.hash(preimage));

        assertThat(IdempotencyKey.fingerprint(TO, BigInteger.valueOf(5), DATA)).isEqualTo(journalled);
        assertThat(IdempotencyKey.fingerprint(Eip1559Transaction.builder().chainId(1).nonce(3).gasLimit(21_000)
                .maxFeePerGas(7).maxPriorityFeePerGas(1).to(TO).value(5).data(DATA).build())).isEqualTo(journalled);
    }

    @Test
    void aBlobTransactionsFingerprintCoversItsVersionedHashesOnly() {
        Hash a = IdempotencyKey.fingerprint(blobTx(10, List.of(BLOB_A)));
        assertThat(a).isEqualTo(IdempotencyKey.fingerprint(TO, BigInteger.valueOf(5), DATA, List.of(BLOB_A)));
        assertThat(IdempotencyKey.fingerprint(blobTx(999, List.of(BLOB_A)))).as("another blob fee").isEqualTo(a);

        assertThat(List.of(IdempotencyKey.fingerprint(blobTx(10, List.of(BLOB_B))),
                IdempotencyKey.fingerprint(blobTx(10, List.of(BLOB_A, BLOB_B))),
                IdempotencyKey.fingerprint(blobTx(10, List.of(BLOB_B, BLOB_A))),
                IdempotencyKey.fingerprint(TO, BigInteger.valueOf(5), DATA))).doesNotHaveDuplicates()
                .doesNotContain(a);
        // a blob fingerprint cannot equal a plain one whose data spells the hashes after the plain fields
        byte[] spelled = new byte[4 + Hash.LENGTH + DATA.length];
        spelled[3] = 1;
        System.arraycopy(BLOB_A.toBytes(), 0, spelled, 4, Hash.LENGTH);
        System.arraycopy(DATA, 0, spelled, 4 + Hash.LENGTH, DATA.length);
        assertThat(IdempotencyKey.fingerprint(TO, BigInteger.valueOf(5), spelled)).isNotEqualTo(a);
    }
}
