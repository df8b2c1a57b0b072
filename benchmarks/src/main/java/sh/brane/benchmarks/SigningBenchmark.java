package sh.brane.benchmarks;

import java.math.BigInteger;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.web3j.crypto.Credentials;
import org.web3j.crypto.RawTransaction;
import org.web3j.crypto.Sign;
import org.web3j.crypto.TransactionEncoder;

import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.crypto.Secp256k1;
import sh.brane.core.crypto.Signature;
import sh.brane.core.tx.Eip1559Transaction;
import sh.brane.core.tx.LegacyTransaction;
import sh.brane.primitives.Keccak256;

/**
 * secp256k1 signing and recovery, Brane against web3j (both RFC 6979 deterministic, so the outputs must be
 * byte-identical, which {@link #setUp()} checks).
 *
 * <ul>
 *   <li>{@code signHash}: sign a 32-byte hash ({@code Sign.signMessage(hash, keyPair, false)}).
 *       {@code braneSignHashUnchecked} is the same signature without the post-signing check (an ECDSA
 *       verification against the key on comb tables, docs/security.md), reached through the package-private {@code Secp256k1.signUnchecked}: the pair shows what
 *       the check costs. {@code braneSignHashRecoveryChecked} checks by public-key recovery instead (the
 *       check before it was made cheap). Applications cannot skip the check.</li>
 *   <li>{@code signLegacy}, {@code signEip1559}, {@code signLargePayload}: from a transaction object to the raw
 *       signed bytes (encode, hash, sign, envelope); 100 bytes of call data, 10 KiB for the large payload
 *       (EIP-1559). web3j: {@code TransactionEncoder.signMessage}.</li>
 *   <li>{@code recover}: the public key from a hash and a signature ({@code Sign.signedMessageHashToKey}).</li>
 * </ul>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class SigningBenchmark {

    private PrivateKey key;
    private Credentials credentials;
    private byte[] hash;
    private LegacyTransaction legacy;
    private Eip1559Transaction eip1559;
    private Eip1559Transaction large;
    private RawTransaction w3Legacy;
    private RawTransaction w3Eip1559;
    private RawTransaction w3Large;
    private Signature signature;
    private Sign.SignatureData w3Signature;
    private byte[] secret;
    private static final java.lang.invoke.MethodHandle SIGN_UNCHECKED = signUnchecked();
    private static final java.lang.invoke.MethodHandle SIGN_RECOVERY_CHECKED = signRecoveryChecked();
    private byte[] publicKey;

    /** The engine's package-private signing path with the former post-signing check (a public-key recovery). */
    private static java.lang.invoke.MethodHandle signRecoveryChecked() {
        try {
            java.lang.reflect.Method m = Secp256k1.class.getDeclaredMethod("sign", byte[].class, byte[].class,
                    byte[].class, sh.brane.core.types.Address.class);
            m.setAccessible(true);
            return java.lang.invoke.MethodHandles.lookup().unreflect(m);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("Secp256k1.sign(byte[], byte[], byte[], Address) not found", e);
        }
    }

    /** The engine's package-private signing path without the post-signing check; for this benchmark only. */
    private static java.lang.invoke.MethodHandle signUnchecked() {
        try {
            java.lang.reflect.Method m = Secp256k1.class.getDeclaredMethod("signUnchecked", byte[].class, byte[].class);
            m.setAccessible(true);
            return java.lang.invoke.MethodHandles.lookup().unreflect(m);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("Secp256k1.signUnchecked(byte[], byte[]) not found", e);
        }
    }

    @Setup
    public void setUp() {
        key = PrivateKey.fromHex(Fixtures.DEV_KEY);
        credentials = Credentials.create(Fixtures.DEV_KEY);
        hash = Keccak256.hash(Fixtures.data(64));
        byte[] data = Fixtures.data(100);
        byte[] largeData = Fixtures.data(10 * 1024);
        legacy = Fixtures.legacy(data);
        eip1559 = Fixtures.eip1559(data);
        large = Fixtures.eip1559(largeData);
        w3Legacy = Fixtures.w3Legacy(data);
        w3Eip1559 = Fixtures.w3Eip1559(data);
        w3Large = Fixtures.w3Eip1559(largeData);
        signature = key.signHash(hash);
        w3Signature = RlpTxEncodeBenchmark.w3(signature);
        secret = key.toBytes();
        publicKey = key.publicKey();

        Twins.same("sign hash", braneSignHash().toBytes65(), bytes65(web3jSignHash()));
        Twins.same("sign hash unchecked", braneSignHashUnchecked().toBytes65(), bytes65(web3jSignHash()));
        Twins.same("sign hash recovery-checked", braneSignHashRecoveryChecked().toBytes65(), bytes65(web3jSignHash()));
        Twins.same("sign legacy", braneSignLegacy(), web3jSignLegacy());
        Twins.same("sign 1559", braneSignEip1559(), web3jSignEip1559());
        Twins.same("sign large", braneSignLargePayload(), web3jSignLargePayload());
        Twins.same("recover", new BigInteger(1, braneRecover()), web3jRecover());
    }

    private static byte[] bytes65(Sign.SignatureData s) {
        byte[] out = new byte[65];
        System.arraycopy(s.getR(), 0, out, 0, 32);
        System.arraycopy(s.getS(), 0, out, 32, 32);
        out[64] = s.getV()[0]; // 27 + recovery id, as in Brane's toBytes65
        return out;
    }

    @Benchmark
    public Signature braneSignHash() {
        return key.signHash(hash);
    }

    @Benchmark
    public Signature braneSignHashUnchecked() {
        try {
            return (Signature) SIGN_UNCHECKED.invokeExact(hash, secret);
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /** The same signature with the check by public-key recovery (the check before issue 11's follow-up). */
    @Benchmark
    public Signature braneSignHashRecoveryChecked() {
        try {
            return (Signature) SIGN_RECOVERY_CHECKED.invokeExact(hash, secret, publicKey, key.address());
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    @Benchmark
    public Sign.SignatureData web3jSignHash() {
        return Sign.signMessage(hash, credentials.getEcKeyPair(), false);
    }

    @Benchmark
    public byte[] braneSignLegacy() {
        return legacy.sign(key).rawBytes();
    }

    @Benchmark
    public byte[] web3jSignLegacy() {
        return TransactionEncoder.signMessage(w3Legacy, Fixtures.CHAIN_ID, credentials);
    }

    @Benchmark
    public byte[] braneSignEip1559() {
        return eip1559.sign(key).rawBytes();
    }

    @Benchmark
    public byte[] web3jSignEip1559() {
        return TransactionEncoder.signMessage(w3Eip1559, credentials);
    }

    @Benchmark
    public byte[] braneSignLargePayload() {
        return large.sign(key).rawBytes();
    }

    @Benchmark
    public byte[] web3jSignLargePayload() {
        return TransactionEncoder.signMessage(w3Large, credentials);
    }

    @Benchmark
    public byte[] braneRecover() {
        return Secp256k1.recoverPublicKey(hash, signature);
    }

    @Benchmark
    public BigInteger web3jRecover() {
        try {
            return Sign.signedMessageHashToKey(hash, w3Signature);
        } catch (java.security.SignatureException e) {
            throw new IllegalStateException(e);
        }
    }
}
