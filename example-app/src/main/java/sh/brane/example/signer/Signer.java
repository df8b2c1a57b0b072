package sh.brane.example.signer;

import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.types.Address;

/** The account that signs the service's transfers. Its key never leaves this object, nor its toString. */
public final class Signer {

    private final PrivateKey key;
    private final Address address;

    public Signer(PrivateKey key) {
        this.key = key;
        this.address = key.address();
    }

    public Address address() {
        return address;
    }

    PrivateKey key() {
        return key;
    }

    /** Signs with the held key; the package boundary keeps the key itself out of reach of the rest of the app. */
    public sh.brane.core.tx.SignedTransaction sign(sh.brane.core.tx.Transaction transaction) {
        return transaction.sign(key);
    }

    @Override
    public String toString() {
        return "Signer[" + address.toChecksumString() + "]";
    }
}
