package sh.brane.core.blob;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;

import sh.brane.primitives.Hex;

class BlobTest {

    @Test
    void refusesTheWrongSizeNamingBothSizes() {
        assertThatThrownBy(() -> Blob.of(new byte[1000])).isInstanceOf(InvalidBlobException.class)
                .hasMessageContaining("exactly 131072 bytes").hasMessageContaining("got 1000")
                .hasMessageContaining("Blob.fromData");
    }

    @Test
    void refusesAFieldElementAtTheModulusNamingItsIndex() {
        byte[] bytes = new byte[Blob.BYTES];
        byte[] modulus = Hex.decode("73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001");
        System.arraycopy(modulus, 0, bytes, 77 * 32, 32);
        assertThatThrownBy(() -> Blob.of(bytes)).isInstanceOf(InvalidBlobException.class)
                .hasMessageContaining("field element 77").hasMessageContaining("0x73");
        modulus[31] = 0; // modulus - 1 is the largest element allowed
        System.arraycopy(modulus, 0, bytes, 77 * 32, 32);
        assertThat(Blob.of(bytes).toBytes()).isEqualTo(bytes);
    }

    @Test
    void dataRoundTripsThroughTheBlobPacking() {
        for (int length : new int[] {0, 1, 30, 31, 32, 62, 1000, Blob.MAX_DATA_BYTES}) {
            byte[] data = new byte[length];
            for (int i = 0; i < length; i++) {
                data[i] = (byte) (i * 31 + 7);
            }
            Blob blob = Blob.fromData(data);
            assertThat(blob.toData()).as("length %d", length).isEqualTo(data);
            assertThat(Blob.of(blob.toBytes())).isEqualTo(blob); // every element below the modulus
        }
        assertThatThrownBy(() -> Blob.fromData(new byte[Blob.MAX_DATA_BYTES + 1]))
                .isInstanceOf(InvalidBlobException.class).hasMessageContaining("several blobs");
    }

    @Test
    void versionedHashIsVersionByteThenTheTailOfSha256() {
        KzgCommitment infinity = KzgCommitment.of("0xc0" + "00".repeat(47));
        // sha256 of the point at infinity, first byte replaced by 0x01
        assertThat(infinity.versionedHash().toHex())
                .isEqualTo("0x010657f37554c781402a22917dee2f75def7ab966d7b770905398eba3c444014");
    }

    @Test
    void sidecarOfBothFormsVerifiesAndNamesABadProof() {
        Blob blob = Blob.fromData("hello blobs".getBytes(StandardCharsets.UTF_8));
        BlobSidecar v0 = BlobSidecar.compute(List.of(blob), BlobSidecar.Version.EIP4844);
        assertThat(v0.proofs()).hasSize(1);
        assertThat(v0.verify()).isSameAs(v0);
        BlobSidecar v1 = v0.as(BlobSidecar.Version.EIP7594);
        assertThat(v1.proofs()).hasSize(Kzg.CELLS_PER_BLOB);
        assertThat(v1.commitments()).isEqualTo(v0.commitments());
        v1.verify();

        Blob other = Blob.fromData("other".getBytes(StandardCharsets.UTF_8));
        BlobSidecar wrong = BlobSidecar.of(BlobSidecar.Version.EIP4844, List.of(other), v0.commitments(), v0.proofs());
        assertThatThrownBy(wrong::verify).isInstanceOf(InvalidBlobException.class).hasMessageContaining("blob 0");
        assertThatThrownBy(() -> BlobSidecar.of(BlobSidecar.Version.EIP7594, List.of(blob), v0.commitments(),
                v0.proofs())).isInstanceOf(InvalidBlobException.class).hasMessageContaining("128 proof(s) per blob");
    }
}
