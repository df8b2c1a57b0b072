package sh.brane.core.blob;

import java.util.ArrayList;
import java.util.List;

import ethereum.ckzg4844.CKZG4844JNI;
import ethereum.ckzg4844.CKZGException;

/**
 * KZG commitments and proofs of blobs, computed by c-kzg-4844 through its Java binding
 * ({@code io.consensys.protocols:jc-kzg-4844}, an optional dependency of the engine: add it to send blobs) with the
 * mainnet trusted setup of the KZG ceremony, the file c-kzg-4844 ships ({@code trusted_setup.txt}, loaded from this
 * library's classpath once, at the first call). Thread-safe: the setup is read-only once loaded.
 *
 * <p>Blob proofs (one per blob) are what Cancun and Prague nodes take; cell proofs (128 per blob, EIP-7594) are what
 * Osaka nodes take. Computing the 128 cell proofs of one blob takes the better part of a second of CPU.
 */
public final class Kzg {
    /** Cells in an extended blob, and so cell proofs per blob (EIP-7594). */
    public static final int CELLS_PER_BLOB = 128;
    static final String TRUSTED_SETUP = "/sh/brane/core/blob/trusted_setup.txt";
    private static final boolean AVAILABLE = present();

    private Kzg() {
    }

    /** The commitment to {@code blob}. */
    public static KzgCommitment commitment(Blob blob) {
        ready();
        try {
            return KzgCommitment.wrap(CKZG4844JNI.blobToKzgCommitment(blob.bytes()));
        } catch (CKZGException e) {
            throw failure("blob commitment", e);
        }
    }

    /** The EIP-4844 blob proof of {@code blob} against its {@code commitment} (Cancun, Prague). */
    public static KzgProof blobProof(Blob blob, KzgCommitment commitment) {
        ready();
        try {
            return KzgProof.wrap(CKZG4844JNI.computeBlobKzgProof(blob.bytes(), commitment.bytes()));
        } catch (CKZGException e) {
            throw failure("blob proof", e);
        }
    }

    /** The {@value #CELLS_PER_BLOB} EIP-7594 cell proofs of {@code blob}, in cell order (Osaka). */
    public static List<KzgProof> cellProofs(Blob blob) {
        ready();
        byte[] all;
        try {
            all = CKZG4844JNI.computeCellsAndKzgProofs(blob.bytes()).getProofs();
        } catch (CKZGException e) {
            throw failure("cell proofs", e);
        }
        List<KzgProof> out = new ArrayList<>(CELLS_PER_BLOB);
        for (int i = 0; i < CELLS_PER_BLOB; i++) {
            byte[] p = new byte[KzgProof.BYTES];
            System.arraycopy(all, i * KzgProof.BYTES, p, 0, KzgProof.BYTES);
            out.add(KzgProof.wrap(p));
        }
        return out;
    }

    /** True when {@code proof} is the blob proof of {@code blob} under {@code commitment}. */
    public static boolean verifyBlobProof(Blob blob, KzgCommitment commitment, KzgProof proof) {
        ready();
        try {
            return CKZG4844JNI.verifyBlobKzgProof(blob.bytes(), commitment.bytes(), proof.bytes());
        } catch (CKZGException e) {
            return false;
        }
    }

    /** True when {@code proofs} are the {@value #CELLS_PER_BLOB} cell proofs of {@code blob} under {@code commitment}. */
    public static boolean verifyCellProofs(Blob blob, KzgCommitment commitment, List<KzgProof> proofs) {
        if (proofs.size() != CELLS_PER_BLOB) {
            return false;
        }
        ready();
        try {
            byte[] cells = CKZG4844JNI.computeCells(blob.bytes());
            byte[] commitments = new byte[CELLS_PER_BLOB * KzgCommitment.BYTES];
            byte[] proofBytes = new byte[CELLS_PER_BLOB * KzgProof.BYTES];
            long[] indices = new long[CELLS_PER_BLOB];
            for (int i = 0; i < CELLS_PER_BLOB; i++) {
                System.arraycopy(commitment.bytes(), 0, commitments, i * KzgCommitment.BYTES, KzgCommitment.BYTES);
                System.arraycopy(proofs.get(i).bytes(), 0, proofBytes, i * KzgProof.BYTES, KzgProof.BYTES);
                indices[i] = i;
            }
            return CKZG4844JNI.verifyCellKzgProofBatch(commitments, indices, cells, proofBytes);
        } catch (CKZGException e) {
            return false;
        }
    }

    /** The point check beneath the blob proofs: {@code p(z) == y} for the polynomial committed to (for the vectors). */
    static boolean verifyPointProof(byte[] commitment, byte[] z, byte[] y, byte[] proof) {
        ready();
        return CKZG4844JNI.verifyKzgProof(commitment, z, y, proof);
    }

    /** The batch check of cells against their commitments (for the vectors, which hold single cells). */
    static boolean verifyCellBatch(byte[] commitments, long[] cellIndices, byte[] cells, byte[] proofs) {
        ready();
        return CKZG4844JNI.verifyCellKzgProofBatch(commitments, cellIndices, cells, proofs);
    }

    private static InvalidBlobException failure(String what, CKZGException e) {
        return new InvalidBlobException("c-kzg-4844 refused to compute the " + what + ": " + e.getError() + " ("
                + e.getErrorMessage() + ")", e);
    }

    private static void ready() {
        if (!AVAILABLE) {
            throw new IllegalStateException("KZG commitments need c-kzg-4844's Java binding on the classpath: add the"
                    + " dependency io.consensys.protocols:jc-kzg-4844:2.1.1 (an optional dependency of brane-engine)");
        }
        Setup.ready();
    }

    /** Loads the native library and the trusted setup once, at the first use (class initialisation is atomic). */
    private static final class Setup {
        static {
            try {
                CKZG4844JNI.loadNativeLibrary();
                CKZG4844JNI.loadTrustedSetupFromResource(TRUSTED_SETUP, Kzg.class, 0);
            } catch (CKZGException e) {
                // another library in this JVM (a consensus client, say) loaded the same mainnet setup first
                if (!String.valueOf(e.getErrorMessage()).contains("already loaded")) {
                    throw e;
                }
            }
        }

        static void ready() {
            // touching the class runs the static block once
        }
    }

    /** Whether the binding is on the classpath: blobs can be committed to only then. */
    public static boolean isAvailable() {
        return AVAILABLE;
    }

    private static boolean present() {
        try {
            Class.forName("ethereum.ckzg4844.CKZG4844JNI", false, Kzg.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }
}
