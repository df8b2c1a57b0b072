package sh.brane.spring.boot.autoconfigure;

import java.util.concurrent.CompletableFuture;

import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.crypto.Signature;
import sh.brane.core.tx.SignedTransaction;
import sh.brane.core.tx.Transaction;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.signer.LocalSigner;
import sh.brane.signer.Signer;

/**
 * A named signer's local key, loaded by the starter from {@code brane.signers.<name>.*}: zeroed when the context
 * closes, as the shorthand's {@code PrivateKey} bean is.
 */
final class KeyOwningSigner implements Signer, AutoCloseable {

    private final LocalSigner signer;

    private final PrivateKey key;

    KeyOwningSigner(String name, PrivateKey key) {
        this.signer = new LocalSigner(name, key);
        this.key = key;
    }

    @Override
    public Address address() {
        return this.signer.address();
    }

    @Override
    public String name() {
        return this.signer.name();
    }

    @Override
    public CompletableFuture<Signature> signDigestAsync(Hash digest) {
        return this.signer.signDigestAsync(digest);
    }

    @Override
    public Signature signDigest(Hash digest) {
        return this.signer.signDigest(digest);
    }

    @Override
    public SignedTransaction signTransaction(Transaction transaction) {
        return this.signer.signTransaction(transaction);
    }

    @Override
    public void close() {
        this.key.destroy();
    }

    @Override
    public String toString() {
        return this.signer.toString();
    }
}
