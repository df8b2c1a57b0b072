package sh.brane.client;

import java.math.BigInteger;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import sh.brane.core.blob.BlobSidecar;
import sh.brane.core.blob.Kzg;
import sh.brane.core.types.Hash;

/**
 * What {@link SigningClient} adds to a blob request before it signs: the sidecar (commitments and proofs computed, or
 * a given one verified, so that bad blobs are refused before anything is signed) and the blob fee cap.
 */
final class BlobFilling {

    private BlobFilling() {
    }

    /**
     * The sidecar to send with {@code request}, or null for a request without blobs. Computing cell proofs takes the
     * better part of a second per blob: it runs here, in the caller's thread, before any nonce is allocated.
     *
     * @throws sh.brane.core.blob.InvalidBlobException if a given sidecar's proofs do not verify
     */
    static BlobSidecar sidecar(TxRequest request) {
        if (request.sidecar() != null) {
            return request.sidecar().verify();
        }
        if (request.blobs().isEmpty()) {
            return null;
        }
        BlobSidecar.Version version = request.sidecarVersion() != null ? request.sidecarVersion()
                : BlobSidecar.Version.EIP4844;
        return BlobSidecar.compute(request.blobs(), version);
    }

    /**
     * The versioned hashes of the request's blobs (empty without blobs): those of a given sidecar, else computed from
     * the blobs' commitments alone, without the proofs, so that an idempotent retry is recognised without the cost of
     * proving.
     */
    static List<Hash> versionedHashes(TxRequest request) {
        if (request.sidecar() != null) {
            return request.sidecar().versionedHashes();
        }
        return request.blobs().stream().map(b -> Kzg.commitment(b).versionedHash()).toList();
    }

    /**
     * The request's {@code maxFeePerBlobGas}, or twice the node's {@code eth_blobBaseFee}: the blob base fee moves by
     * at most 12.5% a block, so twice it stays above it for several full blocks.
     */
    static CompletableFuture<BigInteger> maxFeePerBlobGas(BraneClient client, TxRequest request) {
        if (request.maxFeePerBlobGas() != null) {
            return CompletableFuture.completedFuture(request.maxFeePerBlobGas());
        }
        return client.async("eth_blobBaseFee", List.of(), json -> Json.quantity(json, "eth_blobBaseFee")
                .shiftLeft(1).max(BigInteger.ONE));
    }
}
