package sh.brane.core.crypto;

import java.math.BigInteger;
import org.web3j.crypto.ECKeyPair;
import org.web3j.crypto.Sign;
import sh.brane.primitives.Keccak256;

/** Local timing loop, not a test (run by hand). */
public class SignTiming {
    public static void main(String[] a) throws Exception {
        PrivateKey key = PrivateKey.fromHex("ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80");
        ECKeyPair kp = ECKeyPair.create(new BigInteger(1, key.toBytes()));
        byte[][] hashes = new byte[1000][];
        for (int i = 0; i < hashes.length; i++) hashes[i] = Keccak256.hash(new byte[]{(byte) i, (byte) (i >> 8)});
        Signature[] sigs = new Signature[1000];
        Sign.SignatureData[] w = new Sign.SignatureData[1000];
        for (int round = 0; round < 15; round++) {
            long t0 = System.nanoTime();
            for (int i = 0; i < 1000; i++) sigs[i] = key.signHash(hashes[i]);
            long t1 = System.nanoTime();
            for (int i = 0; i < 1000; i++) w[i] = Sign.signMessage(hashes[i], kp, false);
            long t2 = System.nanoTime();
            for (int i = 0; i < 1000; i++) Secp256k1.recoverAddress(hashes[i], sigs[i]);
            long t3 = System.nanoTime();
            for (int i = 0; i < 1000; i++) Sign.signedMessageHashToKey(hashes[i], w[i]);
            long t4 = System.nanoTime();
            System.out.printf("sign ours %.1f us, web3j %.1f us (x%.2f); recover ours %.1f us, web3j %.1f us (x%.2f)%n",
                    (t1 - t0) / 1e6, (t2 - t1) / 1e6, (double) (t2 - t1) / (t1 - t0), (t3 - t2) / 1e6, (t4 - t3) / 1e6, (double) (t4 - t3) / (t3 - t2));
        }
    }
}
