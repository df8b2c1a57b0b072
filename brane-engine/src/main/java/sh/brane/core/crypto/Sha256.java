package sh.brane.core.crypto;

import org.bouncycastle.crypto.digests.SHA256Digest;

/** One-shot SHA-256, as BIP-32 (key fingerprints, Base58Check) and BIP-39 (mnemonic checksums) use it. */
final class Sha256 {

    private Sha256() {
    }

    static byte[] hash(byte[] input) {
        SHA256Digest digest = new SHA256Digest();
        digest.update(input, 0, input.length);
        byte[] out = new byte[32];
        digest.doFinal(out, 0);
        return out;
    }
}
