package sh.brane.core.tx;

import java.util.ArrayList;
import java.util.List;

import sh.brane.core.blob.Blob;
import sh.brane.core.blob.BlobSidecar;
import sh.brane.core.blob.InvalidBlobException;
import sh.brane.core.blob.KzgCommitment;
import sh.brane.core.blob.KzgProof;
import sh.brane.primitives.Rlp;
import sh.brane.primitives.RlpItem;
import sh.brane.primitives.RlpList;
import sh.brane.primitives.RlpWriter;

/**
 * The network form of a blob transaction, what {@code eth_sendRawTransaction} and the peer-to-peer pool carry:
 * {@code 0x03 || rlp([tx_payload_body, blobs, commitments, proofs])} (EIP-4844), or
 * {@code 0x03 || rlp([tx_payload_body, 1, blobs, commitments, cell_proofs])} (EIP-7594, wrapper version 1). The
 * transaction's hash stays the hash of {@code 0x03 || tx_payload_body}, its canonical form.
 */
final class BlobNetworkForm {
    private static final int TYPE = TransactionType.EIP4844.typeByte();

    private BlobNetworkForm() {
    }

    /** The network form of {@code canonical} ({@code 0x03 || rlp(body)}) with {@code sidecar}. */
    static byte[] encode(byte[] canonical, BlobSidecar sidecar) {
        int bodyLength = canonical.length - 1;
        int blobsPayload = sidecar.blobs().size() * sizeOfString(Blob.BYTES);
        int commitmentsPayload = sidecar.commitments().size() * sizeOfString(KzgCommitment.BYTES);
        int proofsPayload = sidecar.proofs().size() * sizeOfString(KzgProof.BYTES);
        boolean versioned = sidecar.version().wrapperVersion() != 0;
        long payload = (long) bodyLength + (versioned ? Rlp.sizeOfLong(sidecar.version().wrapperVersion()) : 0)
                + Rlp.sizeOfList(blobsPayload) + Rlp.sizeOfList(commitmentsPayload) + Rlp.sizeOfList(proofsPayload);
        if (payload > Integer.MAX_VALUE - 16) {
            throw new InvalidBlobException("a blob transaction of " + payload + " bytes does not fit a Java array");
        }
        byte[] out = new byte[1 + Rlp.sizeOfList((int) payload)];
        out[0] = (byte) TYPE;
        RlpWriter w = new RlpWriter(out, 1).writeListHeader((int) payload);
        w.writeEncoded(canonical, 1, bodyLength);
        if (versioned) {
            w.writeLong(sidecar.version().wrapperVersion());
        }
        w.writeListHeader(blobsPayload);
        for (Blob b : sidecar.blobs()) {
            w.writeBytes(b.toBytes());
        }
        w.writeListHeader(commitmentsPayload);
        for (KzgCommitment c : sidecar.commitments()) {
            w.writeBytes(c.toBytes());
        }
        w.writeListHeader(proofsPayload);
        for (KzgProof p : sidecar.proofs()) {
            w.writeBytes(p.toBytes());
        }
        if (w.position() != out.length) {
            throw new IllegalStateException("network form encoder wrote " + w.position() + " bytes into " + out.length);
        }
        return out;
    }

    private static int sizeOfString(int length) {
        return headerOf(length) + length;
    }

    private static int headerOf(int length) {
        if (length <= 55) {
            return 1;
        }
        return 1 + (32 - Integer.numberOfLeadingZeros(length) + 7) / 8;
    }

    /** True when the outer list of a type-3 transaction is the network form: a list of 4 or 5 with a list first. */
    static boolean isNetworkForm(RlpList outer) {
        return (outer.size() == 4 || outer.size() == 5) && outer.get(0).isList();
    }

    /** The canonical form {@code 0x03 || rlp(body)} of the network form's first item. */
    static byte[] canonical(RlpList outer) {
        RlpItem body = outer.get(0);
        byte[] out = new byte[1 + Rlp.sizeOf(body)];
        out[0] = (byte) TYPE;
        new RlpWriter(out, 1).writeItem(body);
        return out;
    }

    /** The sidecar of the network form; every error names the part and the index. */
    static BlobSidecar sidecar(RlpList outer) {
        BlobSidecar.Version version;
        int at;
        if (outer.size() == 4) {
            version = BlobSidecar.Version.EIP4844;
            at = 1;
        } else {
            RlpItem v = outer.get(1);
            if (v.isList() || v.asRlpString().length() != 1
                    || v.asBytes()[0] != BlobSidecar.Version.EIP7594.wrapperVersion()) {
                throw new TransactionDecodingException("EIP-4844 network form with 5 items has wrapper version "
                        + v.describe() + "; the only one defined is 1 (EIP-7594, cell proofs)");
            }
            version = BlobSidecar.Version.EIP7594;
            at = 2;
        }
        RlpList blobItems = list(outer.get(at), "blobs");
        List<Blob> blobs = new ArrayList<>(blobItems.size());
        for (int i = 0; i < blobItems.size(); i++) {
            try {
                blobs.add(Blob.of(string(blobItems.get(i), "blobs[" + i + "]")));
            } catch (InvalidBlobException e) {
                throw new TransactionDecodingException("EIP-4844 network form blobs[" + i + "]: " + e.getMessage(), e);
            }
        }
        RlpList commitmentItems = list(outer.get(at + 1), "commitments");
        List<KzgCommitment> commitments = new ArrayList<>(commitmentItems.size());
        for (int i = 0; i < commitmentItems.size(); i++) {
            commitments.add(KzgCommitment.of(point(commitmentItems.get(i), "commitments[" + i + "]")));
        }
        RlpList proofItems = list(outer.get(at + 2), "proofs");
        List<KzgProof> proofs = new ArrayList<>(proofItems.size());
        for (int i = 0; i < proofItems.size(); i++) {
            proofs.add(KzgProof.of(point(proofItems.get(i), "proofs[" + i + "]")));
        }
        try {
            return BlobSidecar.of(version, blobs, commitments, proofs);
        } catch (InvalidBlobException e) {
            throw new TransactionDecodingException("EIP-4844 network form: " + e.getMessage(), e);
        }
    }

    private static RlpList list(RlpItem item, String what) {
        if (!item.isList()) {
            throw new TransactionDecodingException("EIP-4844 network form " + what + " must be an RLP list, found "
                    + item.describe());
        }
        return item.asRlpList();
    }

    private static byte[] string(RlpItem item, String what) {
        if (item.isList()) {
            throw new TransactionDecodingException("EIP-4844 network form " + what + " must be an RLP string, found "
                    + item.describe());
        }
        return item.asBytes();
    }

    private static byte[] point(RlpItem item, String what) {
        byte[] b = string(item, what);
        if (b.length != KzgCommitment.BYTES) {
            throw new TransactionDecodingException("EIP-4844 network form " + what + " must be 48 bytes, found "
                    + b.length);
        }
        return b;
    }
}
