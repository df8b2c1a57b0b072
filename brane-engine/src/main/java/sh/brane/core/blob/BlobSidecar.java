package sh.brane.core.blob;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import sh.brane.core.types.Hash;

/**
 * The blobs of a blob transaction with their commitments and proofs: what travels beside the transaction on the
 * network (and in {@code eth_sendRawTransaction}) but is not part of the signed transaction or of its hash. Immutable.
 *
 * <p>Two forms exist: {@link Version#EIP4844} carries one blob proof per blob (Cancun and Prague nodes take it),
 * {@link Version#EIP7594} carries {@value Kzg#CELLS_PER_BLOB} cell proofs per blob (Osaka nodes take it).
 */
public final class BlobSidecar {

    /** The sidecar form, by the wrapper version EIP-7594 defines. */
    public enum Version {
        /** EIP-4844: one blob proof per blob, no wrapper version on the wire (Cancun, Prague). */
        EIP4844(0, 1),
        /** EIP-7594: {@value Kzg#CELLS_PER_BLOB} cell proofs per blob, wrapper version 1 on the wire (Osaka). */
        EIP7594(1, Kzg.CELLS_PER_BLOB);

        private final int wrapperVersion;
        private final int proofsPerBlob;

        Version(int wrapperVersion, int proofsPerBlob) {
            this.wrapperVersion = wrapperVersion;
            this.proofsPerBlob = proofsPerBlob;
        }

        /** The wrapper version written in the network form (absent, i.e. 0, for EIP-4844). */
        public int wrapperVersion() {
            return wrapperVersion;
        }

        public int proofsPerBlob() {
            return proofsPerBlob;
        }
    }

    private final Version version;
    private final List<Blob> blobs;
    private final List<KzgCommitment> commitments;
    private final List<KzgProof> proofs;

    private BlobSidecar(Version version, List<Blob> blobs, List<KzgCommitment> commitments, List<KzgProof> proofs) {
        this.version = version;
        this.blobs = blobs;
        this.commitments = commitments;
        this.proofs = proofs;
    }

    /**
     * The sidecar of {@code blobs}, its commitments and proofs computed with {@link Kzg} (the 128 cell proofs per blob
     * of {@link Version#EIP7594} take the better part of a second each).
     *
     * @throws InvalidBlobException if there is no blob
     */
    public static BlobSidecar compute(List<Blob> blobs, Version version) {
        Objects.requireNonNull(version, "version");
        List<Blob> list = checkBlobs(blobs);
        List<KzgCommitment> commitments = new ArrayList<>(list.size());
        List<KzgProof> proofs = new ArrayList<>(list.size() * version.proofsPerBlob());
        for (Blob blob : list) {
            KzgCommitment c = Kzg.commitment(blob);
            commitments.add(c);
            if (version == Version.EIP4844) {
                proofs.add(Kzg.blobProof(blob, c));
            } else {
                proofs.addAll(Kzg.cellProofs(blob));
            }
        }
        return new BlobSidecar(version, list, List.copyOf(commitments), List.copyOf(proofs));
    }

    /**
     * A sidecar from parts computed elsewhere (or decoded): only the counts are checked here; {@link #verify()}
     * checks the proofs.
     *
     * @throws InvalidBlobException if there is no blob, or the counts of commitments and proofs do not match
     */
    public static BlobSidecar of(Version version, List<Blob> blobs, List<KzgCommitment> commitments,
            List<KzgProof> proofs) {
        Objects.requireNonNull(version, "version");
        List<Blob> b = checkBlobs(blobs);
        List<KzgCommitment> c = List.copyOf(Objects.requireNonNull(commitments, "commitments"));
        List<KzgProof> p = List.copyOf(Objects.requireNonNull(proofs, "proofs"));
        if (c.size() != b.size()) {
            throw new InvalidBlobException("a blob sidecar needs one commitment per blob: " + b.size() + " blobs, "
                    + c.size() + " commitments");
        }
        if (p.size() != b.size() * version.proofsPerBlob()) {
            throw new InvalidBlobException("a " + version + " blob sidecar needs " + version.proofsPerBlob()
                    + " proof(s) per blob: " + b.size() + " blobs, " + p.size() + " proofs");
        }
        return new BlobSidecar(version, b, c, p);
    }

    private static List<Blob> checkBlobs(List<Blob> blobs) {
        Objects.requireNonNull(blobs, "blobs");
        if (blobs.isEmpty()) {
            throw new InvalidBlobException("a blob transaction carries at least one blob; none was given");
        }
        for (int i = 0; i < blobs.size(); i++) {
            if (blobs.get(i) == null) {
                throw new InvalidBlobException("blob " + i + " is null");
            }
        }
        return List.copyOf(blobs);
    }

    /**
     * Checks every proof against its blob and commitment with {@link Kzg}.
     *
     * @throws InvalidBlobException naming the first blob whose proof(s) do not verify
     */
    public BlobSidecar verify() {
        int per = version.proofsPerBlob();
        for (int i = 0; i < blobs.size(); i++) {
            boolean ok = version == Version.EIP4844
                    ? Kzg.verifyBlobProof(blobs.get(i), commitments.get(i), proofs.get(i))
                    : Kzg.verifyCellProofs(blobs.get(i), commitments.get(i), proofs.subList(i * per, (i + 1) * per));
            if (!ok) {
                throw new InvalidBlobException("blob " + i + "'s " + (per == 1 ? "proof does" : "cell proofs do")
                        + " not verify against its commitment " + commitments.get(i).toHex() + "; compute the"
                        + " sidecar with BlobSidecar.compute(..)");
            }
        }
        return this;
    }

    /** The same blobs and commitments with the proofs of the other form, computed anew. */
    public BlobSidecar as(Version other) {
        return other == version ? this : compute(blobs, other);
    }

    public Version version() {
        return version;
    }

    public List<Blob> blobs() {
        return blobs;
    }

    public List<KzgCommitment> commitments() {
        return commitments;
    }

    /** One blob proof per blob ({@link Version#EIP4844}), or 128 cell proofs per blob in blob order. */
    public List<KzgProof> proofs() {
        return proofs;
    }

    /** The versioned hashes of the commitments, in blob order: what the transaction signs. */
    public List<Hash> versionedHashes() {
        List<Hash> out = new ArrayList<>(commitments.size());
        for (KzgCommitment c : commitments) {
            out.add(c.versionedHash());
        }
        return List.copyOf(out);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BlobSidecar s && version == s.version && blobs.equals(s.blobs)
                && commitments.equals(s.commitments) && proofs.equals(s.proofs);
    }

    @Override
    public int hashCode() {
        return Objects.hash(version, commitments, proofs);
    }

    @Override
    public String toString() {
        return "BlobSidecar[" + version + ", " + blobs.size() + " blob(s), commitments=" + commitments + "]";
    }
}
