package sh.brane.client;

import java.math.BigInteger;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

import sh.brane.core.blob.BlobSidecar;
import sh.brane.core.blob.Kzg;
import sh.brane.core.types.Hash;
import sh.brane.rpc.RpcErrorException;
import tools.jackson.databind.JsonNode;

/**
 * What {@link SigningClient} adds to a blob request before it signs: the sidecar (commitments and proofs computed, or
 * a given one verified, so that bad blobs are refused before anything is signed) and the blob fee cap.
 */
final class BlobFilling {

    private BlobFilling() {
    }

    /** The precompile EIP-7951 adds in Osaka, the fork from which nodes take only cell proofs (EIP-7594). */
    static final String OSAKA_PRECOMPILE = "P256VERIFY";

    /**
     * The sidecar to send with {@code request}, or null for a request without blobs. Computing cell proofs takes the
     * better part of a second per blob: it runs here, in the caller's thread, before any nonce is allocated.
     *
     * @param version the form to compute when the request gives no sidecar ({@link #version})
     * @throws sh.brane.core.blob.InvalidBlobException if a given sidecar's proofs do not verify
     */
    static BlobSidecar sidecar(TxRequest request, BlobSidecar.Version version) {
        if (request.sidecar() != null) {
            return request.sidecar().verify();
        }
        if (request.blobs().isEmpty()) {
            return null;
        }
        return BlobSidecar.compute(request.blobs(), version);
    }

    /**
     * The sidecar form for {@code request}'s blobs: the one it asks for; else the form of the node's current fork,
     * read from {@code eth_config} (EIP-7910): cell proofs once the fork has Osaka's {@value #OSAKA_PRECOMPILE}
     * precompile, else one blob proof per blob. A node without {@code eth_config} (an error answer) gets
     * {@link BlobSidecar.Version#EIP4844}: node software from before that method predates Osaka. Null for a request
     * without blobs or with a sidecar of its own.
     */
    static CompletableFuture<BlobSidecar.Version> version(BraneClient client, TxRequest request) {
        if (request.sidecar() != null || request.blobs().isEmpty()) {
            return CompletableFuture.completedFuture(null);
        }
        if (request.sidecarVersion() != null) {
            return CompletableFuture.completedFuture(request.sidecarVersion());
        }
        return client.async("eth_config", List.of(), BlobFilling::versionOf).exceptionallyCompose(failure -> {
            Throwable cause = failure instanceof CompletionException && failure.getCause() != null
                    ? failure.getCause() : failure;
            return cause instanceof RpcErrorException
                    ? CompletableFuture.completedFuture(BlobSidecar.Version.EIP4844)
                    : CompletableFuture.failedFuture(cause);
        });
    }

    /** The form an {@code eth_config} answer's current fork takes. */
    static BlobSidecar.Version versionOf(JsonNode config) {
        JsonNode precompiles = config == null ? null : config.path("current").path("precompiles");
        return precompiles != null && precompiles.has(OSAKA_PRECOMPILE) ? BlobSidecar.Version.EIP7594
                : BlobSidecar.Version.EIP4844;
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
