package sh.brane.signer;

import java.util.concurrent.CompletableFuture;

import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.crypto.Signature;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;

/**
 * Signs with a private key held in this JVM. Signing runs in the caller's thread; the async form returns a
 * completed future. {@link PrivateKey#signHash} verifies every signature before it is returned.
 */
public final class LocalSigner implements Signer {
    private final String name;
    private final PrivateKey key;

    public LocalSigner(String name, PrivateKey key) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a signer needs a name (used in logs and errors), got '" + name + "'");
        }
        if (key == null) {
            throw new IllegalArgumentException("signer '" + name + "' needs a private key, got null");
        }
        this.name = name;
        this.key = key;
    }

    @Override
    public Address address() {
        return key.address();
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Signature signDigest(Hash digest) {
        return key.signHash(digest);
    }

    @Override
    public CompletableFuture<Signature> signDigestAsync(Hash digest) {
        try {
            return CompletableFuture.completedFuture(signDigest(digest));
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /** The key, for code in this JVM that needs it directly (e.g. to sign an EIP-7702 authorization). */
    public PrivateKey key() {
        return key;
    }

    @Override
    public String toString() {
        return "LocalSigner[" + name + ", " + key.address() + "]";
    }
}
