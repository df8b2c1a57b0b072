package sh.brane.core.tx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

import sh.brane.core.blob.Blob;
import sh.brane.core.blob.BlobSidecar;
import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.primitives.Keccak256;
import sh.brane.primitives.Rlp;
import sh.brane.primitives.RlpItem;
import sh.brane.primitives.RlpList;

/** The network form of blob transactions (EIP-4844 and EIP-7594), checked item by item with the generic RLP decoder. */
class BlobNetworkFormTest {
    private static final PrivateKey KEY = RandomTransactions.keys(4844, 1)[0];
    private static final List<Blob> BLOBS = List.of(Blob.fromData("first".getBytes(StandardCharsets.UTF_8)),
            Blob.fromData("second".getBytes(StandardCharsets.UTF_8)));

    private static Eip4844Transaction tx(BlobSidecar sidecar) {
        return Eip4844Transaction.builder().chainId(1).nonce(7).to(Address.fromBytes(new byte[20])).value(1)
                .gasLimit(21_000).maxFeePerGas(BigInteger.TEN.pow(10)).maxPriorityFeePerGas(BigInteger.TEN.pow(9))
                .maxFeePerBlobGas(BigInteger.TEN.pow(9)).sidecar(sidecar).build();
    }

    @ParameterizedTest
    @EnumSource(BlobSidecar.Version.class)
    void networkFormWrapsTheCanonicalFormAndHashesIt(BlobSidecar.Version version) {
        BlobSidecar sidecar = BlobSidecar.compute(BLOBS, version);
        Eip4844Transaction tx = tx(sidecar);
        assertThat(tx.blobVersionedHashes()).isEqualTo(sidecar.versionedHashes());
        SignedTransaction signed = tx.sign(KEY);
        SignedTransaction bare = tx.withoutSidecar().sign(KEY);

        byte[] canonical = signed.canonicalBytes();
        assertThat(canonical).isEqualTo(bare.rawBytes());
        assertThat(signed.hash()).isEqualTo(Hash.wrap(Keccak256.hash(canonical))).isEqualTo(bare.hash());

        byte[] raw = signed.rawBytes();
        assertThat(raw[0]).isEqualTo((byte) 3);
        RlpList outer = Rlp.decode(raw, 1, raw.length - 1).asRlpList();
        int at = version == BlobSidecar.Version.EIP4844 ? 1 : 2;
        assertThat(outer.size()).isEqualTo(3 + at);
        assertThat(Rlp.sizeOf(outer.get(0))).isEqualTo(canonical.length - 1);
        if (version == BlobSidecar.Version.EIP7594) {
            assertThat(outer.get(1).asBytes()).containsExactly(1);
        }
        List<RlpItem> blobs = outer.get(at).asRlpList().asList();
        assertThat(blobs).hasSize(2);
        assertThat(blobs.get(1).asBytes()).isEqualTo(BLOBS.get(1).toBytes());
        assertThat(outer.get(at + 1).asRlpList().size()).isEqualTo(2);
        assertThat(outer.get(at + 2).asRlpList().size()).isEqualTo(2 * version.proofsPerBlob());

        SignedTransaction decoded = SignedTransaction.decode(raw);
        assertThat(decoded.hash()).isEqualTo(signed.hash());
        assertThat(decoded.rawBytes()).isEqualTo(raw);
        assertThat(decoded.canonicalBytes()).isEqualTo(canonical);
        assertThat(decoded.sender()).isEqualTo(KEY.address());
        Eip4844Transaction back = (Eip4844Transaction) decoded.transaction();
        assertThat(back.sidecar()).contains(sidecar);
        assertThat(back).isEqualTo(tx);
        back.sidecar().orElseThrow().verify();
        // the canonical form still decodes alone, without a sidecar
        assertThat(((Eip4844Transaction) SignedTransaction.decode(canonical).transaction()).sidecar()).isEmpty();
    }

    @Test
    void sidecarWhoseHashesAreNotTheTransactionsIsRefused() {
        BlobSidecar sidecar = BlobSidecar.compute(BLOBS.subList(0, 1), BlobSidecar.Version.EIP4844);
        BlobSidecar other = BlobSidecar.compute(BLOBS.subList(1, 2), BlobSidecar.Version.EIP4844);
        Eip4844Transaction tx = tx(sidecar);
        assertThatThrownBy(() -> tx.withSidecar(other)).isInstanceOf(InvalidTransactionException.class)
                .hasMessageContaining("not the versioned hashes");

        // a network form whose sidecar belongs to another transaction
        byte[] forged = BlobNetworkForm.encode(tx.withoutSidecar().sign(KEY).rawBytes(), other);
        assertThatThrownBy(() -> SignedTransaction.decode(forged)).isInstanceOf(TransactionDecodingException.class)
                .hasMessageContaining("network form");
    }

    @Test
    void aBlobOfTheWrongSizeInTheNetworkFormIsNamed() {
        BlobSidecar sidecar = BlobSidecar.compute(BLOBS.subList(0, 1), BlobSidecar.Version.EIP4844);
        byte[] canonical = tx(sidecar).withoutSidecar().sign(KEY).rawBytes();
        RlpList body = Rlp.decode(canonical, 1, canonical.length - 1).asRlpList();
        byte[] shortBlob = new byte[100];
        RlpList outer = RlpList.of(body, RlpList.of(sh.brane.primitives.RlpString.of(shortBlob)),
                RlpList.of(sh.brane.primitives.RlpString.of(sidecar.commitments().get(0).toBytes())),
                RlpList.of(sh.brane.primitives.RlpString.of(sidecar.proofs().get(0).toBytes())));
        byte[] raw = new byte[1 + Rlp.sizeOf(outer)];
        raw[0] = 3;
        new sh.brane.primitives.RlpWriter(raw, 1).writeItem(outer);
        assertThatThrownBy(() -> SignedTransaction.decode(raw)).isInstanceOf(TransactionDecodingException.class)
                .hasMessageContaining("blobs[0]").hasMessageContaining("131072");
    }
}
