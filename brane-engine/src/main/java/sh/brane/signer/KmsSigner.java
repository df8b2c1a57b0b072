package sh.brane.signer;

import java.math.BigInteger;
import java.time.Duration;
import java.util.Arrays;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.bouncycastle.asn1.ASN1Integer;
import org.bouncycastle.asn1.ASN1Sequence;
import org.bouncycastle.asn1.x509.SubjectPublicKeyInfo;

import sh.brane.core.crypto.Secp256k1;
import sh.brane.core.crypto.Signature;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.kms.KmsClient;
import software.amazon.awssdk.services.kms.model.GetPublicKeyResponse;
import software.amazon.awssdk.services.kms.model.KeySpec;
import software.amazon.awssdk.services.kms.model.KeyUsageType;
import software.amazon.awssdk.services.kms.model.MessageType;
import software.amazon.awssdk.services.kms.model.SigningAlgorithmSpec;

/**
 * Signs with an {@code ECC_SECG_P256K1} key held in AWS KMS (or a KMS-compatible server): the key never leaves KMS.
 * KMS signs the 32-byte digest as given ({@code MessageType=DIGEST}; with {@code RAW} it would hash the message with
 * SHA-256, where Ethereum signs a Keccak-256 digest) and answers a DER {@code (r, s)}, which becomes an Ethereum
 * signature as the PKCS#11 signer's does ({@link EthereumSignatures}: low s, the recovery id found against the key's
 * public key, so a signature that does not verify never leaves).
 *
 * <p>The public key is read once, when the signer is created ({@code GetPublicKey}), and the key's spec and usage are
 * checked there, so a wrong key fails at start-up, not at the first payment. Calls run on virtual threads and each
 * ends within the signer's timeout. Needs {@code software.amazon.awssdk:kms} on the class path; the caller builds
 * the {@link KmsClient} (region, credentials, endpoint) and closes it.
 */
public final class KmsSigner implements Signer, AutoCloseable {

    private final String name;
    private final KmsClient kms;
    private final String keyId;
    private final Duration timeout;
    private final byte[] publicKey;
    private final Address address;
    private final ExecutorService calls;
    /** Closed with the signer when the signer made it (Spring's configuration), else the caller's. */
    private final boolean ownsClient;

    private KmsSigner(String name, KmsClient kms, String keyId, Duration timeout, byte[] publicKey,
            boolean ownsClient) {
        this.name = name;
        this.ownsClient = ownsClient;
        this.kms = kms;
        this.keyId = keyId;
        this.timeout = timeout;
        this.publicKey = publicKey;
        this.address = Secp256k1.addressOf(publicKey);
        this.calls = Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("brane-kms-" + name + "-", 0).factory());
    }

    /**
     * Reads the key's public key and checks it is an {@code ECC_SECG_P256K1} signing key.
     *
     * @param name    the signer's name for logs, errors and metric tags
     * @param kms     a client for the key's region (and endpoint); not closed by the signer
     * @param keyId   the key's id, ARN or alias ({@code alias/...})
     * @param timeout the longest a signature may take
     * @throws SignerException naming the signer and the key if KMS cannot be reached or the key is not one to sign with
     */
    public static KmsSigner create(String name, KmsClient kms, String keyId, Duration timeout) {
        return create(name, kms, keyId, timeout, false);
    }

    /** As {@link #create(String, KmsClient, String, Duration)}, and {@link #close()} closes {@code kms} too. */
    public static KmsSigner createOwningClient(String name, KmsClient kms, String keyId, Duration timeout) {
        try {
            return create(name, kms, keyId, timeout, true);
        } catch (RuntimeException e) {
            kms.close();
            throw e;
        }
    }

    private static KmsSigner create(String name, KmsClient kms, String keyId, Duration timeout, boolean owns) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(kms, "kms");
        if (keyId == null || keyId.isBlank()) {
            throw new SignerException(name, "no KMS key id: give the key's id, ARN or alias (alias/...)");
        }
        if (timeout == null || timeout.isNegative() || timeout.isZero()) {
            throw new SignerException(name, "the KMS signer's timeout must be positive, got " + timeout);
        }
        GetPublicKeyResponse key;
        try {
            key = kms.getPublicKey(r -> r.keyId(keyId));
        } catch (SdkException e) {
            throw new SignerException(name, "could not read the public key of KMS key " + keyId + ": "
                    + e.getMessage(), e);
        }
        if (key.keySpec() != KeySpec.ECC_SECG_P256_K1) {
            throw new SignerException(name, "KMS key " + keyId + " is a " + key.keySpecAsString()
                    + " key; an Ethereum signer needs an ECC_SECG_P256K1 key (create one with that key spec)");
        }
        if (key.keyUsage() != KeyUsageType.SIGN_VERIFY) {
            throw new SignerException(name, "KMS key " + keyId + " has key usage " + key.keyUsageAsString()
                    + "; an Ethereum signer needs SIGN_VERIFY");
        }
        return new KmsSigner(name, kms, keyId, timeout, uncompressedPoint(name, keyId, key.publicKey().asByteArray()),
                owns);
    }

    /** The 64-byte {@code x || y} of a DER SubjectPublicKeyInfo holding an uncompressed secp256k1 point. */
    private static byte[] uncompressedPoint(String name, String keyId, byte[] der) {
        byte[] point;
        try {
            point = SubjectPublicKeyInfo.getInstance(der).getPublicKeyData().getBytes();
        } catch (RuntimeException e) {
            throw new SignerException(name, "KMS key " + keyId + ": its public key is not a DER SubjectPublicKeyInfo", e);
        }
        if (point.length != 65 || point[0] != 0x04) {
            throw new SignerException(name, "KMS key " + keyId + ": its public key is not an uncompressed point ("
                    + point.length + " bytes)");
        }
        return Arrays.copyOfRange(point, 1, 65);
    }

    @Override
    public Address address() {
        return address;
    }

    @Override
    public String name() {
        return name;
    }

    /** The key's 64-byte uncompressed public key {@code x || y}, as KMS reports it. */
    public byte[] publicKey() {
        return publicKey.clone();
    }

    @Override
    public CompletableFuture<Signature> signDigestAsync(Hash digest) {
        return BoundedSigning.submit(name, "KMS", timeout, calls, digest, this::signNow, () -> "the signer is closed");
    }

    private Signature signNow(byte[] digest) {
        byte[] der;
        try {
            der = kms.sign(r -> r.keyId(keyId).message(SdkBytes.fromByteArray(digest))
                    .messageType(MessageType.DIGEST).signingAlgorithm(SigningAlgorithmSpec.ECDSA_SHA_256))
                    .signature().asByteArray();
        } catch (SdkException e) {
            throw new SignerException(name, "KMS refused or failed to sign with key " + keyId + ": " + e.getMessage(), e);
        }
        BigInteger[] rs = derRs(der);
        return EthereumSignatures.fromRs(name, digest, rs[0], rs[1], publicKey);
    }

    /** The two integers of a DER {@code SEQUENCE { r INTEGER, s INTEGER }}, as KMS returns ECDSA signatures. */
    private BigInteger[] derRs(byte[] der) {
        try {
            ASN1Sequence seq = ASN1Sequence.getInstance(der);
            if (seq.size() != 2) {
                throw new IllegalArgumentException(seq.size() + " elements");
            }
            return new BigInteger[] { ASN1Integer.getInstance(seq.getObjectAt(0)).getPositiveValue(),
                    ASN1Integer.getInstance(seq.getObjectAt(1)).getPositiveValue() };
        } catch (RuntimeException e) {
            throw new SignerException(name, "KMS returned a signature that is not a DER (r, s) sequence", e);
        }
    }

    /** Stops taking signatures; closes the {@link KmsClient} only if the signer was made owning it. */
    @Override
    public void close() {
        if (calls.isShutdown()) {
            return;
        }
        calls.shutdown();
        if (ownsClient) {
            kms.close();
        }
    }

    @Override
    public String toString() {
        return "KmsSigner[" + name + ", " + address + "]";
    }
}
